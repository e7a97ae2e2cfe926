import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { isTruthy } from '../http/common.schemas.js';
import { Authentication, LogWindowQuery } from '../auth-log/auth-log.schemas.js';
import { authentications } from '../auth-log/auth-log.service.js';
import { logWindow } from '../auth-log/log-window.js';
import { findUser } from './users.queries.js';
import { ManagedUser, ManagedUserShow, UserIdParams } from './user-manager.schemas.js';
import { managedUser, refusedAction, showManagedUser, theUser } from './user-manager.service.js';

/**
 * 2FAuth's user-management routes, for the one user: the reads answer for them; what needs
 * several users (create, delete, promote, reset another's password, revoke another's tokens or
 * devices) is refused as 2FAuth refuses a forbidden action (403), after the 404 of an unknown id.
 */
export const userManagerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['user'];
  const config = { auth: 'api' } as const;

  app.get(
    '/api/v1/users',
    {
      config,
      schema: {
        tags,
        operationId: 'listUsers',
        summary: 'The users: a list of one',
        response: { 200: Type.Array(ManagedUser) },
      },
    },
    async (request) => {
      const user = await findUser(app.deps.db);
      return user ? [await managedUser(app.deps, user, request.caller, request.locale)] : [];
    },
  );

  app.get(
    '/api/v1/users/:id',
    {
      config,
      schema: {
        tags,
        operationId: 'showUser',
        summary: 'The one user (another id: 404)',
        params: UserIdParams,
        response: { 200: ManagedUserShow },
      },
    },
    async (request) => {
      const user = await theUser(app.deps, request.params.id);
      return showManagedUser(app.deps, user, request.caller, request.locale);
    },
  );

  app.get(
    '/api/v1/users/:id/authentications',
    {
      config,
      schema: {
        tags,
        operationId: 'listAuthentications',
        summary:
          'The authentication log, newest first (`period` in months, `limit`); `withEvent=1` adds `event` and `at` (ISO 8601)',
        params: UserIdParams,
        querystring: Type.Intersect([
          LogWindowQuery,
          Type.Object({ withEvent: Type.Optional(Type.Unknown()) }),
        ]),
        response: { 200: Type.Array(Authentication) },
      },
    },
    async (request) => {
      await theUser(app.deps, request.params.id);
      const query = request.query as Record<string, unknown>;
      return authentications(app.deps, logWindow(query), { withEvent: isTruthy(query.withEvent) });
    },
  );

  // 2FAuth's refusal has a reason; a token refused for its scope answers without one.
  const refused = {
    403: { description: 'Refused, with the reason `This action is unauthorized.`', $ref: 'ErrorMessage#' },
  };
  app.post(
    '/api/v1/users',
    {
      config,
      schema: { tags, operationId: 'createUser', summary: 'Refused: there is one user', response: refused },
    },
    async () => {
      throw refusedAction();
    },
  );
  // Tokens and security devices are the signed-in user's only, even to be refused.
  const refusals = [
    ['DELETE', '/api/v1/users/:id', 'deleteManagedUser', 'full'],
    ['PATCH', '/api/v1/users/:id/promote', 'promoteUser', 'full'],
    ['PATCH', '/api/v1/users/:id/password/reset', 'resetUserPassword', 'full'],
    ['DELETE', '/api/v1/users/:id/pats', 'revokeUserTokens', 'session'],
    ['DELETE', '/api/v1/users/:id/credentials', 'revokeUserCredentials', 'session'],
  ] as const;
  for (const [method, url, operationId, scope] of refusals) {
    app.route({
      method,
      url,
      config: { ...config, scope },
      schema: {
        tags,
        operationId,
        summary: 'Refused for the one user (403); another id: 404',
        params: UserIdParams,
        response: refused,
      },
      handler: async (request) => {
        await theUser(app.deps, request.params.id);
        throw refusedAction();
      },
    });
  }
};
