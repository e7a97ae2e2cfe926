import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Deps } from '../shared/deps.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Static } from 'typebox';
import { errors } from '../http/errors.js';
import { ensureSession, openSession, saveSessionData } from '../auth/session.js';
import { assertNotLocked, clearFailures, lockoutKey, recordFailure } from '../auth/login-throttle.js';
import {
  consumeAuthToken,
  deleteAuthToken,
  issueAuthToken,
  issuedRecently,
  isValidAuthToken,
} from '../auth/auth-tokens.queries.js';
import { emailedLink, sendOrFail } from '../mail/send-or-fail.js';
import { readNativeSetting } from '../settings/settings.queries.js';
import { findUser, type UserRow } from '../users/users.queries.js';
import { loginPayload } from '../users/users.mapper.js';
import { userByEmail } from '../users/password-reset.service.js';
import { toTimestamp } from '../http/common.schemas.js';
import {
  deleteCredentials,
  findCredential,
  insertCredential,
  listCredentials,
  updateCounter,
} from './webauthn.queries.js';
import type { AuthenticationResponseBody, RegistrationResponseBody } from './webauthn.schemas.js';

/*
 * Security devices (api.md §13) with @simplewebauthn/server. Challenges are 32 random bytes,
 * single-use, valid 60 s, kept in the caller's (possibly anonymous) server-side session.
 */

type Ceremony = 'register' | 'login' | 'recover';
const TIMEOUT_MS = 60_000;
const ALGORITHMS = [-7, -257];

interface StoredChallenge {
  readonly challenge: string;
  readonly ceremony: Ceremony;
  readonly expiresAt: number;
}

const notVerified = () => errors.invalidField('credential', 'error.device_not_verified');
const invalidRecoveryToken = () => errors.invalidField('token', 'error.invalid_recovery_token');

/** `required` while WebAuthn-only is on (amendment 12), else WEBAUTHN_USER_VERIFICATION. */
async function userVerification(deps: Deps) {
  if (await readNativeSetting(deps.db, 'useWebauthnOnly')) return 'required' as const;
  return deps.config.WEBAUTHN_USER_VERIFICATION;
}

async function storeChallenge(request: FastifyRequest, reply: FastifyReply, stored: StoredChallenge) {
  const session = await ensureSession(request, reply);
  await saveSessionData(request, session, { ...session.data, webauthn: stored });
}

/** The pending challenge of this ceremony, removed from the session (single use). */
async function takeChallenge(
  request: FastifyRequest,
  reply: FastifyReply,
  ceremony: Ceremony,
): Promise<string | undefined> {
  const session = await ensureSession(request, reply);
  const stored = session.data.webauthn as StoredChallenge | undefined;
  if (!stored) return undefined;
  const { webauthn: _used, ...rest } = session.data;
  await saveSessionData(request, session, rest);
  const fresh = stored.expiresAt > request.server.deps.clock.now().getTime();
  return stored.ceremony === ceremony && fresh ? stored.challenge : undefined;
}

async function creationOptions(
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
  ceremony: Ceremony,
) {
  const deps = request.server.deps;
  const credentials = await listCredentials(deps.db);
  const options = await generateRegistrationOptions({
    rpName: deps.config.webauthnRpName,
    rpID: deps.config.webauthnRpId,
    userName: user.email,
    userDisplayName: user.name,
    userID: new Uint8Array(Buffer.from(user.webauthn_handle, 'base64url')),
    timeout: TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: credentials.map((credential) => ({
      id: credential.id,
      transports: credential.transports,
    })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: await userVerification(deps) },
    supportedAlgorithmIDs: ALGORITHMS,
  });
  await storeChallenge(request, reply, {
    challenge: options.challenge,
    ceremony,
    expiresAt: deps.clock.now().getTime() + TIMEOUT_MS,
  });
  return {
    rp: { name: deps.config.webauthnRpName, id: deps.config.webauthnRpId },
    user: { id: options.user.id, name: options.user.name, displayName: options.user.displayName },
    challenge: options.challenge,
    pubKeyCredParams: options.pubKeyCredParams.map(({ alg }) => ({ type: 'public-key' as const, alg })),
    timeout: TIMEOUT_MS,
    attestation: 'none',
    excludeCredentials: credentials.map((credential) => descriptor(credential.id, credential.transports)),
    authenticatorSelection: {
      residentKey: 'preferred',
      userVerification: options.authenticatorSelection?.userVerification ?? 'preferred',
    },
  };
}

/** A credential descriptor of the options (transports only when known). */
function descriptor(id: string, transports: readonly string[]) {
  return {
    id,
    type: 'public-key' as const,
    ...(transports.length > 0 ? { transports: [...transports] } : {}),
  };
}

