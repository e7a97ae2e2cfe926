/**
 * `pnpm --filter @twofold/api bench` (memory): the built server on PGlite, on disk, started as the
 * README's start command starts it, measured as a user meets it:
 * - idle after start on an empty database;
 * - after creating 1,000 accounts 8 at a time (POST, as the web app's import) and then reading the
 *   list compressed (`accept-encoding: br, gzip`, as a browser) and one web asset: target 250 MB;
 * - the plateau of a 30-s mixed load (50 connections: lists, lists `withOtp`, codes, an edit);
 * - idle after a restart on the 1,000 accounts: target 200 MB;
 * - a long mixed soak (SOAK_SECONDS, 5 minutes by default; 50 connections on ~600 accounts: 60 %
 *   codes, lists with and without extras, creates, updates, trash and restore), its plateau (the
 *   highest RSS of its last 80 %) and its end: target 300 MB.
 * Each figure beside the same run's floor: a bare Fastify that opens the same PGlite data
 * (`pglite-floor.mjs`). Each point also shows where the memory is (`memory-probe.mjs`, preloaded:
 * V8 heap, external, PGlite's WebAssembly memory). Loopback only; every phase is bounded in time.
 * Needs `pnpm build` first (it runs apps/api/dist/server.js).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrateToLatest, openDatabase } from '../src/db/database.js';
import { createUserWithToken } from '../src/test/auth-helpers.js';
import { pgliteSettings } from '../src/db/pglite-settings.js';

/** The start command's V8 flags and environment (the Dockerfile's CMD and ENV; `pnpm start`). */
const START_FLAGS = ['--max-semi-space-size=1', '--max-old-space-size=192'];
const START_ENV = { MALLOC_ARENA_MAX: '2' };
const LOAD_MS = Number(process.env.LOAD_SECONDS ?? 30) * 1000;
const SOAK_MS = Number(process.env.SOAK_SECONDS ?? 300) * 1000;
const CONNECTIONS = 50;
const here = path.dirname(fileURLToPath(import.meta.url));
const serverEntry = path.resolve(here, '../dist/server.js');
const probe = path.join(here, 'memory-probe.mjs');
const floorEntry = path.join(here, 'pglite-floor.mjs');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let nextPort = 20_000 + Math.floor(Math.random() * 500);

interface Probe {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  wasm: number;
  spaces: Record<string, number>;
  resident?: Record<string, number>;
}

