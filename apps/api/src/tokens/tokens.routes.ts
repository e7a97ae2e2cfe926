import { randomBytes } from 'node:crypto';
import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { isTruthy, toTimestamp } from '../http/common.schemas.js';
import { errors } from '../http/errors.js';
import { DEFAULT_TOKEN_SCOPE, isTokenScope, type TokenScope } from '../http/token-scopes.js';
import {
  CreatedToken,
  NewTokenBody,
  PersonalAccessToken,
  TokenIdParams,
  TokenListQuery,
} from './tokens.schemas.js';
import { hashToken, insertToken, listUsableTokens, revokeToken } from './tokens.queries.js';

const LIFETIME_SECONDS = 365 * 24 * 3600;

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
function toToken(row: TokenRow) {
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

/** Personal access tokens, managed from the web app's session only. */
export const tokensRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const session = { auth: 'session' } as const;

  app.get(
    '/oauth/personal-access-tokens',
    {
      config: session,
      schema: {
        tags: ['tokens'],
        operationId: 'listPersonalAccessTokens',
        summary:
          'Valid personal access tokens, newest first (never their value); `withUsage=1` adds when and from where each was last used',
        querystring: TokenListQuery,
        response: { 200: Type.Array(PersonalAccessToken) },
      },
    },
    async (request) => {
      const rows = await listUsableTokens(app.deps.db, app.deps.clock.now());
      if (!isTruthy(request.query.withUsage)) return rows.map(toToken);
      return rows.map((row) => ({
        ...toToken(row),
        last_used_at: row.last_used_at ? toTimestamp(row.last_used_at) : null,
        last_used_ip: row.last_used_ip,
      }));
    },
  );

  app.post(
    '/oauth/personal-access-tokens',
    {
      config: session,
      schema: {
        tags: ['tokens'],
        operationId: 'createPersonalAccessToken',
        summary:
          'Creates a token valid for a year; its value is shown only in this answer. `scope` (Twofold only) limits what it may do; `full` when absent',
        body: NewTokenBody,
        response: { 200: CreatedToken },
      },
    },
    async (request) => {
      const now = app.deps.clock.now();
      // 48 random bytes: 64 base64url characters, 384 bits.
      const value = randomBytes(48).toString('base64url');
      const row = await insertToken(app.deps.db, {
        id: randomBytes(20).toString('hex'),
        name: request.body.name,
        scope: request.body.scope ?? DEFAULT_TOKEN_SCOPE,
        tokenHash: hashToken(value),
        now,
        expiresAt: new Date(now.getTime() + LIFETIME_SECONDS * 1000),
      });
      app.deps.alerts.raise({ kind: 'token_created', name: row.name });
      return {
        tokenType: 'Bearer' as const,
        expiresIn: LIFETIME_SECONDS,
        accessToken: value,
        accessTokenId: row.id,
        token: toToken(row),
      };
    },
  );

  app.delete(
    '/oauth/personal-access-tokens/:id',
    {
      config: session,
      schema: {
        tags: ['tokens'],
        operationId: 'revokePersonalAccessToken',
        summary: 'Revokes a token: it stops working at once',
        params: TokenIdParams,
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      const revoked = await revokeToken(app.deps.db, request.params.id, app.deps.clock.now());
      if (!revoked) throw errors.notFound();
      return reply.code(204).send(null);
    },
  );
};
