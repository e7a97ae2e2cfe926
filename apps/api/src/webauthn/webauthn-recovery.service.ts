import type { FastifyBaseLogger } from 'fastify';
import type { Static } from 'typebox';
import { isTruthy } from '@twofold/otp';
import type { Deps } from '../shared/deps.js';
import { errors } from '../http/errors.js';
import type { SessionPort } from '../auth/session-port.js';
import { assertNotLocked, clearFailures, lockoutKey, recordFailure } from '../auth/login-throttle.js';
import { recordAuthentication } from '../auth-log/auth-log.service.js';
import { consumeAuthToken, isValidAuthToken } from '../auth/auth-tokens.queries.js';
import type { Locale } from '../i18n/locales.js';
import { mailSingleUseLink, userByEmail } from '../users/emailed-link.service.js';
import type { UserRow } from '../users/users.queries.js';
import { deleteCredentials, insertCredential } from './webauthn.queries.js';
import type { RegistrationResponseBody } from './webauthn.schemas.js';
import { creationOptions, notVerified, verifyNewCredential } from './webauthn.service.js';

/*
 * Recovery of a lost security device: a single-use link by e-mail, then the registration of a new
 * device (optionally revoking every other one) and a session.
 */

const invalidRecoveryToken = () => errors.invalidField('token', 'error.invalid_recovery_token');

/**
 * `POST /webauthn/lost`: mails a single-use recovery link, in the user's language (else the
 * request's, `requestLocale`); `log` is the request's.
 */
export async function sendRecoveryLink(
  deps: Deps,
  email: string,
  log: FastifyBaseLogger,
  requestLocale: Locale,
): Promise<void> {
  await mailSingleUseLink(deps, 'webauthn_recovery', email, log, requestLocale);
}

async function recoveryUser(deps: Deps, email: string, token: string) {
  const user = await userByEmail(deps.db, email);
  if (!(await isValidAuthToken(deps.db, 'webauthn_recovery', token, deps.clock.now()))) {
    throw invalidRecoveryToken();
  }
  return user;
}

export async function recoveryOptions(
  deps: Deps,
  session: SessionPort,
  input: { email: string; token: string },
) {
  const user = await recoveryUser(deps, input.email, input.token);
  return creationOptions(deps, session, user, 'recover');
}

/** What `POST /webauthn/recover` was sent as `email`, `token` and `unique` (headers, else body keys), unchecked. */
export interface RecoveryClaim {
  readonly email: unknown;
  readonly token: unknown;
  readonly unique: unknown;
}

/**
 * `POST /webauthn/recover`: with the e-mailed token, registers a new device (optionally revoking
 * every other one) and signs in, in one transaction. Failures count for the per-IP lockout.
 */
export async function recoverWithDevice(
  deps: Deps,
  session: SessionPort,
  { email, token, unique }: RecoveryClaim,
  body: Static<typeof RegistrationResponseBody>,
): Promise<void> {
  const key = lockoutKey.recovery(session.ip);
  await assertNotLocked(deps.db, key, deps.config.LOGIN_THROTTLE, deps.clock.now());
  if (typeof email !== 'string')
    throw errors.invalidField('email', 'validation.required', { attribute: 'email' });
  if (typeof token !== 'string')
    throw errors.invalidField('token', 'validation.required', { attribute: 'token' });
  const revokeOthers = isTruthy(unique);
  let user: UserRow;
  let credential: Awaited<ReturnType<typeof verifyNewCredential>>;
  try {
    user = await recoveryUser(deps, email, token);
    credential = await verifyNewCredential(deps, session, body, 'recover');
  } catch (error) {
    const failures = await recordFailure(deps.db, key, deps.clock.now());
    await recordAuthentication(deps, session, { event: 'failed', method: 'recovery' });
    if (failures === deps.config.LOGIN_THROTTLE) {
      await recordAuthentication(deps, session, { event: 'lockout', method: 'recovery' });
    }
    throw error;
  }
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    if (!(await consumeAuthToken(trx, 'webauthn_recovery', token, now))) throw invalidRecoveryToken();
    if (!(await insertCredential(trx, credential))) throw notVerified();
    if (revokeOthers) await deleteCredentials(trx, { allBut: credential.id }, now);
  });
  await clearFailures(deps.db, key);
  const sessionId = await session.open(user.id);
  await recordAuthentication(deps, session, { event: 'login', method: 'recovery', sessionId });
  session.log.info({ revokeOthers }, 'security device registered by recovery');
}
