import { sql } from 'kysely';
import type { Executor } from '../db/database.js';
import { errors } from '../http/errors.js';

/*
 * The ceiling per account of password sign-ins. The lockout per e-mail and address never trips when
 * every guess comes from another address (a trusted proxy forwarding many clients, a botnet), so
 * failures for one e-mail are also counted across all addresses: after `limit`
 * (LOGIN_THROTTLE_ACCOUNT) failures inside 10 minutes, every further attempt for that e-mail waits,
 * the right password included (checking it would tell the guesser). The delay is 60 s after the
 * limit-th failure and doubles with each failure after it, up to 15 minutes; it always expires, so
 * the owner is never locked out for good, and a security device (which guesses nothing) still
 * signs in meanwhile. A successful sign-in resets the count: the owner has proved the password,
 * and what an attacker gains is another `limit` guesses, no more than a quiet period gives.
 *
 * Counted in the `login_throttles` table (one row per e-mail, key `account:<e-mail>`) like the
 * lockout, so it holds across restarts and replicas and follows the injected clock. Unknown e-mails
 * are counted the same way: the answers never tell whether an e-mail is the user's. The row's
 * `window_started_at` is the first failure of the window below the limit, then the last failure
 * once the limit is reached (the start of the current delay).
 */

const WINDOW_S = 10 * 60;
const FIRST_DELAY_S = 60;
const MAX_DELAY_S = 15 * 60;
/** Keys of the ceiling's rows start with it (the lockout's short-lived rows never do). */
export const ACCOUNT_KEY_PREFIX = 'account:';
/** Past this age a row counts for nothing in any state (its window and longest delay are over). */
export const ACCOUNT_ROW_LIFETIME_MS = (WINDOW_S + MAX_DELAY_S) * 1000;

const keyOf = (email: string) => `${ACCOUNT_KEY_PREFIX}${email.toLowerCase()}`;

/** Seconds every attempt waits after `failures` failures: 0 below the limit, then doubling to the cap. */
export function ceilingDelay(failures: number, limit: number): number {
  if (limit <= 0 || failures < limit) return 0;
  return Math.min(MAX_DELAY_S, FIRST_DELAY_S * 2 ** Math.min(failures - limit, 20));
}

/** Throws the lockout's 429 (with Retry-After) while the e-mail's delay runs. */
export async function assertAccountNotLocked(
  db: Executor,
  email: string,
  limit: number,
  now: Date,
): Promise<void> {
  if (limit <= 0) return;
  const row = await db
    .selectFrom('login_throttles')
    .select(['failures', 'window_started_at'])
    .where('key', '=', keyOf(email))
    .executeTakeFirst();
  const delay = row ? ceilingDelay(row.failures, limit) : 0;
  if (!row || delay === 0) return;
  const leftMs = new Date(row.window_started_at).getTime() + delay * 1000 - now.getTime();
  if (leftMs > 0) throw errors.loginLocked(Math.max(1, Math.ceil(leftMs / 1000)));
}

/**
 * Counts one failure for the e-mail, in one statement (concurrent failures on several replicas all
 * count). The count starts again at 1 once it has expired: 10 minutes after the window's first
 * failure below the limit, 10 minutes after the end of the current delay at or over it.
 */
export async function recordAccountFailure(
  db: Executor,
  email: string,
  limit: number,
  now: Date,
): Promise<void> {
  if (limit <= 0) return;
  const stored = sql`login_throttles.failures`;
  const limitValue = sql`${limit}::int`;
  const delay = sql`(CASE WHEN ${stored} >= ${limitValue}
    THEN LEAST(${sql.lit(MAX_DELAY_S)}, ${sql.lit(FIRST_DELAY_S)} * power(2, LEAST(${stored} - ${limitValue}, 20)))
    ELSE 0 END)`;
  const expired = sql`(login_throttles.window_started_at
    + make_interval(secs => ${sql.lit(WINDOW_S)} + ${delay}) <= ${now}::timestamptz)`;
  await db
    .insertInto('login_throttles')
    .values({ key: keyOf(email), failures: 1, window_started_at: now })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        failures: sql`CASE WHEN ${expired} THEN 1 ELSE ${stored} + 1 END`,
        window_started_at: sql`CASE WHEN ${expired} OR ${stored} + 1 >= ${limitValue}
          THEN ${now}::timestamptz ELSE login_throttles.window_started_at END`,
      }),
    )
    .execute();
}

/** A successful sign-in: the e-mail's count starts again from nothing. */
export async function clearAccountFailures(db: Executor, email: string): Promise<void> {
  await db.deleteFrom('login_throttles').where('key', '=', keyOf(email)).execute();
}
