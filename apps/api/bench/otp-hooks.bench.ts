/**
 * `pnpm --filter @twofold/api bench` (a part): where the OTP route's time goes, hook by hook. The
 * built server runs under the start command's V8 flags with a CPU profile (`--cpu-prof`), takes the
 * same load as the report's OTP figure (a separate process, 10 connections), and the profile's
 * samples of the load window are given to the innermost step they ran in: each hook that every
 * request runs (authentication, rate limit, security headers, session cookie, request id and
 * timing, locale, request log, the compression check), the handler's own steps (the account read
 * and the code, the code log, the serialiser), Fastify's core, Node's HTTP and sockets, and the
 * garbage collector. Printed as microseconds per request, beside the whole request's time.
 * Needs `pnpm build` first (it runs apps/api/dist/server.js).
 */
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { SourceMap, type SourceMapPayload } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  SECONDS,
  bareServer,
  load,
  seed,
  serverEntry,
  sleep,
  startFlags,
  startProcess,
} from './report-processes.js';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  endTime: number;
}

/**
 * The steps. A sample goes to the innermost app step (a hook, a part of the handler) on its stack,
 * looking up from the sampled frame, but only up to Fastify's hook runner: a hook that calls `done`
 * runs the next hooks and the handler inside its own frame, so what lies under the runner is not the
 * earlier hook's. A sample with no app step below the runner goes to the generic step nearest to it
 * (Node's crypto under the OTP engine counts for the engine; a socket write under `reply.send` for
 * Node).
 */
