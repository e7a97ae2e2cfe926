/**
 * Shared by the report bench's parts (report.bench.ts): starting the built server and a bare
 * Fastify baseline as real processes, seeding a database, load and latency probes, and the report's
 * line. Needs `pnpm build` first (it runs apps/api/dist/server.js).
 */
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrateToLatest, openDatabase, type DatabaseOptions } from '../src/db/database.js';
import { createUserWithToken } from '../src/test/auth-helpers.js';

export const RUNS = 3;
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
export const here = path.dirname(fileURLToPath(import.meta.url));
export const serverEntry = path.resolve(here, '../dist/server.js');
export const loadScript = path.join(here, 'load.mjs');
export const fastifyPath = JSON.stringify(fileURLToPath(import.meta.resolve('fastify')));

export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
export const rssOf = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let nextPort = 19_000 + Math.floor(Math.random() * 500);

export async function startProcess(args: string[], env: Record<string, string>) {
  const port = (nextPort += 1);
  const child = spawn(process.execPath, args, {
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      THROTTLE_API: '0',
      APP_URL: `http://localhost:${port}`,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // A server that dies during a measurement says why (its last words on stderr).
  let lastWords = '';
  let stopping = false;
  child.stderr.on('data', (chunk: Buffer) => (lastWords = (lastWords + chunk.toString()).slice(-4000)));
  child.once('exit', (code, signal) => {
    if (!stopping)
      console.error(`${args.join(' ')} exited (${code ?? signal}) during the bench:\n${lastWords}`);
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/up`)).ok) break;
    } catch {
      // not listening yet
    }
    await sleep(20);
  }
  const stop = async () => {
    stopping = true;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  return { url: `http://127.0.0.1:${port}`, pid: child.pid ?? 0, stop };
}

/** An answer a bare route sends as it is: its headers (those Node does not set itself) and body. */
export interface Replay {
  readonly headers: Record<string, string>;
  readonly body: string;
}

/** Twofold's answer to a GET, as a bare route would replay it: the same header and body bytes. */
export async function recordAnswer(url: string, token: string): Promise<Replay> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const body = await response.text();
  const skipped = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!skipped.has(name)) headers[name] = value;
  });
  return { headers, body };
}

/**
 * A bare Fastify process: /up, a small JSON route, the given JSON bodies served from memory, and
 * the given recorded answers replayed with their headers (the floor that Twofold's bytes set).
 */
export function bareServer(
  dir: string,
  bodies: Record<string, string>,
  replays: Record<string, Replay> = {},
): string {
  const file = path.join(dir, `bare-${Object.keys(bodies).length}-${Object.keys(replays).length}.cjs`);
  const files = Object.fromEntries(
    Object.entries(bodies).map(([route, body], index) => {
      const bodyFile = path.join(dir, `body-${index}.json`);
      writeFileSync(bodyFile, body);
      return [route, bodyFile];
    }),
  );
  writeFileSync(
    file,
    `const fs = require('fs');
const app = require(${fastifyPath})();
app.get('/up', async () => ({ status: 'up' }));
app.get('/otp', async () => ({ password: '123456', otp_type: 'totp', generated_at: 1700000000, period: 30, next_password: '654321' }));
for (const [route, file] of Object.entries(${JSON.stringify(files)})) {
  const body = fs.readFileSync(file);
  app.get(route, (request, reply) => { reply.type('application/json; charset=utf-8').send(body); });
}
for (const [route, replay] of Object.entries(${JSON.stringify(replays)})) {
  app.get(route, (request, reply) => { reply.headers(replay.headers).send(replay.body); });
}
app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
// An orderly exit, so that a CPU profile (--cpu-prof) is written.
process.once('SIGTERM', () => app.close().then(() => process.exit(0)));
`,
  );
  return file;
}

export async function seed(options: DatabaseOptions, accounts: number): Promise<string> {
  const database = await openDatabase(options);
  await migrateToLatest(database.db);
  const token = await createUserWithToken(database.db, new Date());
  const now = new Date();
  for (let start = 0; start < accounts; start += 1000) {
    await database.db
      .insertInto('twofaccounts')
      .values(
        Array.from({ length: Math.min(1000, accounts - start) }, (_, k) => ({
          group_id: null,
          otp_type: 'totp',
          service: `Service ${start + k}`,
          account: `user${start + k}@example.com`,
          secret: `JBSWY3DPEHPK3PXP${String(start + k)
            .padStart(8, 'A')
            .replace(/[0189]/g, 'B')}`.slice(0, 32),
          digits: 6,
          algorithm: 'sha1',
          period: 30,
          counter: null,
          icon: null,
          uri: null,
          position: start + k + 1,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  }
  await database.close();
  return token;
}

export function load(url: string, token = ''): { rps: number; non2xx: number } {
  const output = execFileSync(process.execPath, [loadScript, url, String(SECONDS), '10', token], {
    encoding: 'utf8',
  });
  return JSON.parse(output) as { rps: number; non2xx: number };
}

export async function p50(url: string, token: string, times = 15): Promise<number> {
  const spent: number[] = [];
  // Uncompressed on both sides: the comparison is of producing the JSON, not of brotli.
  const get = () =>
    fetch(url, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' } });
  for (let i = 0; i < times; i += 1) {
    let started = performance.now();
    let response: Response;
    try {
      response = await get();
    } catch {
      // A kept-alive socket the server closed after its idle timeout while a load ran elsewhere:
      // asked again on a new one, and timed from there.
      started = performance.now();
      response = await get();
    }
    await response.arrayBuffer();
    spent.push(performance.now() - started);
  }
  return median(spent);
}

/** The V8 flags of the start command (package.json's `start`, the same as the Dockerfile's). */
export const startFlags = (
  JSON.parse(readFileSync(path.resolve(here, '../package.json'), 'utf8')) as { scripts: { start: string } }
).scripts.start
  .split(' ')
  .filter((word) => word.startsWith('--'));

export const line = (label: string, value: string, baseline: string, verdict = '') =>
  console.log(`${label.padEnd(44)} ${value.padStart(12)}   ${baseline.padStart(12)}   ${verdict}`);
