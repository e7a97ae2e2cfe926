/**
 * `pnpm --filter @twofold/api bench` (last part): the figures of the performance report that need
 * the real process, each beside its baseline measured in the same run, three runs, medians.
 * - idle RSS after start and after a first visit, on PostgreSQL (a throwaway cluster), 1,000 accounts;
 * - the OTP route's requests per second against a bare Fastify route, the load generator
 *   (autocannon) running in a separate process;
 * - lists of 1,000 and 10,000 accounts (plain and `withOtp`), p50, against the same JSON served
 *   from memory by a bare Fastify process;
 * - a 1,000-row import: the preview of a 1,000-line otpauth file, then the 1,000 accounts stored.
 * - the OTP route with the code log on and off, under the start command's V8 flags, Node's
 *   defaults and a 4 MB semi-space (`BENCH_ONLY=flags` runs this part alone; `BENCH_ONLY=routes`
 *   the lists and the OTP route).
 * Needs `pnpm build` first (it runs apps/api/dist/server.js).
 */
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findPostgresBinaries, startPostgresCluster } from '../src/test/postgres-cluster.js';
import {
  RUNS,
  serverEntry,
  median,
  rssOf,
  sleep,
  startProcess,
  bareServer,
  recordAnswer,
  seed,
  load,
  p50,
  line,
  startFlags,
} from './report-processes.js';

async function postgresMemory(work: string) {
  const binaries = findPostgresBinaries();
  if (!binaries) {
    console.log('RSS on PostgreSQL: not measured (no PostgreSQL binaries on this machine)');
    return;
  }
  const cluster = await startPostgresCluster(binaries);
  try {
    const url = cluster.adminUrl;
    const token = await seed({ driver: 'postgres', url }, 1000);
    const bare = bareServer(work, {});
    const idle: number[] = [];
    const visited: number[] = [];
    const bareIdle: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const twofold = await startProcess([serverEntry], {
        DATA_DIR: path.join(work, 'pg-data'),
        DATABASE_URL: url,
      });
      await sleep(3000);
      idle.push(rssOf(twofold.pid));
      for (const route of [
        '/',
        '/accounts',
        '/api/v1/twofaccounts',
        '/api/v1/twofaccounts?withOtp=1',
        '/api/v1/groups',
      ]) {
        await (
          await fetch(`${twofold.url}${route}`, { headers: { authorization: `Bearer ${token}` } })
        ).arrayBuffer();
      }
      await sleep(3000);
      visited.push(rssOf(twofold.pid));
      await twofold.stop();
      const baseline = await startProcess([bare], {});
      await sleep(1000);
      bareIdle.push(rssOf(baseline.pid));
      await baseline.stop();
    }
    line(
      'RSS idle after start, PostgreSQL',
      `${median(idle).toFixed(0)} MB`,
      `${median(bareIdle).toFixed(0)} MB`,
      median(idle) <= 120 ? 'target <= 120 MB: met' : 'target <= 120 MB: MISSED',
    );
    line(
      'RSS after a first visit (3 s idle), PostgreSQL',
      `${median(visited).toFixed(0)} MB`,
      `${median(bareIdle).toFixed(0)} MB`,
    );
  } finally {
    cluster.stop();
  }
}

