import type {
  AuthenticationResponseJSON,
  RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { webauthnLib } from './webauthn-lib.js';
import type { Deps } from '../shared/deps.js';
import type { Static } from 'typebox';
import { errors } from '../http/errors.js';
import type { SessionPort } from '../auth/session-port.js';
import { stampConfirmation } from '../auth/identity-confirmation.js';
import { assertNotLocked, clearFailures, lockoutKey, recordFailure } from '../auth/login-throttle.js';
import { recordAuthentication } from '../auth-log/auth-log.service.js';
import { readNativeSetting } from '../settings/settings.queries.js';
import { findUser, type UserRow } from '../users/users.queries.js';
import { loginPayload } from '../users/users.mapper.js';
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
 * Security devices with @simplewebauthn/server. Challenges are 32 random bytes,
 * single-use, valid 60 s, kept in the caller's (possibly anonymous) server-side session.
 */

/** `confirm`: a signed-in user proves who they are again (before revealing recovery codes). */
type Ceremony = 'register' | 'login' | 'recover' | 'confirm';
const TIMEOUT_MS = 60_000;
const ALGORITHMS = [-7, -257];

interface StoredChallenge {
  readonly challenge: string;
  readonly ceremony: Ceremony;
  readonly expiresAt: number;
}

export const notVerified = () => errors.invalidField('credential', 'error.device_not_verified');

/** `required` while WebAuthn-only is on, else WEBAUTHN_USER_VERIFICATION. */
async function userVerification(deps: Deps) {
  if (await readNativeSetting(deps.db, 'useWebauthnOnly')) return 'required' as const;
  return deps.config.WEBAUTHN_USER_VERIFICATION;
}

/** The session key of the pending challenge. */
const CHALLENGE = 'webauthn';

async function storeChallenge(session: SessionPort, stored: StoredChallenge) {
  await session.set(CHALLENGE, stored);
}

/** The pending challenge of this ceremony, removed from the session (single use). */
async function takeChallenge(
  deps: Deps,
  session: SessionPort,
  ceremony: Ceremony,
): Promise<string | undefined> {
  const stored = (await session.get(CHALLENGE)) as StoredChallenge | undefined;
  if (!stored) return undefined;
  await session.set(CHALLENGE, undefined);
  const fresh = stored.expiresAt > deps.clock.now().getTime();
  return stored.ceremony === ceremony && fresh ? stored.challenge : undefined;
}

export async function creationOptions(deps: Deps, session: SessionPort, user: UserRow, ceremony: Ceremony) {
  const credentials = await listCredentials(deps.db);
  const options = await (
    await webauthnLib()
  ).generateRegistrationOptions({
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
  await storeChallenge(session, {
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
export async function verifyNewCredential(
  deps: Deps,
  session: SessionPort,
  body: Static<typeof RegistrationResponseBody>,
  ceremony: Ceremony,
) {
  const challenge = await takeChallenge(deps, session, ceremony);
  if (!challenge) throw notVerified();
  const response = { clientExtensionResults: {}, ...body } as unknown as RegistrationResponseJSON;
  let result: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    result = await (
      await webauthnLib()
    ).verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: deps.config.appOrigin,
      expectedRPID: deps.config.webauthnRpId,
      requireUserVerification: (await userVerification(deps)) === 'required',
      supportedAlgorithmIDs: ALGORITHMS,
    });
  } catch (error) {
    session.log.info({ reason: (error as Error).message }, 'security device not verified');
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

export async function registrationOptions(deps: Deps, session: SessionPort) {
  const user = await findUser(deps.db);
  if (!user) throw errors.unauthenticated();
  return creationOptions(deps, session, user, 'register');
}

export async function registerDevice(
  deps: Deps,
  session: SessionPort,
  body: Static<typeof RegistrationResponseBody>,
): Promise<void> {
  const credential = await verifyNewCredential(deps, session, body, 'register');
  if (!(await insertCredential(deps.db, credential))) throw notVerified();
  session.log.info('security device registered');
  deps.alerts.raise({ kind: 'security_device_added' });
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

export async function loginOptions(deps: Deps, session: SessionPort) {
  return assertionOptions(deps, session, 'login');
}

/** Request options for an assertion by one of the user's devices (sign-in or confirmation). */
async function assertionOptions(deps: Deps, session: SessionPort, ceremony: 'login' | 'confirm') {
  if (!(await findUser(deps.db))) throw errors.business('error.no_registered_user');
  const credentials = await listCredentials(deps.db);
  const options = await (
    await webauthnLib()
  ).generateAuthenticationOptions({
    rpID: deps.config.webauthnRpId,
    allowCredentials: credentials.map((credential) => ({
      id: credential.id,
      transports: credential.transports,
    })),
    userVerification: await userVerification(deps),
    timeout: TIMEOUT_MS,
  });
  await storeChallenge(session, {
    challenge: options.challenge,
    ceremony,
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
  deps: Deps,
  session: SessionPort,
  body: Static<typeof AuthenticationResponseBody>,
) {
  const key = lockoutKey.webauthn(session.ip);
  await assertNotLocked(deps.db, key, deps.config.LOGIN_THROTTLE, deps.clock.now());
  const fail = async (reason: string): Promise<never> => {
    const failures = await recordFailure(deps.db, key, deps.clock.now());
    session.log.info({ reason }, 'security device sign-in failed');
    deps.alerts.raise({ kind: 'sign_in_failed', ip: session.ip });
    // Nothing to log without a user: the log is theirs.
    if (reason !== 'no user' && (await findUser(deps.db))) {
      await recordAuthentication(deps, session, { event: 'failed', method: 'webauthn' });
      if (failures === deps.config.LOGIN_THROTTLE) {
        await recordAuthentication(deps, session, { event: 'lockout', method: 'webauthn' });
      }
    }
    throw errors.unauthorized();
  };
  const challenge = await takeChallenge(deps, session, 'login');
  if (!challenge) return fail('no pending challenge');
  const user = await findUser(deps.db);
  if (!user) return fail('no user');
  const refusal = await verifyAssertion(deps, user, challenge, body);
  if (refusal) return fail(refusal);
  await clearFailures(deps.db, key);
  const sessionId = await session.open(user.id);
  await recordAuthentication(deps, session, { event: 'login', method: 'webauthn', sessionId });
  deps.alerts.raise({ kind: 'signed_in', ip: session.ip, userAgent: session.userAgent });
  return loginPayload(deps.db, user, 'authenticated');
}

/** Request options for confirming the signed-in user with a device. */
export async function confirmOptions(deps: Deps, session: SessionPort) {
  return assertionOptions(deps, session, 'confirm');
}

/**
 * The signed-in user confirms who they are with one of their devices: the same proof as a
 * sign-in, stamped on the session for five minutes. 422 on `credential` when it fails.
 */
export async function confirmWithDevice(
  deps: Deps,
  session: SessionPort,
  body: Static<typeof AuthenticationResponseBody>,
) {
  const challenge = await takeChallenge(deps, session, 'confirm');
  const user = await findUser(deps.db);
  const refusal = !challenge
    ? 'no pending challenge'
    : !user
      ? 'no user'
      : await verifyAssertion(deps, user, challenge, body);
  if (refusal) {
    session.log.info({ reason: refusal }, 'identity confirmation refused: security device');
    throw notVerified();
  }
  const until = await stampConfirmation(session, deps.clock.now());
  return { confirmed_until: until.toISOString() };
}

/** Verifies an assertion against the stored device and moves its counter on; else why not. */
async function verifyAssertion(
  deps: Deps,
  user: UserRow,
  challenge: string,
  body: Static<typeof AuthenticationResponseBody>,
): Promise<string | undefined> {
  const stored = await findCredential(deps.db, body.id);
  if (!stored) return 'unknown device';
  const handle = body.response.userHandle;
  if (handle && handle !== user.webauthn_handle) return 'user handle mismatch';
  const response = {
    clientExtensionResults: {},
    ...body,
    response: { ...body.response, userHandle: handle ?? undefined },
  } as unknown as AuthenticationResponseJSON;
  let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verified = await (
      await webauthnLib()
    ).verifyAuthenticationResponse({
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
    return (error as Error).message;
  }
  if (!verified.verified) return 'not verified';
  await updateCounter(deps.db, stored.id, verified.authenticationInfo.newCounter, deps.clock.now());
  return undefined;
}
