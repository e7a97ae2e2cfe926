import { randomInt } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { john } from '../test/auth-helpers.js';
import { describeEachDatabase } from '../test/harness.js';
import { encodeRequest, nonJsonAllowed } from './fuzz-encode.js';
import { FuzzInstall } from './fuzz-install.js';
import { fuzzInput, readOperations, type Operation } from './fuzz-requests.js';

/*
 * The fuzzer: FUZZ_REQUESTS (default 35,000) requests per database over every operation of
 * openapi.yaml, anonymous, with a personal access token and with a session. The seed comes from
 * FUZZ_SEED; else CI replays a fixed one (a landing must not depend on the draw) and any other run
 * draws one at random, to explore. It is printed: `FUZZ_SEED=<seed>` replays a run. Every answer
 * is below 500, and JSON (an error has a `message`) unless documented otherwise (fuzz-encode.ts),
 * and every operation gets past authentication at least once (the per-operation statuses are
 * printed). Some requests delete the user, the token or the session: every BATCH requests both
 * credentials are tried, and the install is made again (database emptied, user, token and session
 * made anew) when one of them no longer works, or every FRESH requests at the latest. No secret
 * used reaches the log.
 */

const operations = readOperations(fileURLToPath(new URL('../../../../openapi.yaml', import.meta.url)));
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 35_000);
const BATCH = 100;
const FRESH = 2_500;
/** The seed CI replays; a seed that finds a bug becomes a test of the route it broke. */
const CI_SEED = 20261125;
const inCi = !['', 'false', '0'].includes((process.env.CI ?? '').toLowerCase());
const seed = Number(process.env.FUZZ_SEED ?? (inCi ? CI_SEED : randomInt(2 ** 31)));
console.log(`openapi fuzz seed: ${seed} (FUZZ_SEED=${seed} replays it; ${REQUESTS} requests per database)`);

/** Why an answer is wrong, or '' when it is right. */
function problemOf(op: Operation, status: number, type: string, body: string): string {
  if (status >= 500) return 'a 5xx';
  if (nonJsonAllowed(op, status, type, body)) return '';
  try {
    const parsed: unknown = JSON.parse(body);
    if (!type.startsWith('application/json')) return `content-type ${type}`;
    if (status >= 400 && typeof (parsed as { message?: unknown }).message !== 'string')
      return 'an error without message';
    return '';
  } catch {
    return 'a body that is not JSON';
  }
}

/** Statuses that say the request never reached the operation. */
const TURNED_AWAY = new Set([401, 419, 429]);

describeEachDatabase('openapi fuzz', (t) => {
  it(`${REQUESTS} requests over every operation: no 5xx, JSON answers`, async () => {
    expect(operations.length).toBeGreaterThanOrEqual(120);
    const perOperation = Math.ceil(REQUESTS / operations.length);
    const inputs = operations.map((op, index) =>
      fc.sample(fuzzInput(op), { seed: seed + index, numRuns: perOperation }),
    );
    const secrets = new Set<string>([john.password, 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP']);
    const failures = new Map<string, { count: number; example: string }>();
    const statuses = operations.map(() => new Map<number, number>());
    const started = performance.now();
    const cpu = process.cpuUsage();
    const install = new FuzzInstall(t, secrets);
    let callers = await install.make();
    let installedAt = 0;
    for (let sent = 0; sent < REQUESTS; sent += 1) {
      if (sent > 0 && sent % BATCH === 0) {
        if (sent - installedAt >= FRESH || !(await install.works(callers))) {
          callers = await install.make();
          installedAt = sent;
        }
      }
      const which = sent % operations.length;
      const op = operations[which]!;
      const input = inputs[which]![Math.floor(sent / operations.length)]!;
      const request = encodeRequest(op, input, callers);
      const response = await t.app.inject(request);
      const counts = statuses[which]!;
      counts.set(response.statusCode, (counts.get(response.statusCode) ?? 0) + 1);
      const type = String(response.headers['content-type'] ?? '');
      const problem = problemOf(op, response.statusCode, type, response.body);
      if (problem) {
        // One example per operation and kind of problem, with how often it happened.
        const key = `${problem}: ${op.method} ${op.path}`;
        const seen = failures.get(key);
        if (seen) seen.count += 1;
        else {
          const logged =
            response.statusCode >= 500 ? (t.logs.findLast((line) => line.includes('"err"')) ?? '') : '';
          failures.set(key, {
            count: 1,
            example: `${request.url.slice(0, 300)} [${input.kind}, ${input.auth}] ${(request.payload ?? '').toString().slice(0, 600)} -> ${response.statusCode} ${response.body.slice(0, 300)} ${logged.slice(0, 600)}`,
          });
        }
      }
    }
    const used = process.cpuUsage(cpu);
    const seconds = (performance.now() - started) / 1000;
    const cpuSeconds = (used.user + used.system) / 1e6;
    for (const message of t.mailbox.messages) {
      for (const match of JSON.stringify(message).matchAll(/token=([A-Za-z0-9_-]{16,})/g))
        secrets.add(match[1]!);
    }
    const total = new Map<number, number>();
    const lines = operations.map((op, index) => {
      const counts = [...statuses[index]!].sort(([a], [b]) => a - b);
      for (const [status, count] of counts) total.set(status, (total.get(status) ?? 0) + count);
      const sum = counts.reduce((all, [, count]) => all + count, 0);
      return `  ${op.method} ${op.path}: ${sum} ${JSON.stringify(Object.fromEntries(counts))}`;
    });
    console.log(
      `openapi fuzz [${t.driver}] seed ${seed}: ${REQUESTS} requests, ${operations.length} operations, ` +
        `${install.count} installs, ${seconds.toFixed(1)} s (${cpuSeconds.toFixed(1)} s CPU in this process)\n` +
        `statuses ${JSON.stringify(Object.fromEntries([...total].sort(([a], [b]) => a - b)))}\n${lines.join('\n')}`,
    );
    expect(
      [...failures].map(([key, { count, example }]) => `${key} (${count}x), e.g. ${example}`),
      `seed ${seed}`,
    ).toEqual([]);
    const unreached = operations.filter((_, index) =>
      [...statuses[index]!.keys()].every((status) => TURNED_AWAY.has(status)),
    );
    expect(
      unreached.map((op) => `${op.method} ${op.path}`),
      `seed ${seed}: operations never past authentication`,
    ).toEqual([]);
    const log = t.logs.join('');
    const leaked = [...secrets].filter((secret) => secret.length >= 8 && log.includes(secret));
    expect(
      leaked.map((secret) => `${secret.slice(0, 3)}…`),
      `seed ${seed}`,
    ).toEqual([]);
  }, 900_000);
});
