/**
 * `pnpm --filter @twofold/api bench`: the API against bare Fastify, on this machine.
 *  1. requests/s of `GET /api/v1/twofaccounts/{id}/otp` (Bearer token, database, settings, TOTP)
 *     vs a bare Fastify route answering a JSON body of the same size (target ratio >= 0.6);
 *  2. latency of listing 1,000 accounts (and with `withOtp`) vs the same JSON served from memory
 *     (target <= 3x, judged on the medians; the means are printed too);
 *  3. the list with `withExtras` on 1,000 accounts with tags and favourites vs the list without
 *     extras, same run (target <= 1.2x). `BENCH_ONLY=extras` runs this part alone.
 * Runs on the embedded PostgreSQL (PGlite, in memory), then on PostgreSQL: BENCH_DATABASE_URL (its
 * tables are emptied!) or a throwaway cluster when PostgreSQL binaries are installed. Only loopback
 * traffic; every run is bounded in time.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import pino from 'pino';
import { buildApp } from '../src/app.js';
import { systemClock } from '../src/clock.js';
import { loadConfig } from '../src/config/config.js';
import { migrateToLatest, openDatabase, type Database } from '../src/db/database.js';
import { tableNames } from '../src/db/schema.js';
import { createUserWithToken } from '../src/test/auth-helpers.js';
import { findPostgresBinaries, startPostgresCluster } from '../src/test/postgres-cluster.js';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SEQUENTIAL = Number(process.env.BENCH_REQUESTS ?? 200);
const ACCOUNTS = 1000;

interface Latency {
  mean: number;
  p50: number;
  p99: number;
}

/** Latency of sequential requests (one at a time), measured around each fetch; `beforeEach` runs unmeasured. */
async function latency(
  url: string,
  headers: Record<string, string>,
  beforeEach?: () => void,
): Promise<Latency> {
  for (let i = 0; i < 20; i += 1) await (await fetch(url, { headers })).arrayBuffer();
  const times: number[] = [];
  for (let i = 0; i < SEQUENTIAL; i += 1) {
    beforeEach?.();
    const start = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return { mean: times.reduce((a, b) => a + b, 0) / times.length, p50: at(0.5), p99: at(0.99) };
}

async function throughput(url: string, headers: Record<string, string>) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return result;
}

const ms = (value: number) => `${value.toFixed(2)} ms`.padStart(9);

