import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SessionStatus } from './session-status.schemas.js';
import { sessionStatus } from './session-status.service.js';

/** Twofold-only: 2FAuth clients keep `GET /api/v1/user` and its 401. */
export const sessionStatusRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/v1/session',
    {
      config: { auth: 'probe', scope: 'codes' },
      schema: {
        tags: ['user'],
        operationId: 'getSessionStatus',
        summary:
          'The signed-in user, or null without credentials (200, not 401); bad credentials and idle sessions answer as GET /api/v1/user',
        response: { 200: SessionStatus },
      },
    },
    async (request) => sessionStatus(app.deps, request.caller),
  );
};