async function start(dataDir: string, flags: string[], env: Record<string, string>, entry = serverEntry) {
  const port = (nextPort += 1);
  const probeFile = path.join(dataDir, `probe-${port}.json`);
  const child = spawn(process.execPath, [...flags, '--import', probe, entry], {
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
      PGLITE_DATA_DIR: path.join(dataDir, 'db'),
      PGLITE_SETTINGS: JSON.stringify(pgliteSettings),
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

const show = (label: string, point: Probe, target?: string) =>
  console.log(
    `  ${label.padEnd(40)} RSS ${point.rss.toFixed(0).padStart(4)} MB${target ? ` (${target})` : ''}   heap ${point.heapUsed.toFixed(0).padStart(3)}/${point.heapTotal.toFixed(0).padStart(3)} MB (new ${point.spaces.new_space ?? 0}, old ${point.spaces.old_space ?? 0}, code ${point.spaces.code_space ?? 0})   external ${point.external.toFixed(0)} MB (buffers ${point.arrayBuffers.toFixed(0)})   WASM ${point.wasm.toFixed(0)} MB\n  ${''.padEnd(40)} resident: ${Object.entries(
      point.resident ?? {},
    )
      .map(([kind, value]) => `${kind} ${value.toFixed(0)} MB`)
      .join(', ')}`,
  );
const verdict = (rss: number, target: number) =>
  `target <= ${target} MB: ${rss <= target ? 'met' : `MISSED by ${(rss - target).toFixed(0)} MB`}`;

const accountBody = (n: number) =>
  JSON.stringify({
    service: `Burst ${n}`,
    account: `user${n}@example.com`,
    otp_type: 'totp',
    secret: 'JBSWY3DPEHPK3PXP',
  });

/** An update names every field, as 2FAuth's update requires (digits, algorithm, period, icon). */
const updateBody = (n: number) =>
  JSON.stringify({
    ...(JSON.parse(accountBody(n)) as object),
    digits: 6,
    algorithm: 'sha1',
    period: 30,
    icon: null,
  });

async function burst(url: string, token: string): Promise<void> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  for (let i = 0; i < 1000; i += 8) {
    await Promise.all(
      Array.from({ length: Math.min(8, 1000 - i) }, async (_, k) => {
        const response = await fetch(`${url}/api/v1/twofaccounts`, {
          method: 'POST',
          headers,
          body: accountBody(i + k),
        });
        if (response.status !== 201) throw new Error(`create answered ${response.status}`);
        await response.arrayBuffer();
      }),
    );
  }
}

/** What a browser does after an import: the list, compressed, and one file of the web app. */
async function listing(url: string, token: string): Promise<void> {
  const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' };
  const list = await fetch(`${url}/api/v1/twofaccounts`, { headers });
  if (list.status !== 200) throw new Error(`the list answered ${list.status}`);
  await list.arrayBuffer();
  await (await fetch(`${url}/`, { headers: { 'accept-encoding': 'br, gzip' } })).arrayBuffer();
}

/** Samples RSS every second while `until` lasts; returns the samples. */
async function sampleRss(until: number, measure: () => Promise<Probe>): Promise<number[]> {
  const samples: number[] = [];
  while (Date.now() < until) {
    await sleep(1000);
    samples.push((await measure()).rss);
  }
  return samples;
}

/** Mixed load for LOAD_MS: 50 loops of lists (compressed, as browsers ask), codes and an edit. */
async function shortLoad(url: string, token: string, measure: () => Promise<Probe>): Promise<number> {
  const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' };
  const routes = [
    '/api/v1/twofaccounts',
    '/api/v1/twofaccounts?withOtp=1',
    '/api/v1/twofaccounts/1/otp',
    '/api/v1/twofaccounts/2/otp',
    '/api/v1/groups',
  ];
  const until = Date.now() + LOAD_MS;
  const loops = Array.from({ length: CONNECTIONS }, async (_, n) => {
    for (let i = n; Date.now() < until; i += 1) {
      const edit = i % 97 === 0;
      const response = await fetch(`${url}${edit ? '/api/v1/twofaccounts/3' : routes[i % routes.length]}`, {
        method: edit ? 'PUT' : 'GET',
        headers: edit ? { ...headers, 'content-type': 'application/json' } : headers,
        ...(edit ? { body: accountBody(i) } : {}),
      });
      await response.arrayBuffer();
    }
  });
  const samples = sampleRss(until, measure);
  await Promise.all(loops);
  const rss = await samples;
  return Math.max(...rss.slice(Math.floor(rss.length / 2)));
}

/**
 * The long soak: 50 connections for SOAK_MS on ~600 accounts, each request drawn from the mix
 * (60 % codes, 30 % lists of three kinds, creates balanced by trashing, updates, restores).
 */
async function soak(url: string, token: string, measure: () => Promise<Probe>) {
  const auth = { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' };
  const json = { ...auth, 'content-type': 'application/json' };
  const ids = (
    (await (await fetch(`${url}/api/v1/twofaccounts`, { headers: auth })).json()) as { id: number }[]
  ).map((account) => account.id);
  // Down to ~600 accounts: 400 to the trash, 100 at a time.
  const live = ids.slice(400);
  for (let i = 0; i < 400; i += 100) {
    const batch = ids.slice(i, i + 100).join(',');
    await (
      await fetch(`${url}/api/v1/twofaccounts?ids=${batch}`, { method: 'DELETE', headers: auth })
    ).arrayBuffer();
  }
  const trashed: number[] = ids.slice(0, 400);
  const pick = (list: number[]) => list[Math.floor(Math.random() * list.length)] ?? 1;
  let requests = 0;
  let failed = 0;
  /** Refusals by status: 404/409 are expected (a row trashed or restored by another connection). */
  const refusals = new Map<number, number>();
  // Names never used before (the burst wrote "Burst 0…999"): an account that exists twice is refused.
  let written = 1_000_000;
  const request = (): [string, RequestInit] => {
    const draw = Math.random() * 100;
    if (draw < 60) return [`/api/v1/twofaccounts/${pick(live)}/otp`, { headers: auth }];
    if (draw < 75) return ['/api/v1/twofaccounts', { headers: auth }];
    if (draw < 85) return ['/api/v1/twofaccounts?withExtras=1', { headers: auth }];
    if (draw < 90) return ['/api/v1/twofaccounts?withOtp=1', { headers: auth }];
    if (draw < 92)
      return ['/api/v1/twofaccounts', { method: 'POST', headers: json, body: accountBody((written += 1)) }];
    if (draw < 96)
      return [
        `/api/v1/twofaccounts/${pick(live)}`,
        { method: 'PUT', headers: json, body: updateBody((written += 1)) },
      ];
    if (draw < 99) {
      const id = live.splice(Math.floor(Math.random() * live.length), 1)[0] ?? 1;
      trashed.push(id);
      return [`/api/v1/twofaccounts/${id}`, { method: 'DELETE', headers: auth }];
    }
    const id = trashed.splice(Math.floor(Math.random() * trashed.length), 1)[0] ?? 1;
    live.push(id);
    return [`/api/v1/trash/restore?ids=${id}`, { method: 'POST', headers: auth }];
  };
  const started = Date.now();
  const until = started + SOAK_MS;
  const loops = Array.from({ length: CONNECTIONS }, async () => {
    while (Date.now() < until) {
      const [route, init] = request();
      const response = await fetch(`${url}${route}`, init);
      requests += 1;
      if (response.status === 201 && init.method === 'POST' && route === '/api/v1/twofaccounts')
        live.push(((await response.json()) as { id: number }).id);
      else await response.arrayBuffer();
      if (response.status >= 400) {
        failed += 1;
        refusals.set(response.status, (refusals.get(response.status) ?? 0) + 1);
      }
    }
  });
  const samples = sampleRss(until, measure);
  await Promise.all(loops);
  const rss = await samples;
  return {
    plateau: Math.max(...rss.slice(Math.floor(rss.length / 5))),
    end: (await measure()).rss,
    requests,
    failed,
    refusals: [...refusals].map(([status, count]) => `${count} × ${status}`).join(', ') || 'none',
    seconds: (Date.now() - started) / 1000,
    accounts: live.length,
  };
}

/** The floor: a bare Fastify opening the same PGlite data, idle 3 s after it answers. */
async function floor(dataDir: string, flags: string[], env: Record<string, string>): Promise<Probe> {
  const bare = await start(dataDir, flags, env, floorEntry);
  try {
    await sleep(3000);
    return await bare.measure();
  } finally {
    await bare.stop();
  }
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
    show('floor: bare Fastify + PGlite, empty', await floor(dataDir, flags, env));
    server = await start(dataDir, flags, env);
    await sleep(2000);
    show('idle, empty database', await server.measure());
    const started = performance.now();
    await burst(server.url, token);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    show(`right after 1,000 created (${seconds} s)`, await server.measure());
    await listing(server.url, token);
    const listed = await server.measure();
    await sleep(5000);
    const later = await server.measure();
    show('after the burst and a listing', listed, verdict(listed.rss, 250));
    show('5 s later', later, verdict(later.rss, 250));
    const plateau = await shortLoad(server.url, token, server.measure);
    show('after the 30-s mixed load', await server.measure());
    console.log(
      `  ${`RSS plateau, ${LOAD_MS / 1000} s mixed load`.padEnd(40)} ${plateau.toFixed(0)} MB (${verdict(plateau, 300)})`,
    );
    await server.stop();
    server = undefined;
    show('floor: bare Fastify + PGlite, 1,000 accounts', await floor(dataDir, flags, env));
    server = await start(dataDir, flags, env);
    await sleep(3000);
    const idle = await server.measure();
    show('idle after a restart', idle, verdict(idle.rss, 200));
    if (SOAK_MS > 0) {
      const long = await soak(server.url, token, server.measure);
      console.log(
        `  ${`soak, ${long.seconds.toFixed(0)} s, 50 connections`.padEnd(40)} ${long.requests} requests (${(long.requests / long.seconds).toFixed(0)}/s, ${long.failed} refused: ${long.refusals}), ${long.accounts} accounts at the end`,
      );
      console.log(
        `  ${'RSS plateau (max of the last 80 %)'.padEnd(40)} ${long.plateau.toFixed(0)} MB (${verdict(long.plateau, 300)})`,
      );
      console.log(
        `  ${'RSS at the end of the soak'.padEnd(40)} ${long.end.toFixed(0)} MB (${verdict(long.end, 300)})`,
      );
    }
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
) ?? [['the start command (README, Dockerfile)', START_FLAGS, START_ENV]];
for (const [label, flags, env] of variants) await run(label, flags, env);
