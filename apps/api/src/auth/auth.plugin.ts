import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { errors } from '../http/errors.js';
import type { Caller } from '../http/fastify-types.js';
import { findUsableToken, findUserId } from '../tokens/tokens.queries.js';

const BEARER = /^bearer\s+([A-Za-z0-9_-]{1,512})\s*$/i;

/** A valid Bearer token's caller, or null (unknown, revoked, expired, malformed). */
async function callerFromBearer(request: FastifyRequest, header: string): Promise<Caller | null> {
  const value = BEARER.exec(header)?.[1];
  if (!value) return null;
  const { db, clock } = request.server;
  const token = await findUsableToken(db, value, clock.now());
  if (!token) return null;
  const userId = await findUserId(db);
  return userId === undefined ? null : { kind: 'token', userId, tokenId: token.id };
}

/**
 * Authentication of every request, run at onRequest (before validation, as api.md §1.9 orders it),
 * according to the route's `config.auth`. If an Authorization header is present it alone decides.
 */
export const authPlugin = fp(
  async (app) => {
    app.addHook('onRequest', async (request) => {
      const requirement = request.routeOptions.config.auth ?? 'none';
      if (requirement === 'none') return;
      const header = request.headers.authorization;
      if (header !== undefined) {
        const caller = requirement === 'session' ? null : await callerFromBearer(request, header);
        if (caller) request.caller = caller;
        else if (requirement !== 'optional') throw errors.unauthenticated();
        return;
      }
      if (requirement !== 'optional') throw errors.unauthenticated();
    });
  },
  { name: 'auth' },
);
