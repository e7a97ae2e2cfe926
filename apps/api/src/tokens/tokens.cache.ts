import type { Deps } from '../shared/deps.js';
import type { CachedToken } from '../cache/app-caches.js';
import { isTokenScope, type TokenScope } from '../http/token-scopes.js';
import { findTokenByHash, findUserId, hashToken } from './tokens.queries.js';

/** Who a usable token speaks for, and what it may do. */
export interface TokenOwner {
  readonly tokenId: string;
  readonly userId: number;
  readonly scope: TokenScope;
}

/**
 * The owner of a presented token from the caches alone (no promise, no query): null when it is
 * refused (unknown, revoked, expired, no user), undefined when the caches cannot tell.
 */
export function cachedTokenOwner(deps: Deps, value: string): TokenOwner | null | undefined {
  const token = deps.caches.token(hashToken(value));
  if (token === undefined) return undefined;
  if (token === null || token.expiresAt <= deps.clock.now().getTime()) return null;
  const user = deps.caches.userId();
  if (!user) return undefined;
  return user.id === undefined ? null : { tokenId: token.id, userId: user.id, scope: token.scope };
}

/** The owner of a presented token, or null (unknown, revoked, expired, no user). */
export async function tokenOwner(deps: Deps, value: string): Promise<TokenOwner | null> {
  const token = await usableToken(deps, value);
  if (!token) return null;
  const userId = await currentUserId(deps);
  return userId === undefined ? null : { tokenId: token.id, userId, scope: token.scope };
}

/**
 * The usable token matching a presented value, or null (unknown, revoked, expired). Lookups are
 * cached by hash (deps.caches, invalidated by token creation and revocation and by the user's
 * deletion); the expiry is checked against the clock on every call.
 */
async function usableToken(deps: Deps, value: string): Promise<CachedToken | null> {
  const hash = hashToken(value);
  let token = deps.caches.token(hash);
  if (token === undefined) {
    const ticket = deps.caches.ticket('tokens');
    const row = await findTokenByHash(deps.db, hash);
    token =
      row && !row.revoked
        ? {
            id: row.id,
            expiresAt: new Date(row.expires_at).getTime(),
            // The column's check allows only the three; anything else would be the narrowest.
            scope: isTokenScope(row.scope) ? row.scope : 'codes',
          }
        : null;
    deps.caches.storeToken(hash, token, ticket);
  }
  return token && token.expiresAt > deps.clock.now().getTime() ? token : null;
}

/** The single user's id, if someone registered (cached; registration and deletion invalidate it). */
async function currentUserId(deps: Deps): Promise<number | undefined> {
  const cached = deps.caches.userId();
  if (cached) return cached.id;
  const ticket = deps.caches.ticket('user');
  const id = await findUserId(deps.db);
  deps.caches.storeUserId(id, ticket);
  return id;
}