/** Checks an attestation against the pending challenge; the new credential, or 422. */
async function verifyNewCredential(
  request: FastifyRequest,
  reply: FastifyReply,
  body: Static<typeof RegistrationResponseBody>,
  ceremony: Ceremony,
) {
  const deps = request.server.deps;
  const challenge = await takeChallenge(request, reply, ceremony);
  if (!challenge) throw notVerified();
  const response = { clientExtensionResults: {}, ...body } as unknown as RegistrationResponseJSON;
  let result: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    result = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: deps.config.appOrigin,
      expectedRPID: deps.config.webauthnRpId,
      requireUserVerification: (await userVerification(deps)) === 'required',
      supportedAlgorithmIDs: ALGORITHMS,
    });
  } catch (error) {
    request.log.info({ reason: (error as Error).message }, 'security device not verified');
    throw notVerified();
  }
  if (!result.verified) throw notVerified();
  const { credential, credentialDeviceType, credentialBackedUp } = result.registrationInfo;
  return {
    id: credential.id,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports: credential.transports ?? body.response.transports ?? [],
    deviceType: credentialDeviceType,
    backedUp: credentialBackedUp,
    now: deps.clock.now(),
  };
}

export async function registrationOptions(request: FastifyRequest, reply: FastifyReply) {
  const user = await findUser(request.server.deps.db);
  if (!user) throw errors.unauthenticated();
  return creationOptions(request, reply, user, 'register');
}

export async function registerDevice(
  request: FastifyRequest,
  reply: FastifyReply,
  body: Static<typeof RegistrationResponseBody>,
): Promise<void> {
  const credential = await verifyNewCredential(request, reply, body, 'register');
  if (!(await insertCredential(request.server.deps.db, credential))) throw notVerified();
  request.log.info('security device registered');
}

export async function devices(deps: Deps) {
  return (await listCredentials(deps.db)).map((credential) => ({
    id: credential.id,
    name: credential.name,
    alias: credential.name,
    created_at: toTimestamp(credential.created_at),
  }));
}

export async function revokeDevice(deps: Deps, id: string): Promise<void> {
  // The last device gone turns the WebAuthn-only settings off (deleteCredentials).
  await deps.db.transaction().execute((trx) => deleteCredentials(trx, { only: id }, deps.clock.now()));
}

export async function loginOptions(request: FastifyRequest, reply: FastifyReply) {
  const deps = request.server.deps;
  if (!(await findUser(deps.db))) throw errors.business('error.no_registered_user');
  const credentials = await listCredentials(deps.db);
  const options = await generateAuthenticationOptions({
    rpID: deps.config.webauthnRpId,
    allowCredentials: credentials.map((credential) => ({
      id: credential.id,
      transports: credential.transports,
    })),
    userVerification: await userVerification(deps),
    timeout: TIMEOUT_MS,
  });
  await storeChallenge(request, reply, {
    challenge: options.challenge,
    ceremony: 'login',
    expiresAt: deps.clock.now().getTime() + TIMEOUT_MS,
  });
  return {
    challenge: options.challenge,
    timeout: options.timeout ?? TIMEOUT_MS,
    rpId: options.rpId ?? deps.config.webauthnRpId,
    allowCredentials: credentials.map((credential) => descriptor(credential.id, credential.transports)),
    userVerification: options.userVerification ?? 'preferred',
  };
}

/** Sign-in with a device: any failure is the same 401 and counts for the per-IP lockout. */
export async function loginWithDevice(
  request: FastifyRequest,
  reply: FastifyReply,
  body: Static<typeof AuthenticationResponseBody>,
) {
  const deps = request.server.deps;
  const key = lockoutKey.webauthn(request.ip);
  await assertNotLocked(deps.db, key, deps.config.LOGIN_THROTTLE, deps.clock.now());
  const fail = async (reason: string): Promise<never> => {
    await recordFailure(deps.db, key, deps.clock.now());
    request.log.info({ reason }, 'security device sign-in failed');
    throw errors.unauthorized();
  };
  const challenge = await takeChallenge(request, reply, 'login');
  if (!challenge) return fail('no pending challenge');
  const user = await findUser(deps.db);
  if (!user) return fail('no user');
  const stored = await findCredential(deps.db, body.id);
  if (!stored) return fail('unknown device');
  const handle = body.response.userHandle;
  if (handle && handle !== user.webauthn_handle) return fail('user handle mismatch');
  const response = {
    clientExtensionResults: {},
    ...body,
    response: { ...body.response, userHandle: handle ?? undefined },
  } as unknown as AuthenticationResponseJSON;
  let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: deps.config.appOrigin,
      expectedRPID: deps.config.webauthnRpId,
      credential: {
        id: stored.id,
        publicKey: new Uint8Array(Buffer.from(stored.public_key, 'base64url')),
        counter: Number(stored.counter),
        transports: stored.transports,
      },
      requireUserVerification: (await userVerification(deps)) === 'required',
    });
  } catch (error) {
    return fail((error as Error).message);
  }
  if (!verified.verified) return fail('not verified');
  await updateCounter(deps.db, stored.id, verified.authenticationInfo.newCounter, deps.clock.now());
  await clearFailures(deps.db, key);
  await openSession(request, reply, user.id);
  return loginPayload(deps.db, user, 'authenticated');
}

