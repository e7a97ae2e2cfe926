import type { FastifyRequest } from 'fastify';
import type { RouteApp } from '../http/route-app.js';
import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Message } from '../http/common.schemas.js';
import { errors } from '../http/errors.js';
import { translate } from '../i18n/translate.js';
import { LoginPayload } from '../users/users.schemas.js';
import {
  AuthenticationResponseBody,
  CreationOptions,
  Credential,
  CredentialIdParams,
  LoginOptionsBody,
  LostDeviceBody,
  RecoveryBody,
  RegistrationResponseBody,
  RenameBody,
  RequestOptions,
} from './webauthn.schemas.js';
import { Confirmed } from '../users/users.schemas.js';
import {
  confirmOptions,
  confirmWithDevice,
  devices,
  loginOptions,
  loginWithDevice,
  registerDevice,
  registrationOptions,
  revokeDevice,
} from './webauthn.service.js';
import {
  type RecoveryClaim,
  recoverWithDevice,
  recoveryOptions,
  sendRecoveryLink,
} from './webauthn-recovery.service.js';
import { renameCredential } from './webauthn.queries.js';
import { sessionPort } from '../auth/session-port.js';

const session = { auth: 'session' } as const;
const publicRoute = { auth: 'none', notInProxyMode: true } as const;
const tags = ['webauthn'];

/** Security devices: registration, management, sign-in and recovery. */
export const webauthnRoutes: FastifyPluginAsyncTypebox = async (app) => {
  deviceRoutes(app);
  signInRoutes(app);
  confirmRoutes(app);
};

/**
 * A signed-in user confirms who they are with a device, as with their password (`/user/confirm`):
 * the session may reveal recovery codes and notes for five minutes.
 */
function confirmRoutes(app: RouteApp): void {
  app.post(
    '/user/confirm/webauthn/options',
    {
      config: session,
      schema: {
        tags: ['user'],
        operationId: 'confirmIdentityWebauthnOptions',
        summary: 'Request options to confirm the signed-in user with a security device (Twofold only)',
        response: { 200: RequestOptions },
      },
    },
    async (request, reply) => confirmOptions(app.deps, sessionPort(request, reply)),
  );

  app.post(
    '/user/confirm/webauthn',
    {
      config: { ...session, authLimiter: true },
      schema: {
        tags: ['user'],
        operationId: 'confirmIdentityWebauthn',
        summary:
          "Confirms the signed-in user with a security device's assertion, for five minutes (Twofold only)",
        body: AuthenticationResponseBody,
        response: { 200: Confirmed },
      },
    },
    async (request, reply) => confirmWithDevice(app.deps, sessionPort(request, reply), request.body),
  );
}

/** Registering, listing, renaming and revoking security devices. */
function deviceRoutes(app: RouteApp): void {
  app.post(
    '/webauthn/register/options',
    {
      config: session,
      schema: {
        tags,
        operationId: 'webauthnRegisterOptions',
        summary: 'Creation options to register a security device',
        response: { 200: CreationOptions },
      },
    },
    async (request, reply) => registrationOptions(app.deps, sessionPort(request, reply)),
  );

  app.post(
    '/webauthn/register',
    {
      config: session,
      schema: {
        tags,
        operationId: 'webauthnRegister',
        summary: "Registers a security device from the browser's attestation",
        body: RegistrationResponseBody,
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      await registerDevice(app.deps, sessionPort(request, reply), request.body);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/webauthn/credentials',
    {
      config: session,
      schema: {
        tags,
        operationId: 'listWebauthnCredentials',
        summary: 'Registered security devices, oldest first',
        response: { 200: Type.Array(Credential) },
      },
    },
    async () => devices(app.deps),
  );

  app.patch(
    '/webauthn/credentials/:id/name',
    {
      config: session,
      schema: {
        tags,
        operationId: 'renameWebauthnCredential',
        summary: 'Names a security device',
        params: CredentialIdParams,
        body: RenameBody,
        response: { 200: Type.Object({ name: Type.String() }) },
      },
    },
    async (request) => {
      const renamed = await renameCredential(
        app.deps.db,
        request.params.id,
        request.body.name,
        app.deps.clock.now(),
      );
      if (!renamed) throw errors.notFound();
      return { name: request.body.name };
    },
  );

  app.delete(
    '/webauthn/credentials/:id',
    {
      config: session,
      schema: {
        tags,
        operationId: 'revokeWebauthnCredential',
        summary: 'Revokes a security device; revoking the last one turns WebAuthn-only and -default off',
        params: CredentialIdParams,
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      await revokeDevice(app.deps, request.params.id);
      return reply.code(204).send(null);
    },
  );
}

/** Signing in with a device, and recovering an account through one. */
function signInRoutes(app: RouteApp): void {
  app.post(
    '/webauthn/login/options',
    {
      config: publicRoute,
      schema: {
        tags,
        operationId: 'webauthnLoginOptions',
        summary: 'Request options to sign in with a security device',
        body: LoginOptionsBody,
        response: { 200: RequestOptions },
      },
    },
    async (request, reply) => loginOptions(app.deps, sessionPort(request, reply)),
  );

  app.post(
    '/webauthn/login',
    {
      config: { ...publicRoute, authLimiter: true },
      schema: {
        tags,
        operationId: 'webauthnLogin',
        summary: "Signs in with the browser's assertion (lockout after LOGIN_THROTTLE failures)",
        body: AuthenticationResponseBody,
        response: { 200: LoginPayload },
      },
    },
    async (request, reply) => loginWithDevice(app.deps, sessionPort(request, reply), request.body),
  );

  app.post(
    '/webauthn/lost',
    {
      config: { ...publicRoute, disabledInDemo: true },
      schema: {
        tags,
        operationId: 'webauthnLost',
        summary: 'Mails a single-use link to register a new security device',
        body: LostDeviceBody,
        response: { 200: Message },
      },
    },
    async (request) => {
      await sendRecoveryLink(app.deps, request.body.email, request.log, request.locale);
      return { message: translate(request.locale, 'success.recovery_email_sent') };
    },
  );

  app.post(
    '/webauthn/recover/options',
    {
      config: { ...publicRoute, disabledInDemo: true },
      schema: {
        tags,
        operationId: 'webauthnRecoverOptions',
        summary: 'Creation options to register a new device with the e-mailed recovery token',
        body: RecoveryBody,
        response: { 200: CreationOptions },
      },
    },
    async (request, reply) => recoveryOptions(app.deps, sessionPort(request, reply), request.body),
  );

  app.post(
    '/webauthn/recover',
    {
      config: { ...publicRoute, disabledInDemo: true, authLimiter: true },
      schema: {
        tags,
        operationId: 'webauthnRecover',
        summary: 'Registers a new device with the recovery token (headers email, token, unique) and signs in',
        body: RegistrationResponseBody,
        response: { 200: Message },
      },
    },
    async (request, reply) => {
      await recoverWithDevice(app.deps, sessionPort(request, reply), recoveryClaim(request), request.body);
      return { message: translate(request.locale, 'success.device_registered') };
    },
  );
}

/** `email`, `token` and `unique` of a recovery: each from its header, else from the same-named body key. */
function recoveryClaim(request: FastifyRequest): RecoveryClaim {
  const body = request.body as Record<string, unknown>;
  const headerOrBody = (name: keyof RecoveryClaim): unknown => {
    const header = request.headers[name];
    if (typeof header === 'string' && header.trim() !== '') return header.trim();
    return typeof body[name] === 'string' ? body[name].trim() || undefined : body[name];
  };
  return { email: headerOrBody('email'), token: headerOrBody('token'), unique: headerOrBody('unique') };
}
