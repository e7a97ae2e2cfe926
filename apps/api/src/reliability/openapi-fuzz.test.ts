import { randomInt } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { john, registerWithSession } from '../test/auth-helpers.js';
import { describeEachDatabase, resetDatabase, type TestContext } from '../test/harness.js';
import { encodeRequest, nonJsonAllowed, type FuzzCallers } from './fuzz-encode.js';
import { fuzzInput, readOperations } from './fuzz-requests.js';

/*
 * The fuzzer: FUZZ_REQUESTS (default 10,000) requests per database over every operation of
 * openapi.yaml, anonymous, with a personal access token and with a session. The seed comes from
 * FUZZ_SEED; else CI replays a fixed one (a landing must not depend on the draw) and any other run
 * draws one at random, to explore. It is printed: `FUZZ_SEED=<seed>` replays a run. Every answer
 * is below 500, and JSON (an error has a `message`) unless documented otherwise (fuzz-encode.ts).
 * The database is emptied and the user, token and session made again every BATCH requests, since
 * some requests delete them. No secret used reaches the log.
 */

const operations = readOperations(fileURLToPath(new URL('../../../../openapi.yaml', import.meta.url)));
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 10_000);
const BATCH = 250;
/** The seed CI replays; a seed that finds a bug becomes a test of the route it broke. */
const CI_SEED = 20261125;
const inCi = !['', 'false', '0'].includes((process.env.CI ?? '').toLowerCase());
const seed = Number(process.env.FUZZ_SEED ?? (inCi ? CI_SEED : randomInt(2 ** 31)));
console.log(`openapi fuzz seed: ${seed} (FUZZ_SEED=${seed} replays it; ${REQUESTS} requests per database)`);

/** A new install: the user (with a session), a token, an account and a group. */
async function freshInstall(t: TestContext, secrets: Set<string>): Promise<FuzzCallers> {
  await resetDatabase(t.db);
  const session = await registerWithSession(t);
  const created = await session.request('POST', '/oauth/personal-access-tokens', { name: 'fuzz' });
  const token = created.json<{ accessToken: string }>().accessToken;
  const headers = { authorization: `Bearer ${token}` };
  const uri = 'otpauth://totp/Fuzz:me?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
  await t.app.inject({ method: 'POST', url: '/api/v1/twofaccounts', payload: { uri }, headers });
  await t.app.inject({ method: 'POST', url: '/api/v1/groups', payload: { name: 'G' }, headers });
  secrets.add(token);
  for (const value of session.cookies.values()) secrets.add(value);
  return { token, cookie: session.cookieHeader(), csrf: session.csrfToken ?? '' };
}

describeEachDatabase('openapi fuzz', (t) => {
  it(`${REQUESTS} requests over every operation: no 5xx, JSON answers`, async () => {
    expect(operations.length).toBeGreaterThanOrEqual(70);
    const perOperation = Math.ceil(REQUESTS / operations.length);
    const inputs = operations.map((op, index) =>
      fc.sample(fuzzInput(op), { seed: seed + index, numRuns: perOperation }),
    );
    const secrets = new Set<string>([john.password, 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP']);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let callers = await freshInstall(t, secrets);
    for (let sent = 0; sent < REQUESTS; sent += 1) {
      if (sent > 0 && sent % BATCH === 0) callers = await freshInstall(t, secrets);
      const op = operations[sent % operations.length]!;
      const input = inputs[sent % operations.length]![Math.floor(sent / operations.length)]!;
      const request = encodeRequest(op, input, callers);
      const response = await t.app.inject(request);
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      const type = String(response.headers['content-type'] ?? '');
      let problem = response.statusCode >= 500 ? 'a 5xx' : '';
      if (!problem && !nonJsonAllowed(op, response.statusCode, type, response.body)) {
        try {
          if (!type.startsWith('application/json')) problem = `content-type ${type}`;
          const parsed: unknown = JSON.parse(response.body);
          if (response.statusCode >= 400 && typeof (parsed as { message?: unknown }).message !== 'string')
            problem = 'an error without message';
        } catch {
          problem ||= 'a body that is not JSON';
        }
      }
      if (problem && failures.length < 20) {
        failures.push(
          `${problem}: ${op.method} ${request.url.slice(0, 200)} [${input.kind}, ${input.auth}] ${(request.payload ?? '').toString().slice(0, 200)} -> ${response.statusCode} ${response.body.slice(0, 300)}`,
        );
      }
    }
    for (const message of t.mailbox.messages) {
      for (const match of JSON.stringify(message).matchAll(/token=([A-Za-z0-9_-]{16,})/g))
        secrets.add(match[1]!);
    }
    console.log(
      `openapi fuzz [${t.driver}] seed ${seed}: statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    expect(failures, `seed ${seed}`).toEqual([]);
    const log = t.logs.join('');
    const leaked = [...secrets].filter((secret) => secret.length >= 8 && log.includes(secret));
    expect(
      leaked.map((secret) => `${secret.slice(0, 3)}…`),
      `seed ${seed}`,
    ).toEqual([]);
  }, 600_000);
});