async function benchmark(database: Database, label: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'twofold-bench-'));
  await migrateToLatest(database.db);
  await sql.raw(`TRUNCATE ${tableNames.join(', ')} RESTART IDENTITY CASCADE`).execute(database.db);
  const keys = { current: randomBytes(32), previous: [] };
  const build = (env: Record<string, string> = {}) =>
    buildApp({
      config: loadConfig(
        {
          DATA_DIR: dataDir,
          LOG_LEVEL: 'silent',
          THROTTLE_API: '0',
          THROTTLE_WEB: '0',
          APP_URL: 'http://127.0.0.1:8000',
          ...env,
        },
        { version: 'bench' },
      ),
      db: database.db,
      dbDriver: database.driver,
      keys,
      clock: systemClock,
      mailer: { send: () => Promise.resolve() },
      logger: pino({ level: 'silent' }),
      webRoot: null,
    });
  const app = await build();
  const token = await createUserWithToken(database.db, new Date());
  const headers = { authorization: `Bearer ${token}` };
  const now = new Date();
  await database.db
    .insertInto('settings')
    .values({ key: 'getOfficialIcons', value: 'false', created_at: now, updated_at: now })
    .execute();
  // 1,000 accounts (one in ten HOTP), inserted in one statement: the seeding is not measured.
  await database.db
    .insertInto('twofaccounts')
    .values(
      Array.from({ length: ACCOUNTS }, (_, i) => ({
        group_id: null,
        otp_type: i % 10 === 9 ? 'hotp' : 'totp',
        service: `Service ${i}`,
        account: `user${i}@example.com`,
        secret: randomBytes(20)
          .toString('hex')
          .slice(0, 32)
          .toUpperCase()
          .replace(/[0189]/g, 'A'),
        digits: 6,
        algorithm: 'sha1',
        period: i % 10 === 9 ? null : 30,
        counter: i % 10 === 9 ? 0 : null,
        icon: null,
        uri: null,
        position: i + 1,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();

  // The seeding wrote straight into the database: nothing is cached yet, but say so explicitly.
  app.deps.caches.clear();
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const otpUrl = `${address}/api/v1/twofaccounts/1/otp`;
  const listUrl = `${address}/api/v1/twofaccounts`;
  const listOtpUrl = `${address}/api/v1/twofaccounts?withOtp=1`;
  const body = async (url: string) => (await fetch(url, { headers })).text();
  const otpBody = await body(otpUrl);
  const listBody = await body(listUrl);
  const listOtpBody = await body(listOtpUrl);

  // The baseline: bare Fastify, same bodies, no database, no authentication.
  const bare = Fastify({ logger: false });
  const otpObject = JSON.parse(otpBody) as Record<string, unknown>;
  bare.get('/otp', async () => otpObject);
  bare.get('/list', async (_request, reply) => reply.type('application/json; charset=utf-8').send(listBody));
  bare.get('/list-otp', async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(listOtpBody),
  );
  const bareAddress = await bare.listen({ host: '127.0.0.1', port: 0 });

  console.log(`\n=== ${label} ===`);
  // BENCH_ONLY=extras: only the list with extras (section 3).
  if (process.env.BENCH_ONLY !== 'extras') {
    await throughput(otpUrl, headers); // warm-up
    const otpApi = await throughput(otpUrl, headers);
    const otpBare = await throughput(`${bareAddress}/otp`, {});
    const ratio = otpApi.requests.average / otpBare.requests.average;
    console.log(
      `GET /api/v1/twofaccounts/{id}/otp, ${otpBody.length} bytes (autocannon, ${CONNECTIONS} connections, ${DURATION} s)`,
    );
    console.log(
      `  API (Bearer)  ${otpApi.requests.average.toFixed(0).padStart(7)} req/s   p50 ${otpApi.latency.p50} ms   p99 ${otpApi.latency.p99} ms`,
    );
    console.log(
      `  bare Fastify  ${otpBare.requests.average.toFixed(0).padStart(7)} req/s   p50 ${otpBare.latency.p50} ms   p99 ${otpBare.latency.p99} ms`,
    );
    console.log(`  ratio         ${ratio.toFixed(3)}   (target >= 0.6: ${ratio >= 0.6 ? 'met' : 'NOT met'})`);

    // The same route with the code log off (OTP_LOG=false): what logging each code costs. Both apps
    // are measured twice, alternately, after both warmed up, so neither gains from running second.
    const unlogged = await build({ OTP_LOG: 'false' });
    const unloggedAddress = await unlogged.listen({ host: '127.0.0.1', port: 0 });
    const unloggedUrl = `${unloggedAddress}/api/v1/twofaccounts/1/otp`;
    await throughput(unloggedUrl, headers); // warm-up
    const on: number[] = [];
    const off: number[] = [];
    for (let round = 0; round < 2; round += 1) {
      on.push((await throughput(otpUrl, headers)).requests.average);
      off.push((await throughput(unloggedUrl, headers)).requests.average);
    }
    await unlogged.close();
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    const logCost = mean(on) / mean(off);
    console.log(`  code log on   ${mean(on).toFixed(0).padStart(7)} req/s   (two alternating runs)`);
    console.log(`  code log off  ${mean(off).toFixed(0).padStart(7)} req/s   (OTP_LOG=false)`);
    console.log(
      `  on / off      ${logCost.toFixed(3)}   (target >= 0.9: ${logCost >= 0.9 ? 'met' : 'NOT met'})`,
    );

    for (const [name, apiUrl, bareUrl, size] of [
      ['GET /api/v1/twofaccounts', listUrl, `${bareAddress}/list`, listBody.length],
      ['GET /api/v1/twofaccounts?withOtp=1', listOtpUrl, `${bareAddress}/list-otp`, listOtpBody.length],
    ] as const) {
      const api = await latency(apiUrl, headers);
      const memory = await latency(bareUrl, {});
      // The median is the verdict: on a shared machine a few stalls move the mean of either side.
      const factor = api.p50 / memory.p50;
      console.log(`${name}, ${ACCOUNTS} accounts, ${size} bytes (${SEQUENTIAL} sequential requests)`);
      console.log(`  API (Bearer)  mean ${ms(api.mean)}   p50 ${ms(api.p50)}   p99 ${ms(api.p99)}`);
      console.log(`  from memory   mean ${ms(memory.mean)}   p50 ${ms(memory.p50)}   p99 ${ms(memory.p99)}`);
      console.log(
        `  factor        ${factor.toFixed(2)}x at p50, ${(api.mean / memory.mean).toFixed(2)}x on means   (target <= 3x: ${factor <= 3 ? 'met' : 'NOT met'})`,
      );
    }
  }

  await listWithExtras(database, app, address, headers);

  await bare.close();
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}

/**
 * The list as the web app asks for it (`withExtras`: tags, favourites, note, recovery counts) on
 * 1,000 accounts with tags and favourites, against the list without extras measured in the same
 * run (target <= 1.2x at p50): warm (the cached answer) and after a write (every request follows
 * an invalidation of the accounts, so each one reads and decrypts the accounts again).
 */
async function listWithExtras(
  database: Database,
  app: Awaited<ReturnType<typeof buildApp>>,
  address: string,
  headers: Record<string, string>,
) {
  // 12 tags, each account with 0 to 3 of them; one in ten a favourite; one in five with a note and
  // recovery codes.
  const tags = await database.db
    .insertInto('tags')
    .values(Array.from({ length: 12 }, (_, i) => ({ name: `Tag ${i}` })))
    .returning('id')
    .execute();
  const ids = Array.from({ length: ACCOUNTS }, (_, i) => i + 1);
  await database.db
    .insertInto('account_tags')
    .values(
      ids.flatMap((id) =>
        Array.from({ length: id % 4 }, (_, k) => ({
          account_id: id,
          tag_id: tags[(id + k * 5) % tags.length]!.id,
        })),
      ),
    )
    .execute();
  await database.db
    .updateTable('twofaccounts')
    .set({ favorite: true, favorite_order: sql<number>`id` })
    .where(sql<boolean>`id % 10 = 0`)
    .execute();
  const noted = ids.filter((id) => id % 5 === 0);
  await database.db
    .insertInto('account_notes')
    .values(noted.map((id) => ({ account_id: id, note: `note ${id}` })))
    .execute();
  await database.db
    .insertInto('recovery_codes')
    .values(
      noted.flatMap((id) =>
        Array.from({ length: 8 }, (_, position) => ({
          account_id: id,
          code: `code-${id}-${position}`,
          position,
          used_at: position === 0 ? new Date() : null,
        })),
      ),
    )
    .execute();
  app.deps.caches.clear();

  const plainUrl = `${address}/api/v1/twofaccounts`;
  const extrasUrl = `${address}/api/v1/twofaccounts?withExtras=1`;
  const size = (await (await fetch(extrasUrl, { headers })).text()).length;
  const cold = (url: string) => latency(url, headers, () => app.deps.caches.invalidate('accounts'));
  for (const [state, measure] of [
    ['warm', (url: string) => latency(url, headers)],
    ['after a write', cold],
  ] as const) {
    const plain = await measure(plainUrl);
    const extras = await measure(extrasUrl);
    const factor = extras.p50 / plain.p50;
    console.log(
      `GET /api/v1/twofaccounts?withExtras=1, ${ACCOUNTS} accounts with tags and favourites, ${size} bytes, ${state}`,
    );
    console.log(`  withExtras    mean ${ms(extras.mean)}   p50 ${ms(extras.p50)}   p99 ${ms(extras.p99)}`);
    console.log(`  without       mean ${ms(plain.mean)}   p50 ${ms(plain.p50)}   p99 ${ms(plain.p99)}`);
    console.log(
      `  factor        ${factor.toFixed(2)}x at p50   (target <= 1.2x: ${factor <= 1.2 ? 'met' : 'NOT met'})`,
    );
  }
}

async function main() {
  console.log(
    `Twofold API benchmark — ${new Date().toISOString()}, Node ${process.version}, ${process.platform}/${process.arch}`,
  );
  const pglite = await openDatabase({ driver: 'pglite' });
  try {
    await benchmark(pglite, 'embedded PostgreSQL (PGlite, in memory)');
  } finally {
    await pglite.close();
  }

  let url = process.env.BENCH_DATABASE_URL;
  let stop: (() => void) | undefined;
  if (!url) {
    const binDir = findPostgresBinaries();
    if (!binDir) {
      console.log('\n(PostgreSQL leg skipped: no BENCH_DATABASE_URL and no PostgreSQL binaries found)');
      return;
    }
    const cluster = await startPostgresCluster(binDir);
    stop = () => cluster.stop();
    const admin = new pg.Client({ connectionString: cluster.adminUrl });
    await admin.connect();
    await admin.query('CREATE DATABASE twofold_bench');
    await admin.end();
    const target = new URL(cluster.adminUrl);
    target.pathname = '/twofold_bench';
    url = target.toString();
  }
  const postgres = await openDatabase({ driver: 'postgres', url });
  try {
    await benchmark(postgres, 'PostgreSQL');
  } finally {
    await postgres.close();
    stop?.();
  }
}

await main();
