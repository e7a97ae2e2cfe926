import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { errors } from '../http/errors.js';
import { OpenSession, SessionIdParams } from './sessions.schemas.js';
import { endOneSession, endOtherSessions, openSessions } from './sessions.service.js';

function callerSession(request: FastifyRequest): string {
  if (request.caller?.kind !== 'session') throw errors.unauthenticated();
  return request.caller.sessionId;
}

const requester = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
  log: request.log,
});

/** The user's open web sessions: list them, end one, or end all but the current one. */
export const sessionsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const config = { auth: 'session' } as const;
  const tags = ['auth'];
  app.get(
    '/user/sessions',
    {
      config,
      schema: {
        tags,
        operationId: 'listSessions',
        summary: 'Open web sessions, most recently active first (the current one marked)',
        response: { 200: Type.Array(OpenSession) },
      },
    },
    async (request) => openSessions(app.deps, callerSession(request)),
  );

  app.delete(
    '/user/sessions/:id',
    {
      config,
      schema: {
        tags,
        operationId: 'endSession',
        summary: 'Ends one session: its next request is refused',
        params: SessionIdParams,
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      callerSession(request);
      await endOneSession(app.deps, requester(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/user/sessions',
    {
      config,
      schema: {
        tags,
        operationId: 'endOtherSessions',
        summary: 'Ends every session but the current one',
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      await endOtherSessions(app.deps, requester(request), callerSession(request));
      return reply.code(204).send(null);
    },
  );
};
