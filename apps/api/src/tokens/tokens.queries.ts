import { hash } from 'node:crypto';
import type { Executor } from '../db/database.js';
import type { TokenScope } from '../http/token-scopes.js';

/** Tokens are stored only as the SHA-256 of their value. */
export function hashToken(value: string): string {
  return hash('sha256', value, 'hex');
}

/** The token row of a hash, whatever its state (the cache checks revocation and expiry). */
export async function findTokenByHash(db: Executor, tokenHash: string) {
  return db
    .selectFrom('personal_access_tokens')
    .select(['id', 'revoked', 'expires_at', 'scope'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** The single user's id, if someone registered. */
export async function findUserId(db: Executor): Promise<number | undefined> {
  const row = await db.selectFrom('users').select('id').executeTakeFirst();
  return row?.id;
}

const TOKEN_COLUMNS = ['id', 'name', 'scope', 'revoked', 'created_at', 'updated_at', 'expires_at'] as const;

/** Valid tokens (not revoked, not expired), newest first, with their last use. */
export async function listUsableTokens(db: Executor, now: Date) {
  return db
    .selectFrom('personal_access_tokens')
    .select([...TOKEN_COLUMNS, 'last_used_at', 'last_used_ip'])
    .where('revoked', '=', false)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

export async function insertToken(
  db: Executor,
  token: { id: string; name: string; scope: TokenScope; tokenHash: string; now: Date; expiresAt: Date },
) {
  return db
    .insertInto('personal_access_tokens')
    .values({
      id: token.id,
      name: token.name,
      scope: token.scope,
      token_hash: token.tokenHash,
      created_at: token.now,
      updated_at: token.now,
      expires_at: token.expiresAt,
    })
    .returning(TOKEN_COLUMNS)
    .executeTakeFirstOrThrow();
}

/**
 * Revokes a token; false when it is unknown or already revoked. A device copy tied to the token
 * (the browser extension's offline copy) goes with it: its next refresh is refused.
 */
export async function revokeToken(db: Executor, id: string, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('personal_access_tokens')
      .set({ revoked: true, updated_at: now })
      .where('id', '=', id)
      .where('revoked', '=', false)
      .executeTakeFirst();
    await trx.deleteFrom('device_copies').where('token_id', '=', id).execute();
    return result.numUpdatedRows > 0n;
  });
}

/** A usable token's name, scope and creation (a pairing that replaces it shows them), or undefined. */
export async function findUsableToken(db: Executor, id: string, now: Date) {
  return db
    .selectFrom('personal_access_tokens')
    .select(['id', 'name', 'scope', 'created_at'])
    .where('id', '=', id)
    .where('revoked', '=', false)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}
