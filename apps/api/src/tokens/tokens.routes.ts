import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { isTruthy, toTimestamp } from '../http/common.schemas.js';
import { TOKEN_LIFETIME_SECONDS, issueToken, toToken } from './tokens.service.js';
import { errors } from '../http/errors.js';
import { DEFAULT_TOKEN_SCOPE } from '../http/token-scopes.js';
import {
  CreatedToken,
  NewTokenBody,
  PersonalAccessToken,
  TokenIdParams,
  TokenListQuery,
} from './tokens.schemas.js';
import { listUsableTokens, revokeToken } from './tokens.queries.js';

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
      const { value, token } = await issueToken(app.deps, {
        name: request.body.name,
        scope: request.body.scope ?? DEFAULT_TOKEN_SCOPE,
      });
      return {
        tokenType: 'Bearer' as const,
        expiresIn: TOKEN_LIFETIME_SECONDS,
        accessToken: value,
        accessTokenId: token.id,
        token,
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
