import { createHash } from 'node:crypto';
import type { Executor } from '../db/database.js';

/** Tokens are stored only as the SHA-256 of their value. */
export function hashToken(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** The token row matching a presented value, if it is neither revoked nor expired. */
export async function findUsableToken(db: Executor, value: string, now: Date) {
  return db
    .selectFrom('personal_access_tokens')
    .select(['id', 'name'])
    .where('token_hash', '=', hashToken(value))
    .where('revoked', '=', false)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** The single user's id, if someone registered. */
export async function findUserId(db: Executor): Promise<number | undefined> {
  const row = await db.selectFrom('users').select('id').executeTakeFirst();
  return row?.id;
}