const STEPS: [string, (url: string, name: string) => boolean][] = [
  ['code log', (url) => /\/(dist|src)\/code-log\//.test(url)],
  ['OTP computation (@twofold/otp)', (url) => url.includes('/packages/otp/')],
  [
    'authentication (token check)',
    (url) => /\/(dist|src)\/(auth\/auth\.plugin|tokens\/|auth-log\/)/.test(url),
  ],
  ['rate limit', (url) => url.includes('rate-limit')],
  ['security headers (helmet)', (url) => url.includes('helmet')],
  ['session cookie', (url) => /secure-session|@fastify\+cookie|\/(dist|src)\/auth\/session\./.test(url)],
  ['request id and timing', (url) => /\/(dist|src)\/http\/infrastructure\./.test(url)],
  ['locale', (url) => /\/(dist|src)\/settings\/locale\.plugin\./.test(url)],
  ['request log (pino)', (url) => /\/(dist|src)\/http\/request-log\.|pino/.test(url)],
  ['compression check', (url) => url.includes('@fastify+compress')],
  ['handler: account read (cached)', (url) => /\/(dist|src)\/(accounts|cache)\//.test(url)],
  [
    'serialiser (fast-json-stringify)',
    (url, name) => url.includes('fast-json-stringify') || name === '$main',
  ],
];
/** Fastify's hook runner and request path: an app step found above one of these is only a caller. */
const RUNNER = /fastify\/(fastify\.js|lib\/(hooks|route|handle-request|wrap-thenable|server)\.js)/;
const GENERIC: [string, (url: string, name: string) => boolean][] = [
  ['Fastify core (routing, hooks runner, reply)', (url) => /fastify|find-my-way|avvio/.test(url)],
  ['Node HTTP, sockets and timers', (url) => url.startsWith('node:')],
  ['garbage collector', (_url, name) => name === '(garbage collector)'],
];

function stepOf(url: string, name: string): string | undefined {
  return STEPS.find(([, matches]) => matches(url, name))?.[0];
}
function genericOf(url: string, name: string): string | undefined {
  return GENERIC.find(([, matches]) => matches(url, name))?.[0];
}

/** Microseconds per step over the samples of the last `windowMs` of the profile. */
/**
 * A frame's original file: the server runs as one bundle (scripts/bundle.mjs), whose source map
 * (chained through tsc's) names the module each function came from.
 */
function originalFiles(): (frame: ProfileNode['callFrame']) => string {
  const maps = new Map<string, SourceMap | null>();
  return (frame) => {
    if (!frame.url.startsWith('file://')) return frame.url;
    let map = maps.get(frame.url);
    if (map === undefined) {
      const file = `${fileURLToPath(frame.url)}.map`;
      map = existsSync(file)
        ? new SourceMap(JSON.parse(readFileSync(file, 'utf8')) as SourceMapPayload)
        : null;
      maps.set(frame.url, map);
    }
    const entry = map?.findEntry(frame.lineNumber, frame.columnNumber);
    return entry && 'originalSource' in entry ? entry.originalSource : frame.url;
  };
}

function attribute(profile: CpuProfile, windowMs: number): Map<string, number> {
  const original = originalFiles();
  const byId = new Map(
    profile.nodes.map((node) => [
      node.id,
      { ...node, callFrame: { ...node.callFrame, url: original(node.callFrame) } },
    ]),
  );
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const stepOfNode = new Map<number, string>();
  // Looking up from the sampled frame: the first app step, or at the runner the first generic step.
  const resolve = (id: number): string => {
    const known = stepOfNode.get(id);
    if (known !== undefined) return known;
    let step: string | undefined;
    let generic: string | undefined;
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const { url, functionName } = byId.get(at)!.callFrame;
      step = stepOf(url, functionName);
      if (step !== undefined) break;
      generic ??= genericOf(url, functionName);
      if (RUNNER.test(url)) break;
    }
    step ??= generic ?? 'other (V8, native)';
    stepOfNode.set(id, step);
    return step;
  };
  // Sample times, from the end backwards: only the load window counts.
  const times: number[] = [];
  let at = profile.endTime;
  for (let i = profile.timeDeltas.length - 1; i >= 0; i -= 1) {
    times[i] = at;
    at -= profile.timeDeltas[i]!;
  }
  const from = profile.endTime - windowMs * 1000;
  const spent = new Map<string, number>();
  for (let i = 0; i < profile.samples.length; i += 1) {
    if (times[i]! < from) continue;
    const node = byId.get(profile.samples[i]!)!;
    if (node.callFrame.functionName === '(idle)') continue;
    const step = resolve(node.id);
    spent.set(step, (spent.get(step) ?? 0) + (profile.timeDeltas[i + 1] ?? 0));
  }
  return spent;
}

/** One server under load with a CPU profile: its requests per second and CPU by step. */
async function profiled(
  work: string,
  name: string,
  script: string,
  env: Record<string, string>,
  url: (base: string) => string,
  token = '',
) {
  const profiles = path.join(work, `profiles-${name}`);
  const server = await startProcess([...startFlags, '--cpu-prof', `--cpu-prof-dir=${profiles}`, script], env);
  load(url(server.url), token); // warm-up: compiled code, filled caches
  const started = performance.now();
  const { rps } = load(url(server.url), token);
  const windowMs = performance.now() - started;
  await server.stop();
  await sleep(200);
  const file = readdirSync(profiles).find((entry) => entry.endsWith('.cpuprofile'));
  if (!file) throw new Error(`${name}: no CPU profile written`);
  // BENCH_PROFILE_OUT=prefix keeps the profiles (for Chromium's DevTools or a closer look).
  const keep = process.env.BENCH_PROFILE_OUT;
  if (keep) copyFileSync(path.join(profiles, file), `${keep}-${name}.cpuprofile`);
  const profile = JSON.parse(readFileSync(path.join(profiles, file), 'utf8')) as CpuProfile;
  return {
    rps,
    perRequest: (micros: number) => micros / (rps * SECONDS),
    spent: attribute(profile, windowMs),
  };
}

async function main() {
  const work = mkdtempSync(path.join(tmpdir(), 'twofold-otp-hooks-'));
  try {
    const dataDir = path.join(work, 'data');
    const token = await seed({ driver: 'pglite', dataDir: path.join(dataDir, 'db') }, 1000);
    const twofold = await profiled(
      work,
      'twofold',
      serverEntry,
      { DATA_DIR: dataDir },
      (base) => `${base}/api/v1/twofaccounts/1/otp`,
      token,
    );
    // The baseline, same flags and load: bare Fastify answering a code-sized JSON body.
    const bare = await profiled(work, 'bare', bareServer(work, {}), {}, (base) => `${base}/otp`);
    console.log(
      `\nOTP route, hook by hook: microseconds of CPU per request (load ${SECONDS} s, 10 connections; Twofold ${twofold.rps.toFixed(0)} req/s, bare Fastify ${bare.rps.toFixed(0)} req/s)`,
    );
    console.log(`  ${'step'.padEnd(46)} ${'Twofold'.padStart(9)}   ${'bare Fastify'.padStart(12)}`);
    const total = (spent: Map<string, number>) => [...spent.values()].reduce((a, b) => a + b, 0);
    for (const [step, micros] of [...twofold.spent].sort((a, b) => b[1] - a[1])) {
      const base = bare.spent.get(step);
      const baseline = base === undefined ? '' : `${bare.perRequest(base).toFixed(1)} µs`;
      console.log(
        `  ${step.padEnd(46)} ${`${twofold.perRequest(micros).toFixed(1)} µs`.padStart(9)}   ${baseline.padStart(12)}`,
      );
    }
    console.log(
      `  ${'whole request'.padEnd(46)} ${`${twofold.perRequest(total(twofold.spent)).toFixed(1)} µs`.padStart(9)}   ${`${bare.perRequest(total(bare.spent)).toFixed(1)} µs`.padStart(12)}`,
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
