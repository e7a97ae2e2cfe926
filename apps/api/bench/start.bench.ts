/**
 * `pnpm --filter @twofold/api bench` (first part): the built server's restart time on existing
 * embedded data until `/up` answers, against two floors of the same run: a bare Fastify process
 * answering `/up`, and a bare Fastify that opens the same PGlite data with the same Postgres
 * settings before it listens (`pglite-floor.mjs`, the floor Twofold's own parts set); and the
 * server's resident memory (RSS) once idle after the start, after listing the 1,000 accounts, and
 * after a minute of use (the list with codes and one code, every second).
 * Both processes run under the start command's V8 flags (package.json's `start`, the Dockerfile's),
 * as Twofold is started for real. Three runs each, medians. Needs `pnpm build` first (it runs
 * apps/api/dist/server.js).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pgliteSettings } from '../src/db/pglite-settings.js';
import { fastifyPath, seed, startFlags } from './report-processes.js';

const RUNS = 3;
const ACCOUNTS = 1000;
const USE_MS = Number(process.env.BENCH_USE_SECONDS ?? 60) * 1000;
const here = path.dirname(fileURLToPath(import.meta.url));
const serverEntry = path.resolve(here, '../dist/server.js');
const floorEntry = path.join(here, 'pglite-floor.mjs');

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const rssOf = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/** Starts a process, returns the milliseconds until GET /up answers 200. */
async function startAndTime(args: string[], env: Record<string, string>, port: number) {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    env: { PATH: process.env.PATH ?? '', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: 'ignore',
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/up`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const elapsed = performance.now() - started;
  const stop = async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  return { elapsed, pid: child.pid!, stop };
}

async function main() {
  if (!existsSync(serverEntry)) throw new Error('Build first: pnpm --filter @twofold/api build');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'twofold-start-bench-'));
  const bareFile = path.join(dataDir, 'bare.cjs');
  writeFileSync(
    bareFile,
    `const app = require(${fastifyPath})();\napp.get('/up', async () => ({ status: 'up' }));\napp.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });\n`,
  );
  const token = await seed({ driver: 'pglite', dataDir: path.join(dataDir, 'db') }, ACCOUNTS);
  // The first start after seeding is not measured (it is not a restart of a settled database).
  const port = 18_500 + Math.floor(Math.random() * 500);
  const env = { DATA_DIR: dataDir, APP_URL: `http://localhost:${port}` };
  await (await startAndTime([...startFlags, serverEntry], env, port)).stop();

  const server: number[] = [];
  const bare: number[] = [];
  const floor: number[] = [];
  const floorEnv = {
    PGLITE_DATA_DIR: path.join(dataDir, 'db'),
    PGLITE_SETTINGS: JSON.stringify(pgliteSettings),
  };
  const rssIdle: number[] = [];
  const rssAfterList: number[] = [];
  const rssAfterUse: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const twofold = await startAndTime([...startFlags, serverEntry], env, port);
    server.push(twofold.elapsed);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    rssIdle.push(rssOf(twofold.pid));
    for (const url of ['/api/v1/twofaccounts', '/api/v1/twofaccounts?withOtp=1', '/api/v1/groups']) {
      await fetch(`http://127.0.0.1:${port}${url}`, {
        headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br' },
      });
    }
    await new Promise((resolve) => setTimeout(resolve, 3000));
    rssAfterList.push(rssOf(twofold.pid));
    // One minute of use: the list with its codes and one account's code, every second.
    const until = Date.now() + USE_MS;
    while (Date.now() < until) {
      for (const url of ['/api/v1/twofaccounts?withOtp=1', '/api/v1/twofaccounts/1/otp']) {
        await (
          await fetch(`http://127.0.0.1:${port}${url}`, {
            headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br' },
          })
        ).arrayBuffer();
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    rssAfterUse.push(rssOf(twofold.pid));
    await twofold.stop();
    const baseline = await startAndTime([...startFlags, bareFile], {}, port);
    bare.push(baseline.elapsed);
    await baseline.stop();
    const withPglite = await startAndTime([...startFlags, floorEntry], floorEnv, port);
    floor.push(withPglite.elapsed);
    await withPglite.stop();
  }
  const ratio = median(server) / median(bare);
  const floorRatio = median(server) / median(floor);
  console.log(`\n=== start and memory (PGlite on disk, ${ACCOUNTS} accounts, ${RUNS} runs, medians) ===`);
  console.log(`restart until /up   Twofold ${median(server).toFixed(0)} ms`);
  console.log(
    `  floor: bare Fastify + same PGlite data ${median(floor).toFixed(0)} ms   ratio ${floorRatio.toFixed(2)}x   (target <= 1.5x: ${floorRatio <= 1.5 ? 'met' : 'MISSED'})`,
  );
  console.log(`  bare Fastify alone ${median(bare).toFixed(0)} ms   ratio ${ratio.toFixed(2)}x`);
  console.log(`RSS idle after start          ${median(rssIdle).toFixed(0)} MB   (target <= 200 MB)`);
  console.log(`RSS after listing (idle 3 s)  ${median(rssAfterList).toFixed(0)} MB`);
  console.log(`RSS after 1 minute of use     ${median(rssAfterUse).toFixed(0)} MB   (target <= 250 MB)`);
  console.log(
    `  runs: start ${server.map((v) => v.toFixed(0)).join('/')} ms, floor ${floor.map((v) => v.toFixed(0)).join('/')} ms, bare ${bare.map((v) => v.toFixed(0)).join('/')} ms`,
  );
  rmSync(dataDir, { recursive: true, force: true });
}

await main();