/** `POST /webauthn/lost`: mails a single-use recovery link (api.md §13.4). */
export async function sendRecoveryLink(request: FastifyRequest, email: string): Promise<void> {
  const deps = request.server.deps;
  const user = await userByEmail(request, email);
  const now = deps.clock.now();
  if (await issuedRecently(deps.db, 'webauthn_recovery', now)) {
    throw errors.invalidField('email', 'error.wait_before_retrying');
  }
  const token = await issueAuthToken(deps.db, 'webauthn_recovery', now);
  const link = emailedLink(deps, '/webauthn/recover', token, user.email);
  try {
    await sendOrFail(deps, {
      to: user.email,
      subject: `${deps.config.APP_NAME}: register a new security device`,
      text: [
        `Hello ${user.name},`,
        '',
        'You lost a security device. Open this link within 60 minutes to register a new one:',
        '',
        link,
        '',
        'If you did not ask for it, ignore this message.',
      ].join('\n'),
    });
  } catch (error) {
    await deleteAuthToken(deps.db, 'webauthn_recovery');
    throw error;
  }
  request.log.info('security device recovery link sent');
}

async function recoveryUser(request: FastifyRequest, email: string, token: string) {
  const user = await userByEmail(request, email);
  const deps = request.server.deps;
  if (!(await isValidAuthToken(deps.db, 'webauthn_recovery', token, deps.clock.now()))) {
    throw invalidRecoveryToken();
  }
  return user;
}

export async function recoveryOptions(
  request: FastifyRequest,
  reply: FastifyReply,
  input: { email: string; token: string },
) {
  const user = await recoveryUser(request, input.email, input.token);
  return creationOptions(request, reply, user, 'recover');
}

function headerOrBody(request: FastifyRequest, name: string): unknown {
  const header = request.headers[name];
  if (typeof header === 'string' && header.trim() !== '') return header.trim();
  const body = request.body as Record<string, unknown>;
  return typeof body[name] === 'string' ? body[name].trim() || undefined : body[name];
}

/**
 * `POST /webauthn/recover`: with the e-mailed token, registers a new device (optionally revoking
 * every other one) and signs in, in one transaction. Failures count for the per-IP lockout.
 */
export async function recoverWithDevice(
  request: FastifyRequest,
  reply: FastifyReply,
  body: Static<typeof RegistrationResponseBody>,
): Promise<void> {
  const deps = request.server.deps;
  const key = lockoutKey.recovery(request.ip);
  await assertNotLocked(deps.db, key, deps.config.LOGIN_THROTTLE, deps.clock.now());
  const email = headerOrBody(request, 'email');
  const token = headerOrBody(request, 'token');
  const unique = headerOrBody(request, 'unique');
  if (typeof email !== 'string')
    throw errors.invalidField('email', 'validation.required', { attribute: 'email' });
  if (typeof token !== 'string')
    throw errors.invalidField('token', 'validation.required', { attribute: 'token' });
  const revokeOthers =
    unique === true || (typeof unique === 'string' && ['true', '1'].includes(unique.toLowerCase()));
  let user: UserRow;
  let credential: Awaited<ReturnType<typeof verifyNewCredential>>;
  try {
    user = await recoveryUser(request, email, token);
    credential = await verifyNewCredential(request, reply, body, 'recover');
  } catch (error) {
    await recordFailure(deps.db, key, deps.clock.now());
    throw error;
  }
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    if (!(await consumeAuthToken(trx, 'webauthn_recovery', token, now))) throw invalidRecoveryToken();
    if (!(await insertCredential(trx, credential))) throw notVerified();
    if (revokeOthers) await deleteCredentials(trx, { allBut: credential.id }, now);
  });
  await clearFailures(deps.db, key);
  await openSession(request, reply, user.id);
  request.log.info({ revokeOthers }, 'security device registered by recovery');
}
