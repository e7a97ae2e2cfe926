// The floor of Twofold's start and memory on embedded data (start.bench.ts, memory.bench.ts): a bare
// Fastify that opens the same PGlite data folder, with the same Postgres settings (PGLITE_SETTINGS,
// JSON), before it listens, and answers /up with a query. What Twofold adds on top of it is its own.
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';

const pglite = await PGlite.create({
  dataDir: process.env.PGLITE_DATA_DIR,
  postgresqlconf: JSON.parse(process.env.PGLITE_SETTINGS ?? '[]'),
});
const app = Fastify();
app.get('/up', async () => {
  await pglite.query('select 1');
  return { status: 'up' };
});
const close = async () => {
  await app.close();
  await pglite.close();
  process.exit(0);
};
process.once('SIGTERM', () => void close());
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
