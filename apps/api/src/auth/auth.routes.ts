import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Message } from '../http/common.schemas.js';
import { ensureSession, openSession } from './session.js';

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
      // The previous session is deleted and an anonymous one (new CSRF token) takes its place.
      await openSession(request, reply, null);
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
      const session = await ensureSession(request, reply);
      return reply.type('text/plain; charset=utf-8').send(session.csrfToken);
    },
  );
};
