import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sessionPort } from '../auth/session-port.js';
import { confirmWithPassword } from './confirm-identity.service.js';
import { Password } from '../http/common.schemas.js';
import { Confirmed } from './users.schemas.js';

/** Web sessions confirm who they are before revealing recovery codes and notes (five minutes). */
export const confirmIdentityRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/user/confirm',
    {
      config: { auth: 'session', authLimiter: true },
      schema: {
        tags: ['user'],
        operationId: 'confirmIdentity',
        summary: 'Confirms the signed-in user with their password, for five minutes (Twofold only)',
        body: Type.Object({ password: Password() }),
        response: { 200: Confirmed },
      },
    },
    async (request, reply) =>
      confirmWithPassword(app.deps, sessionPort(request, reply), request.body.password),
  );
};
