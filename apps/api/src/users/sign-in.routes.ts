import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LoginBody, LoginPayload } from './users.schemas.js';
import { login } from './users.service.js';
import { sessionPort } from '../auth/session-port.js';

/** Password sign-in: the user's credentials checked against the login throttle, then a session. */
export const signInRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/user/login',
    {
      config: { auth: 'none', notInProxyMode: true, authLimiter: true },
      schema: {
        tags: ['auth'],
        operationId: 'login',
        summary:
          'Signs in with e-mail and password (lockout after LOGIN_THROTTLE failures per address, a growing wait after LOGIN_THROTTLE_ACCOUNT across addresses)',
        body: LoginBody,
        response: { 200: LoginPayload },
      },
    },
    async (request, reply) => login(app.deps, sessionPort(request, reply), request.body),
  );
};
