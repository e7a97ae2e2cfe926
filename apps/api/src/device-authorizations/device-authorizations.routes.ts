import { Type, type FastifyPluginAsyncTypebox, type Static } from '@fastify/type-provider-typebox';
import { assertRecentlyConfirmed } from '../auth/identity-confirmation.js';
import { sessionPort } from '../auth/session-port.js';
import { translate } from '../i18n/translate.js';
import { type ErrorMessage } from '../http/error-envelopes.js';
import {
  ApproveBody,
  DeviceAuthorization,
  DeviceToken,
  DeviceTokenErrorBody,
  PendingAuthorization,
  StartBody,
  TokenBody,
  UserCodeParams,
} from './device-authorizations.schemas.js';
import { errors } from '../http/errors.js';
import {
  decideAuthorization,
  endOwnToken,
  pollAuthorization,
  showAuthorization,
  startAuthorization,
} from './device-authorizations.service.js';

const POLL_MESSAGES = {
  authorization_pending: 'error.device_authorization_pending',
  slow_down: 'error.device_slow_down',
  access_denied: 'error.device_access_denied',
  expired_token: 'error.device_expired_token',
} as const;

/**
 * Pairing a device without copying a token (Twofold only): the device starts and polls without
 * credentials; the signed-in user sees, approves or denies the pairing from the web page.
 */
export const deviceAuthorizationsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['device-authorizations'];
  // The user's decision: a web session only, never a token (not even the one being paired).
  const userOnly = { auth: 'api', scope: 'session' } as const;

  app.post(
    '/api/v1/device-authorizations',
    {
      config: { auth: 'none', authLimiter: true },
      schema: {
        tags,
        operationId: 'startDeviceAuthorization',
        summary:
          'Starts pairing a device (the browser extension, the CLI): it shows `user_code`, opens `verification_uri_complete`, and polls for its token every `interval` seconds',
        body: StartBody,
        response: { 201: DeviceAuthorization },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await startAuthorization(app.deps, request.body, request.headers['user-agent'])),
  );

  endTokenRoute(app, tags);

  app.post(
    '/api/v1/device-authorizations/token',
    {
      config: { auth: 'none' },
      schema: {
        tags,
        operationId: 'pollDeviceAuthorization',
        summary:
          "A device's poll: once approved, its personal access token (given once); else 400 with `error` saying why not",
        body: TokenBody,
        // A body that is not JSON is refused before the handler, in the common error shape.
        response: {
          200: DeviceToken,
          400: Type.Union([
            DeviceTokenErrorBody,
            Type.Unsafe<Static<typeof ErrorMessage>>({ $ref: 'ErrorMessage#' }),
          ]),
        },
      },
    },
    async (request, reply) => {
      const result = await pollAuthorization(app.deps, request.body.device_code);
      if (result.ok) return result.token;
      const message = translate(request.locale, POLL_MESSAGES[result.error]);
      return reply.code(400).send({ message, error: result.error });
    },
  );

  app.get(
    '/api/v1/device-authorizations/:user_code',
    {
      config: userOnly,
      schema: {
        tags,
        operationId: 'getDeviceAuthorization',
        summary:
          'The pending pairing of a user code (any case, with or without its dash); 404 when unknown or expired',
        params: UserCodeParams,
        response: { 200: PendingAuthorization },
      },
    },
    async (request) => showAuthorization(app.deps, request.params.user_code),
  );

  app.post(
    '/api/v1/device-authorizations/:user_code/approve',
    {
      config: userOnly,
      schema: {
        tags,
        operationId: 'approveDeviceAuthorization',
        summary:
          "Approves a pairing (after the identity confirmation): the device's next poll gets a token of the scope it asked for, listed under `name` (default: the device's name)",
        params: UserCodeParams,
        body: ApproveBody,
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      const session = sessionPort(request, reply);
      await assertRecentlyConfirmed(request.caller, () => session, app.deps.clock.now());
      await decideAuthorization(app.deps, request.params.user_code, {
        approve: true,
        name: request.body.name,
      });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/v1/device-authorizations/:user_code/deny',
    {
      config: userOnly,
      schema: {
        tags,
        operationId: 'denyDeviceAuthorization',
        summary: "Refuses a pairing: the device's next poll hears `access_denied`",
        params: UserCodeParams,
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      await decideAuthorization(app.deps, request.params.user_code, { approve: false });
      return reply.code(204).send(null);
    },
  );
};

/** A device ends its own token: any token may; a session or the proxy's user is told to use Settings. */
function endTokenRoute(app: Parameters<FastifyPluginAsyncTypebox>[0], tags: string[]): void {
  app.delete(
    '/api/v1/device-authorizations/token',
    {
      config: { auth: 'api', scope: 'codes' },
      schema: {
        tags,
        operationId: 'endDeviceToken',
        summary:
          "Twofold only: revokes the caller's own token (a device unpairing, or turning its offline copy off) and the device copy tied to it; 403 to a session",
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      const caller = request.caller;
      if (caller?.kind !== 'token') throw errors.tokenRequired();
      await endOwnToken(app.deps, caller.tokenId);
      return reply.code(204).send(null);
    },
  );
}
