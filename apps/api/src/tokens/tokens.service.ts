import { randomBytes } from 'node:crypto';
import { toTimestamp } from '../http/common.schemas.js';
import { isTokenScope, type TokenScope } from '../http/token-scopes.js';
import type { Deps } from '../shared/deps.js';
import { hashToken, insertToken } from './tokens.queries.js';

export const TOKEN_LIFETIME_SECONDS = 365 * 24 * 3600;

interface TokenRow {
  readonly id: string;
  readonly name: string;
  readonly scope: string;
  readonly revoked: boolean;
  readonly created_at: Date;
  readonly updated_at: Date;
  readonly expires_at: Date;
}

/** The one mapper of a token row: never the value, never the hash. */
export function toToken(row: TokenRow) {
  const scope: TokenScope = isTokenScope(row.scope) ? row.scope : 'codes';
  return {
    id: row.id,
    name: row.name,
    scopes: [],
    scope,
    revoked: row.revoked,
    created_at: toTimestamp(row.created_at),
    updated_at: toTimestamp(row.updated_at),
    expires_at: toTimestamp(row.expires_at),
  };
}

/**
 * Makes a personal access token valid for a year (from Settings, or for a paired device): its
 * value is returned once and only its hash is kept. Raises the `token_created` alert.
 */
export async function issueToken(deps: Deps, input: { name: string; scope: TokenScope }) {
  const now = deps.clock.now();
  // 48 random bytes: 64 base64url characters, 384 bits.
  const value = randomBytes(48).toString('base64url');
  const row = await insertToken(deps.db, {
    id: randomBytes(20).toString('hex'),
    name: input.name,
    scope: input.scope,
    tokenHash: hashToken(value),
    now,
    expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_SECONDS * 1000),
  });
  deps.alerts.raise({ kind: 'token_created', name: row.name });
  return { value, token: toToken(row) };
}
