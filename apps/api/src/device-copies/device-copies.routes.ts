import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { DeviceCopy, DeviceCopyIdParams, NewDeviceCopyBody } from './device-copies.schemas.js';
import {
  deviceCopies,
  refreshDeviceCopy,
  refuseAnonymousRefresh,
  registerDeviceCopy,
  revokeDeviceCopy,
} from './device-copies.service.js';

const callerSession = (request: FastifyRequest) =>
  request.caller?.kind === 'session' ? request.caller.sessionId : null;

const callerToken = (request: FastifyRequest) =>
  request.caller?.kind === 'token' ? request.caller.tokenId : null;

/**
 * The devices keeping an encrypted copy for offline use. The server only keeps their record: the
 * copy itself is built by the device from the accounts it reads, and its keys never leave it.
 */
export const deviceCopiesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // The signed-in user's only: a token can neither make nor revoke a device copy.
  const config = { auth: 'api', scope: 'session' } as const;
  const tags = ['device-copies'];

  app.get(
    '/api/v1/device-copies',
    {
      config,
      schema: {
        tags,
        operationId: 'listDeviceCopies',
        summary: 'The devices that keep an encrypted copy, newest first',
        response: { 200: Type.Array(DeviceCopy) },
      },
    },
    async () => deviceCopies(app.deps),
  );

  app.post(
    '/api/v1/device-copies',
    {
      config,
      schema: {
        tags,
        operationId: 'registerDeviceCopy',
        summary: 'Records a device that starts keeping an encrypted copy',
        body: NewDeviceCopyBody,
        response: { 201: DeviceCopy },
      },
    },
    async (request, reply) => {
      const copy = await registerDeviceCopy(
        app.deps,
        request.body.name,
        request.headers['user-agent'],
        callerSession(request),
      );
      return reply.code(201).send(copy);
    },
  );

  app.post(
    '/api/v1/device-copies/:id/refresh',
    {
      // A revoked copy's device was signed out with it: it is still told (404) without a session.
      // A token (the extension's `read` token) may refresh the copy tied to it, and only that one.
      config: { auth: 'probe', scope: 'read' },
      schema: {
        tags,
        operationId: 'refreshDeviceCopy',
        summary:
          "Records that a device refreshed its copy; 404 once revoked (the device erases it), even to a device whose session the revocation ended. A token (Twofold's browser extension) may refresh only the copy tied to it",
        params: DeviceCopyIdParams,
        response: { 200: DeviceCopy },
      },
    },
    async (request) =>
      request.caller
        ? refreshDeviceCopy(app.deps, request.params.id, {
            sessionId: callerSession(request),
            tokenId: callerToken(request),
          })
        : refuseAnonymousRefresh(app.deps, request.params.id),
  );

  app.delete(
    '/api/v1/device-copies/:id',
    {
      config,
      schema: {
        tags,
        operationId: 'revokeDeviceCopy',
        summary:
          "Revokes a device copy: its next refresh is refused and the device erases the copy; the device's web session (the one that last refreshed the copy) ends, unless it is the caller's",
        params: DeviceCopyIdParams,
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      const who = { ip: request.ip, userAgent: request.headers['user-agent'], log: request.log };
      await revokeDeviceCopy(app.deps, who, request.params.id, callerSession(request));
      return reply.code(204).send(null);
    },
  );
};
