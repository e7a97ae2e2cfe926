import { sql } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../db/database.js';
import { errors } from '../http/errors.js';
import { ACCOUNT_KEY_PREFIX, ACCOUNT_ROW_LIFETIME_MS } from './login-ceiling.js';

/*
 * Sign-in lockout and the `auth` limiter, counted in the database so a
 * restart does not reset them and the injected clock drives them. A window of 60 s starts at the
 * first event; while the count has reached the limit inside it, attempts are refused with the
 * whole seconds left (rounded up).
 */

const WINDOW_MS = 60_000;
/** `auth` limiter: sign-in requests per IP and minute, failed or not. */
const AUTH_REQUESTS_PER_MINUTE = 10;

/** Adds one event to a counter and returns the new count and window start. */
async function increment(db: Executor, key: string, now: Date) {
  const windowEnd = new Date(now.getTime() - WINDOW_MS);
  const expired = sql<boolean>`login_throttles.window_started_at <= ${windowEnd}`;
  return db
    .insertInto('login_throttles')
    .values({ key, failures: 1, window_started_at: now })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        failures: sql`CASE WHEN ${expired} THEN 1 ELSE login_throttles.failures + 1 END`,
        window_started_at: sql`CASE WHEN ${expired} THEN ${now}::timestamptz ELSE login_throttles.window_started_at END`,
      }),
    )
    .returning(['failures', 'window_started_at'])
    .executeTakeFirstOrThrow();
}

function secondsLeft(windowStartedAt: Date, now: Date): number {
  return Math.max(1, Math.ceil((new Date(windowStartedAt).getTime() + WINDOW_MS - now.getTime()) / 1000));
}

/** Throws the 429 lockout while the key has `limit` failures inside its window. */
export async function assertNotLocked(db: Executor, key: string, limit: number, now: Date): Promise<void> {
  const row = await db
    .selectFrom('login_throttles')
    .select(['failures', 'window_started_at'])
    .where('key', '=', key)
    .executeTakeFirst();
  if (!row || row.failures < limit) return;
  const started = new Date(row.window_started_at);
  if (now.getTime() - started.getTime() >= WINDOW_MS) return;
  throw errors.loginLocked(secondsLeft(started, now));
}

/** Counts a failure; resolves to the failures inside the window (equal to the limit: a lockout begins). */
export async function recordFailure(db: Executor, key: string, now: Date): Promise<number> {
  return (await increment(db, key, now)).failures;
}

export async function clearFailures(db: Executor, key: string): Promise<void> {
  await db.deleteFrom('login_throttles').where('key', '=', key).execute();
}

/**
 * Counters whose window has ended count for nothing (the next event restarts at 1): deleted on
 * each sign-in request, by the index on `window_started_at`, so the table does not keep every
 * e-mail and address ever tried. The rows of the ceiling per account (login-ceiling.ts) live
 * longer: their window is 10 minutes and their delay up to 15.
 */
export async function deleteExpiredThrottles(db: Executor, now: Date): Promise<void> {
  const windowEnd = new Date(now.getTime() - WINDOW_MS);
  const accountRowsEnd = new Date(now.getTime() - ACCOUNT_ROW_LIFETIME_MS);
  await db
    .deleteFrom('login_throttles')
    .where('window_started_at', '<=', windowEnd)
    .where((eb) =>
      eb.or([eb('key', 'not like', `${ACCOUNT_KEY_PREFIX}%`), eb('window_started_at', '<=', accountRowsEnd)]),
    )
    .execute();
}

/** Lockout keys: password failures per e-mail and IP, WebAuthn failures per IP. */
export const lockoutKey = {
  password: (email: string, ip: string) => `password:${email.toLowerCase()}|${ip}`,
  webauthn: (ip: string) => `webauthn:${ip}`,
  recovery: (ip: string) => `recovery:${ip}`,
};

/** The `auth` limiter of the sign-in routes: 10 requests per IP and minute, else 429. */
export async function consumeAuthAttempt(request: FastifyRequest): Promise<void> {
  const now = request.server.deps.clock.now();
  await deleteExpiredThrottles(request.server.deps.db, now);
  const row = await increment(request.server.deps.db, `auth:${request.ip}`, now);
  if (row.failures > AUTH_REQUESTS_PER_MINUTE) {
    throw errors.tooManyAttempts(secondsLeft(new Date(row.window_started_at), now), AUTH_REQUESTS_PER_MINUTE);
  }
}
