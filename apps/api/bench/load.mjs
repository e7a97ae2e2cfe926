// The load generator of report.bench.ts, in its own process (so it does not share the measured
// server's CPU time slices inside one event loop): autocannon against one URL, its result as JSON.
import autocannon from 'autocannon';

const [url, seconds, connections, token] = process.argv.slice(2);
const result = await autocannon({
  url,
  duration: Number(seconds),
  connections: Number(connections),
  headers: token ? { authorization: `Bearer ${token}` } : {},
});
process.stdout.write(
  JSON.stringify({ rps: result.requests.average, non2xx: result.non2xx, errors: result.errors }),
);
