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
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SECONDS, load, seed, serverEntry, sleep, startFlags, startProcess } from './report-processes.js';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  endTime: number;
}

/** The steps, first match wins for a frame; a sample goes to its innermost frame that matches. */
const STEPS: [string, (url: string, name: string) => boolean][] = [
  ['code log', (url) => url.includes('/dist/code-log/')],
  ['OTP computation (@twofold/otp)', (url) => url.includes('/packages/otp/')],
  ['authentication (token check)', (url) => /\/dist\/(auth\/auth\.plugin|tokens|auth-log)\//.test(`${url}/`)],
  ['rate limit', (url) => url.includes('rate-limit')],
  ['security headers (helmet)', (url) => url.includes('helmet')],
  ['session cookie', (url) => /secure-session|@fastify\+cookie|\/dist\/auth\/session\.js/.test(url)],
  ['request id and timing', (url) => url.includes('/dist/http/infrastructure.js')],
  ['locale', (url) => url.includes('/dist/settings/locale.plugin.js')],
  ['request log (pino)', (url) => /\/dist\/http\/request-log\.js|pino/.test(url)],
  ['compression check', (url) => url.includes('@fastify+compress')],
  ['handler: account read (cached)', (url) => /\/dist\/accounts\/|\/dist\/cache\//.test(url)],
  [
    'serialiser (fast-json-stringify)',
    (url, name) => url.includes('fast-json-stringify') || name === '$main',
  ],
  [
    'Fastify core (routing, hooks runner, reply)',
    (url) => /fastify|find-my-way|avvio|light-my-request/.test(url),
  ],
  ['Node HTTP and sockets', (url) => url.startsWith('node:')],
  ['garbage collector', (_url, name) => name === '(garbage collector)'],
];

function stepOf(url: string, name: string): string | undefined {
  return STEPS.find(([, matches]) => matches(url, name))?.[0];
}

/** Microseconds per step over the samples of the last `windowMs` of the profile. */
function attribute(profile: CpuProfile, windowMs: number): Map<string, number> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const stepOfNode = new Map<number, string>();
  const resolve = (id: number): string => {
    const known = stepOfNode.get(id);
    if (known !== undefined) return known;
    const node = byId.get(id)!;
    const own = stepOf(node.callFrame.url, node.callFrame.functionName);
    const up = parent.get(id);
    const step = own ?? (up === undefined ? 'other' : resolve(up));
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

async function main() {
  const work = mkdtempSync(path.join(tmpdir(), 'twofold-otp-hooks-'));
  try {
    const dataDir = path.join(work, 'data');
    const token = await seed({ driver: 'pglite', dataDir: path.join(dataDir, 'db') }, 1000);
    const profiles = path.join(work, 'profiles');
    const server = await startProcess(
      [...startFlags, '--cpu-prof', `--cpu-prof-dir=${profiles}`, serverEntry],
      { DATA_DIR: dataDir },
    );
    const url = `${server.url}/api/v1/twofaccounts/1/otp`;
    load(url, token); // warm-up: compiled code, filled caches
    const started = performance.now();
    const { rps } = load(url, token);
    const windowMs = performance.now() - started;
    await server.stop();
    await sleep(200);
    const file = readdirSync(profiles).find((name) => name.endsWith('.cpuprofile'));
    if (!file) throw new Error('the server wrote no CPU profile');
    const profile = JSON.parse(readFileSync(path.join(profiles, file), 'utf8')) as CpuProfile;
    const spent = attribute(profile, windowMs);
    const requests = rps * SECONDS;
    const total = [...spent.values()].reduce((a, b) => a + b, 0);
    console.log(
      `\nOTP route, hook by hook (${rps.toFixed(0)} req/s, ${SECONDS} s, microseconds of CPU per request)`,
    );
    for (const [step, micros] of [...spent].sort((a, b) => b[1] - a[1])) {
      const share = ((micros / total) * 100).toFixed(1).padStart(5);
      console.log(`  ${step.padEnd(46)} ${(micros / requests).toFixed(1).padStart(7)} µs   ${share} %`);
    }
    console.log(`  ${'whole request'.padEnd(46)} ${(total / requests).toFixed(1).padStart(7)} µs`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
