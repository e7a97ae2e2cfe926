/**
 * `pnpm --filter @twofold/api bench` (memory): the built server on PGlite, on disk, its memory
 * after heavy use, each start command beside the others in the same run:
 * - idle after start on an empty database;
 * - right after, and 5 s after, creating 1,000 accounts 8 at a time (POST, as the web app's import);
 * - the plateau of a bounded mixed load (SOAK_SECONDS, 50 connections: lists, lists `withOtp`,
 *   codes, an edit), the highest RSS of the load's second half;
 * - idle after a restart on the data left.
 * Each point also shows where the memory is (`memory-probe.mjs`, preloaded: V8 heap, external,
 * PGlite's WebAssembly memory). Loopback only; every phase is bounded in time.
 * Needs `pnpm build` first (it runs apps/api/dist/server.js).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrateToLatest, openDatabase } from '../src/db/database.js';
import { createUserWithToken } from '../src/test/auth-helpers.js';

/** The start command's V8 flags and environment (the Dockerfile's CMD and ENV; `pnpm start`). */
const START_FLAGS = ['--max-semi-space-size=1', '--max-old-space-size=192'];
const START_ENV = { MALLOC_ARENA_MAX: '2' };
const SOAK_MS = Number(process.env.SOAK_SECONDS ?? 30) * 1000;
const CONNECTIONS = 50;
const here = path.dirname(fileURLToPath(import.meta.url));
const serverEntry = path.resolve(here, '../dist/server.js');
const probe = path.join(here, 'memory-probe.mjs');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let nextPort = 20_000 + Math.floor(Math.random() * 500);

interface Probe {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  wasm: number;
  spaces: Record<string, number>;
}

async function start(dataDir: string, flags: string[], env: Record<string, string>) {
  const port = (nextPort += 1);
  const probeFile = path.join(dataDir, `probe-${port}.json`);
  const child = spawn(process.execPath, [...flags, '--import', probe, serverEntry], {
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      THROTTLE_API: '0',
      THROTTLE_WEB: '0',
      DATA_DIR: dataDir,
      APP_URL: `http://localhost:${port}`,
      MEMORY_PROBE_FILE: probeFile,
      ...env,
    },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/up`)).ok) break;
    } catch {
      // not listening yet
    }
    await sleep(20);
  }
  const measure = async (): Promise<Probe> => {
    rmSync(probeFile, { force: true });
    child.kill('SIGUSR2');
    for (let i = 0; i < 200 && !existsSync(probeFile); i += 1) await sleep(10);
    await sleep(20);
    return JSON.parse(readFileSync(probeFile, 'utf8')) as Probe;
  };
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  return { url, measure, stop };
}

const show = (label: string, point: Probe) =>
  console.log(
    `  ${label.padEnd(34)} RSS ${point.rss.toFixed(0).padStart(4)} MB   heap ${point.heapUsed.toFixed(0).padStart(3)}/${point.heapTotal.toFixed(0).padStart(3)} MB (new ${point.spaces.new_space ?? 0}, old ${point.spaces.old_space ?? 0}, code ${point.spaces.code_space ?? 0})   external ${point.external.toFixed(0)} MB   WASM ${point.wasm.toFixed(0)} MB`,
  );

async function burst(url: string, token: string): Promise<void> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  for (let i = 0; i < 1000; i += 8) {
    await Promise.all(
      Array.from({ length: Math.min(8, 1000 - i) }, async (_, k) => {
        const response = await fetch(`${url}/api/v1/twofaccounts`, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            service: `Burst ${i + k}`,
            account: `user${i + k}@example.com`,
            otp_type: 'totp',
            secret: 'JBSWY3DPEHPK3PXP',
          }),
        });
        if (response.status !== 201) throw new Error(`create answered ${response.status}`);
        await response.arrayBuffer();
      }),
    );
  }
}

/** Mixed load for SOAK_MS: 50 loops of lists (compressed, as browsers ask), codes and an edit. */
async function soak(url: string, token: string, measure: () => Promise<Probe>): Promise<number> {
  const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' };
  const routes = [
    '/api/v1/twofaccounts',
    '/api/v1/twofaccounts?withOtp=1',
    '/api/v1/twofaccounts/1/otp',
    '/api/v1/twofaccounts/2/otp',
    '/api/v1/groups',
  ];
  const until = Date.now() + SOAK_MS;
  const loops = Array.from({ length: CONNECTIONS }, async (_, n) => {
    for (let i = n; Date.now() < until; i += 1) {
      const edit = i % 97 === 0;
      const response = await fetch(`${url}${edit ? '/api/v1/twofaccounts/3' : routes[i % routes.length]}`, {
        method: edit ? 'PUT' : 'GET',
        headers: edit ? { ...headers, 'content-type': 'application/json' } : headers,
        ...(edit
          ? {
              body: JSON.stringify({
                service: `Edited ${i}`,
                account: 'edited',
                otp_type: 'totp',
                secret: 'JBSWY3DPEHPK3PXP',
                digits: 6,
                algorithm: 'sha1',
                period: 30,
              }),
            }
          : {}),
      });
      await response.arrayBuffer();
    }
  });
  const samples: number[] = [];
  const sampler = (async () => {
    while (Date.now() < until) {
      await sleep(1000);
      samples.push((await measure()).rss);
    }
  })();
  await Promise.all([...loops, sampler]);
  return Math.max(...samples.slice(Math.floor(samples.length / 2)));
}

async function run(label: string, flags: string[], env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'twofold-memory-bench-'));
  let server: Awaited<ReturnType<typeof start>> | undefined;
  try {
    const database = await openDatabase({ driver: 'pglite', dataDir: path.join(dataDir, 'db') });
    await migrateToLatest(database.db);
    const token = await createUserWithToken(database.db, new Date());
    await database.close();
    console.log(
      `\n${label}: ${Object.entries(env)
        .map(([k, v]) => `${k}=${v} `)
        .join('')}node ${flags.join(' ')}`,
    );
    server = await start(dataDir, flags, env);
    await sleep(2000);
    show('idle, empty database', await server.measure());
    const started = performance.now();
    await burst(server.url, token);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    show(`right after 1,000 created (${seconds} s)`, await server.measure());
    await sleep(5000);
    show('5 s after the burst', await server.measure());
    const plateau = await soak(server.url, token, server.measure);
    show('after the mixed load', await server.measure());
    console.log(`  ${`RSS plateau, ${SOAK_MS / 1000} s mixed load`.padEnd(34)} ${plateau.toFixed(0)} MB`);
    await server.stop();
    server = undefined;
    server = await start(dataDir, flags, env);
    await sleep(3000);
    show('idle after a restart', await server.measure());
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
  }
}

if (!existsSync(serverEntry)) throw new Error('Build first: pnpm --filter @twofold/api build');
console.log(
  `=== memory after heavy use (PGlite on disk; load average ${(await import('node:os')).loadavg()[0]?.toFixed(1)}) ===`,
);
const variants: [string, string[], Record<string, string>?][] = JSON.parse(
  process.env.BENCH_VARIANTS ?? 'null',
) ?? [
  ['baseline, no V8 flags', []],
  ['the start command (Dockerfile)', START_FLAGS, START_ENV],
];
for (const [label, flags, env] of variants) await run(label, flags, env);