async function pgliteRoutes(work: string) {
  for (const accounts of [1000, 10_000]) {
    const dataDir = path.join(work, `pglite-${accounts}`);
    const token = await seed({ driver: 'pglite', dataDir: path.join(dataDir, 'db') }, accounts);
    const twofold = await startProcess([serverEntry], { DATA_DIR: dataDir });
    const get = async (route: string) =>
      (await fetch(`${twofold.url}${route}`, { headers: { authorization: `Bearer ${token}` } })).text();
    const plain = await get('/api/v1/twofaccounts');
    const withOtp = await get('/api/v1/twofaccounts?withOtp=1');
    const bare = await startProcess([bareServer(work, { '/list': plain, '/list-otp': withOtp })], {});
    const ours = { plain: [] as number[], otp: [] as number[] };
    const base = { plain: [] as number[], otp: [] as number[] };
    for (let run = 0; run < RUNS; run += 1) {
      ours.plain.push(await p50(`${twofold.url}/api/v1/twofaccounts`, token));
      base.plain.push(await p50(`${bare.url}/list`, ''));
      ours.otp.push(await p50(`${twofold.url}/api/v1/twofaccounts?withOtp=1`, token));
      base.otp.push(await p50(`${bare.url}/list-otp`, ''));
    }
    for (const kind of ['plain', 'otp'] as const) {
      const ratio = median(ours[kind]) / median(base[kind]);
      const verdict =
        accounts === 10_000 && kind === 'plain' ? `target <= 3x: ${ratio <= 3 ? 'met' : 'MISSED'}` : '';
      line(
        `list of ${accounts}${kind === 'otp' ? ' withOtp' : ''}, p50 (${ratio.toFixed(1)}x)`,
        `${median(ours[kind]).toFixed(1)} ms`,
        `${median(base[kind]).toFixed(1)} ms`,
        verdict,
      );
    }
    if (accounts === 1000) {
      const id = (JSON.parse(plain) as { id: number }[])[0]?.id ?? 1;
      const otpUrl = `${twofold.url}/api/v1/twofaccounts/${id}/otp`;
      // The floor Twofold's own bytes set: a bare route sending its answer's headers and body.
      const same = await startProcess(
        [bareServer(work, {}, { '/otp-same': await recordAnswer(otpUrl, token) })],
        {},
      );
      const otp: number[] = [];
      const bareOtp: number[] = [];
      const sameOtp: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        otp.push(load(otpUrl, token).rps);
        bareOtp.push(load(`${bare.url}/otp`).rps);
        sameOtp.push(load(`${same.url}/otp-same`).rps);
      }
      await same.stop();
      const ratio = median(otp) / median(bareOtp);
      const sameRatio = median(otp) / median(sameOtp);
      line(
        `OTP route, req/s, vs bare defaults (${ratio.toFixed(2)}x)`,
        median(otp).toFixed(0),
        median(bareOtp).toFixed(0),
        `target >= 0.5x: ${ratio >= 0.5 ? 'met' : 'MISSED'}`,
      );
      line(
        `OTP route, req/s, vs bare same bytes (${sameRatio.toFixed(2)}x)`,
        median(otp).toFixed(0),
        median(sameOtp).toFixed(0),
        `target >= 0.8x: ${sameRatio >= 0.8 ? 'met' : 'MISSED'}`,
      );
      console.log(
        `  runs: Twofold ${otp.map((v) => v.toFixed(0)).join('/')}, bare ${bareOtp.map((v) => v.toFixed(0)).join('/')}, same bytes ${sameOtp.map((v) => v.toFixed(0)).join('/')}`,
      );
    }
    await bare.stop();
    await twofold.stop();
  }
}

async function importRows(work: string) {
  const dataDir = path.join(work, 'pglite-import');
  const token = await seed({ driver: 'pglite', dataDir: path.join(dataDir, 'db') }, 0);
  const twofold = await startProcess([serverEntry], { DATA_DIR: dataDir });
  const headers = {
    authorization: `Bearer ${token}`,
    'content-type': 'application/json',
    accept: 'application/json',
  };
  const lines = Array.from(
    { length: 1000 },
    (_, i) =>
      `otpauth://totp/Imported%20${i}:user${i}%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Imported%20${i}`,
  ).join('\n');
  const previews: number[] = [];
  const stores: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    let started = performance.now();
    const rows = (await (
      await fetch(`${twofold.url}/api/v1/twofaccounts/migration?withSecret=1`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ payload: lines, withSecret: true }),
      })
    ).json()) as Record<string, unknown>[];
    previews.push(performance.now() - started);
    started = performance.now();
    for (let i = 0; i < rows.length; i += 10) {
      await Promise.all(
        rows.slice(i, i + 10).map(async ({ id: _id, group: _group, ...row }) => {
          const response = await fetch(`${twofold.url}/api/v1/twofaccounts`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ ...row, service: `${String(row.service)} run ${run}` }),
          });
          if (response.status !== 201) throw new Error(`store failed: ${response.status}`);
        }),
      );
    }
    stores.push(performance.now() - started);
  }
  line('1,000-row import: preview (otpauth file)', `${median(previews).toFixed(0)} ms`, '');
  line('1,000-row import: 1,000 accounts stored', `${median(stores).toFixed(0)} ms`, '');
  await twofold.stop();
}

