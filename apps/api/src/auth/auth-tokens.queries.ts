import { randomBytes } from 'node:crypto';
import type { Executor } from '../db/database.js';
import { hashToken } from '../tokens/tokens.queries.js';

/*
 * Single-use tokens sent by e-mail (password reset, security-device recovery): 48 random bytes
 * (64 base64url characters), stored only as a SHA-256, valid 60 minutes, one per purpose (a new
 * one replaces the previous).
 */

export type AuthTokenPurpose = 'password_reset' | 'webauthn_recovery';

const LIFETIME_MS = 60 * 60_000;
/** One mail per minute and purpose ("mail"). */
const RESEND_DELAY_MS = 60_000;

/** True when a token of this purpose was issued less than a minute ago. */
export async function issuedRecently(db: Executor, purpose: AuthTokenPurpose, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('auth_tokens')
    .select('created_at')
    .where('purpose', '=', purpose)
    .where('created_at', '>', new Date(now.getTime() - RESEND_DELAY_MS))
    .executeTakeFirst();
  return row !== undefined;
}

/** Issues a new token (replacing any previous one) and returns its value. */
export async function issueAuthToken(db: Executor, purpose: AuthTokenPurpose, now: Date): Promise<string> {
  const value = randomBytes(48).toString('base64url');
  const row = {
    token_hash: hashToken(value),
    created_at: now,
    expires_at: new Date(now.getTime() + LIFETIME_MS),
  };
  await db
    .insertInto('auth_tokens')
    .values({ purpose, ...row })
    .onConflict((oc) => oc.column('purpose').doUpdateSet(row))
    .execute();
  return value;
}

/** True when the value is the current, unexpired token of this purpose. */
export async function isValidAuthToken(
  db: Executor,
  purpose: AuthTokenPurpose,
  value: string,
  now: Date,
): Promise<boolean> {
  const row = await db
    .selectFrom('auth_tokens')
    .select('purpose')
    .where('purpose', '=', purpose)
    .where('token_hash', '=', hashToken(value))
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}

/** Consumes the token: true when it was valid (and is now gone), false otherwise. */
export async function consumeAuthToken(
  db: Executor,
  purpose: AuthTokenPurpose,
  value: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .deleteFrom('auth_tokens')
    .where('purpose', '=', purpose)
    .where('token_hash', '=', hashToken(value))
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function deleteAuthToken(db: Executor, purpose: AuthTokenPurpose): Promise<void> {
  await db.deleteFrom('auth_tokens').where('purpose', '=', purpose).execute();
}
