import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Message } from '../http/common.schemas.js';
import { currentSession, endSessionRotatingCsrf, ensureCsrf } from './session.js';
import { recordSignOut } from '../auth-log/auth-log.service.js';

/** Sign-out and the CSRF token (password sign-in is users/sign-in.routes.ts). */
export const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/user/logout',
    {
      config: { auth: 'none', notInProxyMode: true },
      schema: {
        tags: ['auth'],
        operationId: 'logout',
        summary: 'Ends the session (idempotent) and rotates the CSRF token',
        response: { 200: Message },
      },
    },
    async (request, reply) => {
      // The session is deleted; a new CSRF token (in the cookie only) takes its place.
      const session = await currentSession(request);
      await endSessionRotatingCsrf(request, reply);
      if (session?.userId != null) {
        const who = { ip: request.ip, userAgent: request.headers['user-agent'], log: request.log };
        await recordSignOut(app.deps, who, session.id);
      }
      return { message: 'signed out' };
    },
  );

  app.get(
    '/refresh-csrf',
    {
      config: { auth: 'none' },
      schema: {
        tags: ['auth'],
        operationId: 'refreshCsrf',
        summary: 'The CSRF token (text), also set as the XSRF-TOKEN cookie',
        response: { 200: Type.String({ description: 'The CSRF token' }) },
        produces: ['text/plain'],
      },
    },
    async (request, reply) => {
      const token = await ensureCsrf(request, reply);
      return reply.type('text/plain; charset=utf-8').send(token);
    },
  );
};
