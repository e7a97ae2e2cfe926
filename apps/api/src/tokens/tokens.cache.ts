import type { FastifyInstance } from 'fastify';
import { findTokenByHash, findUserId, hashToken } from './tokens.queries.js';

/**
 * The usable token matching a presented value, or null (unknown, revoked, expired). Lookups are
 * cached by hash (app.caches, invalidated by token creation and revocation and by the user's
 * deletion); the expiry is checked against the clock on every call.
 */
export async function usableToken(app: FastifyInstance, value: string): Promise<{ id: string } | null> {
  const hash = hashToken(value);
  let token = app.caches.token(hash);
  if (token === undefined) {
    const ticket = app.caches.ticket('tokens');
    const row = await findTokenByHash(app.db, hash);
    token = row && !row.revoked ? { id: row.id, expiresAt: new Date(row.expires_at).getTime() } : null;
    app.caches.storeToken(hash, token, ticket);
  }
  return token && token.expiresAt > app.clock.now().getTime() ? token : null;
}

/** The single user's id, if someone registered (cached; registration and deletion invalidate it). */
export async function currentUserId(app: FastifyInstance): Promise<number | undefined> {
  const cached = app.caches.userId();
  if (cached) return cached.id;
  const ticket = app.caches.ticket('user');
  const id = await findUserId(app.db);
  app.caches.storeUserId(id, ticket);
  return id;
}