/**
 * The OTP route with the code log on and off, and the list's p50, under the start command's V8
 * flags, under Node's defaults, and with a larger young generation: what the log costs, and whether
 * a 1 MB semi-space costs throughput. Copies of one database, each served by its own process, all
 * running at once and measured in turn within each run, so that no variant gains from the
 * machine's quiet moments.
 */
async function otpUnderFlags(work: string) {
  const seeded = path.join(work, 'pglite-flags');
  const token = await seed({ driver: 'pglite', dataDir: path.join(seeded, 'db') }, 1000);
  const variants: [string, string[]][] = [
    [`start flags (${startFlags.join(' ')})`, startFlags],
    ['Node defaults', []],
    [
      '--max-semi-space-size=4 --max-old-space-size=192',
      ['--max-semi-space-size=4', '--max-old-space-size=192'],
    ],
  ];
  const servers = [];
  for (const [index, [label, flags]] of variants.entries()) {
    const started = { on: '', off: '' };
    const stops = [];
    for (const log of ['on', 'off'] as const) {
      const dataDir = path.join(work, `pglite-flags-${index}-${log}`);
      cpSync(seeded, dataDir, { recursive: true });
      const server = await startProcess([...flags, serverEntry], {
        DATA_DIR: dataDir,
        OTP_LOG: log === 'on' ? 'true' : 'false',
      });
      started[log] = server.url;
      stops.push(server.stop);
      load(`${server.url}/api/v1/twofaccounts/1/otp`, token); // warm-up
    }
    servers.push({
      label,
      url: started,
      stops,
      rps: { on: [] as number[], off: [] as number[] },
      list: { on: [] as number[], off: [] as number[] },
    });
  }
  for (let run = 0; run < RUNS; run += 1) {
    for (const server of servers) {
      for (const log of ['on', 'off'] as const) {
        server.rps[log].push(load(`${server.url[log]}/api/v1/twofaccounts/1/otp`, token).rps);
        server.list[log].push(await p50(`${server.url[log]}/api/v1/twofaccounts?withOtp=1`, token));
      }
    }
  }
  const reference = median(servers[0]!.rps.off);
  for (const server of servers) {
    for (const stop of server.stops) await stop();
    const ratio = median(server.rps.on) / median(server.rps.off);
    console.log(
      `${server.label}: OTP route (log off) at ${(median(server.rps.off) / reference).toFixed(2)}x the start flags' req/s`,
    );
    line(
      `  OTP route, req/s, code log on / off (${ratio.toFixed(2)}x)`,
      median(server.rps.on).toFixed(0),
      median(server.rps.off).toFixed(0),
      `target >= 0.9x: ${ratio >= 0.9 ? 'met' : 'MISSED'}`,
    );
    line(
      '  list of 1000 withOtp, p50, log on / off',
      `${median(server.list.on).toFixed(1)} ms`,
      `${median(server.list.off).toFixed(1)} ms`,
    );
  }
}

if (!existsSync(serverEntry)) throw new Error('Build first: pnpm --filter @twofold/api build');
const work = mkdtempSync(path.join(tmpdir(), 'twofold-report-bench-'));
try {
  console.log(
    `\n=== report: Twofold beside its baseline (${RUNS} runs, medians; load average ${(await import('node:os')).loadavg()[0]?.toFixed(1)}) ===`,
  );
  line('figure', 'Twofold', 'baseline');
  // BENCH_ONLY=flags runs the V8-flags and code-log part alone; BENCH_ONLY=routes the lists and
  // the OTP route against bare Fastify.
  const only = process.env.BENCH_ONLY;
  if (only === undefined || only === 'routes') await pgliteRoutes(work);
  if (only === undefined) {
    await importRows(work);
    await postgresMemory(work);
  }
  if (only === undefined || only === 'flags') await otpUnderFlags(work);
} finally {
  rmSync(work, { recursive: true, force: true });
}
