import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Nullable } from '../http/common.schemas.js';

export const userNameRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/v1/user/name',
    {
      config: { auth: 'optional', scope: 'codes' },
      schema: {
        tags: ['user'],
        operationId: 'getUserName',
        summary:
          'The user name (anonymous), or id, name and e-mail (authenticated); never the e-mail anonymously',
        response: {
          200: Type.Union([
            Type.Object({
              id: Nullable(Type.Integer()),
              name: Nullable(Type.String()),
              email: Nullable(Type.String()),
            }),
            Type.Object({ name: Nullable(Type.String()) }),
          ]),
        },
      },
    },
    async (request) => {
      const caller = request.caller;
      if (caller?.kind === 'proxy') return { id: null, name: caller.name, email: caller.email };
      // Proxy mode without a trusted identity: nobody is known here.
      if (app.deps.config.AUTHENTICATION_GUARD === 'reverse-proxy-guard') return { name: null };
      const user = await app.deps.db.selectFrom('users').select(['id', 'name', 'email']).executeTakeFirst();
      if (caller && user) return { id: user.id, name: user.name, email: user.email };
      return { name: user?.name ?? null };
    },
  );
};
