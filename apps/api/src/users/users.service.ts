import { randomBytes } from 'node:crypto';
import type { Executor } from '../db/database.js';
import type { Caller } from '../http/fastify-types.js';
import type { Deps } from '../shared/deps.js';
import { AppError, errors, message } from '../http/errors.js';
import type { SessionPort } from '../auth/session-port.js';
import { deleteUserSessions } from '../auth/sessions.queries.js';
import { assertNotLocked, clearFailures, lockoutKey, recordFailure } from '../auth/login-throttle.js';
import { assertAccountNotLocked, clearAccountFailures, recordAccountFailure } from '../auth/login-ceiling.js';
import { readNativeSetting } from '../settings/settings.queries.js';
import {
  deleteEverything,
  findUser,
  insertUser,
  updatePasswordHash,
  updateProfile,
  type UserRow,
} from './users.queries.js';
import { loginPayload, userResource } from './users.mapper.js';
import { recordAuthentication } from '../auth-log/auth-log.service.js';
import { passwordSignInOff } from '../config/oidc-settings.js';

/** 422 of a second registration: both of 2FAuth's texts in one body. */
export const alreadyRegistered = () =>
  new AppError('validation', message('error.cannot_register_more'), {
    errors: [{ field: 'name', message: message('validation.first_user') }],
  });

/** The signed-in user (session routes), or 401 when the row vanished meanwhile. */
export async function signedInUser(db: Executor): Promise<UserRow> {
  const user = await findUser(db);
  if (!user) throw errors.unauthenticated();
  return user;
}

async function assertPassword(deps: Deps, user: UserRow, password: string): Promise<void> {
  if (!(await deps.passwords.verify(password, user.password_hash)))
    throw errors.business('error.wrong_current_password');
}

/** 403 of the password routes when the operator left only the identity provider. */
export const passwordSignInRefused = () =>
  new AppError('forbidden', message('error.password_sign_in_off'), { reason: 'password_sign_in_off' });

export async function register(
  deps: Deps,
  session: SessionPort,
  input: { name: string; email: string; password: string },
) {
  const { db, clock } = deps;
  if (passwordSignInOff(deps.config)) throw passwordSignInRefused();
  const user = await insertUser(db, {
    name: input.name,
    email: input.email,
    passwordHash: await deps.passwords.hash(input.password),
    webauthnHandle: randomBytes(32).toString('base64url'),
    now: clock.now(),
  });
  // A concurrent registration won the race.
  if (!user) throw alreadyRegistered();
  const sessionId = await session.open(user.id);
  await recordAuthentication(deps, session, { event: 'login', method: 'password', sessionId });
  deps.alerts.raise({ kind: 'signed_in', ip: session.ip, userAgent: session.userAgent, registered: true });
  return loginPayload(db, user, 'account created');
}

export async function login(deps: Deps, session: SessionPort, input: { email: string; password: string }) {
  const { db, clock, config } = deps;
  if (passwordSignInOff(config)) throw passwordSignInRefused();
  const key = lockoutKey.password(input.email, session.ip);
  // Per e-mail and address, then per e-mail across all addresses (any e-mail: nothing tells
  // whether it is the user's).
  await assertNotLocked(db, key, config.LOGIN_THROTTLE, clock.now());
  await assertAccountNotLocked(db, input.email, config.LOGIN_THROTTLE_ACCOUNT, clock.now());
  const user = await findUser(db);
  // The hash is always computed (a decoy without a user) so timing tells nothing.
  const passwordOk = await deps.passwords.verify(input.password, user?.password_hash);
  const webauthnOnly = user ? await readNativeSetting(db, 'useWebauthnOnly') : false;
  if (!user || !passwordOk || user.email.toLowerCase() !== input.email || webauthnOnly) {
    const failures = await recordFailure(db, key, clock.now());
    await recordAccountFailure(db, input.email, config.LOGIN_THROTTLE_ACCOUNT, clock.now());
    session.log.info('password sign-in failed');
    deps.alerts.raise({ kind: 'sign_in_failed', ip: session.ip });
    // Only attempts at the one user's account are theirs to see (2FAuth logs those alone).
    if (user && user.email.toLowerCase() === input.email) {
      await recordAuthentication(deps, session, { event: 'failed', method: 'password' });
      if (failures === config.LOGIN_THROTTLE) {
        await recordAuthentication(deps, session, { event: 'lockout', method: 'password' });
      }
    }
    throw errors.unauthorized();
  }
  await clearFailures(db, key);
  await clearAccountFailures(db, input.email);
  const sessionId = await session.open(user.id);
  await recordAuthentication(deps, session, { event: 'login', method: 'password', sessionId });
  deps.alerts.raise({ kind: 'signed_in', ip: session.ip, userAgent: session.userAgent });
  return loginPayload(db, user, 'authenticated');
}

export async function changeProfile(
  deps: Deps,
  caller: Caller | null,
  input: { name: string; email: string; password: string },
) {
  const { db, clock, config } = deps;
  const user = await signedInUser(db);
  // Demo and testing modes: 200 with the unchanged profile.
  if (config.IS_DEMO_APP || config.IS_TESTING_APP) return userResource(db, user, caller);
  await assertPassword(deps, user, input.password);
  await updateProfile(db, user.id, input, clock.now());
  return userResource(db, { ...user, name: input.name, email: input.email }, caller);
}

/** Every session ends; the caller's is re-issued (new id and CSRF token). */
export async function changePassword(
  deps: Deps,
  session: SessionPort,
  input: { currentPassword: string; password: string },
): Promise<void> {
  const { db, clock } = deps;
  const user = await signedInUser(db);
  await assertPassword(deps, user, input.currentPassword);
  await updatePasswordHash(db, user.id, await deps.passwords.hash(input.password), clock.now());
  await deleteUserSessions(db);
  await session.open(user.id);
}

export async function deleteAccount(deps: Deps, session: SessionPort, password: string): Promise<void> {
  const user = await signedInUser(deps.db);
  await assertPassword(deps, user, password);
  let icons: string[];
  try {
    icons = await deps.db.transaction().execute((trx) => deleteEverything(trx));
  } catch (cause) {
    session.log.error({ err: cause }, 'user account deletion failed');
    throw errors.business('error.user_deletion_failed');
  }
  await session.end();
  for (const icon of icons) {
    await deps.icons.remove(icon).catch((error: unknown) => {
      session.log.warn({ err: error, icon }, 'icon file could not be deleted');
    });
  }
  session.log.info('user account deleted');
}
