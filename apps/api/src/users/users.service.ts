import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, errors, message } from '../http/errors.js';
import { hashPassword, verifyPassword } from '../auth/password.js';
import { endSession, openSession } from '../auth/session.js';
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

/** 422 of a second registration: both of 2FAuth's texts in one body. */
export const alreadyRegistered = () =>
  new AppError('validation', message('error.cannot_register_more'), {
    errors: [{ field: 'name', message: message('validation.first_user') }],
  });

/** The signed-in user (session routes), or 401 when the row vanished meanwhile. */
export async function signedInUser(request: FastifyRequest): Promise<UserRow> {
  const user = await findUser(request.server.deps.db);
  if (!user) throw errors.unauthenticated();
  return user;
}

async function assertPassword(user: UserRow, password: string): Promise<void> {
  if (!(await verifyPassword(password, user.password_hash)))
    throw errors.business('error.wrong_current_password');
}

export async function register(
  request: FastifyRequest,
  reply: FastifyReply,
  input: { name: string; email: string; password: string },
) {
  const { db, clock } = request.server.deps;
  const user = await insertUser(db, {
    name: input.name,
    email: input.email,
    passwordHash: await hashPassword(input.password),
    webauthnHandle: randomBytes(32).toString('base64url'),
    now: clock.now(),
  });
  // A concurrent registration won the race.
  if (!user) throw alreadyRegistered();
  await openSession(request, reply, user.id);
  return loginPayload(db, user, 'account created');
}

export async function login(
  request: FastifyRequest,
  reply: FastifyReply,
  input: { email: string; password: string },
) {
  const { db, clock, config } = request.server.deps;
  const key = lockoutKey.password(input.email, request.ip);
  // Per e-mail and address, then per e-mail across all addresses (any e-mail: nothing tells
  // whether it is the user's).
  await assertNotLocked(db, key, config.LOGIN_THROTTLE, clock.now());
  await assertAccountNotLocked(db, input.email, config.LOGIN_THROTTLE_ACCOUNT, clock.now());
  const user = await findUser(db);
  // The hash is always computed (a decoy without a user) so timing tells nothing.
  const passwordOk = await verifyPassword(input.password, user?.password_hash);
  const webauthnOnly = user ? await readNativeSetting(db, 'useWebauthnOnly') : false;
  if (!user || !passwordOk || user.email.toLowerCase() !== input.email || webauthnOnly) {
    await recordFailure(db, key, clock.now());
    await recordAccountFailure(db, input.email, config.LOGIN_THROTTLE_ACCOUNT, clock.now());
    request.log.info('password sign-in failed');
    throw errors.unauthorized();
  }
  await clearFailures(db, key);
  await clearAccountFailures(db, input.email);
  await openSession(request, reply, user.id);
  return loginPayload(db, user, 'authenticated');
}

export async function changeProfile(
  request: FastifyRequest,
  input: { name: string; email: string; password: string },
) {
  const { db, clock, config } = request.server.deps;
  const user = await signedInUser(request);
  // Demo and testing modes: 200 with the unchanged profile.
  if (config.IS_DEMO_APP || config.IS_TESTING_APP) return userResource(db, user, request.caller);
  await assertPassword(user, input.password);
  await updateProfile(db, user.id, input, clock.now());
  return userResource(db, { ...user, name: input.name, email: input.email }, request.caller);
}

/** Every session ends; the caller's is re-issued (new id and CSRF token). */
export async function changePassword(
  request: FastifyRequest,
  reply: FastifyReply,
  input: { currentPassword: string; password: string },
): Promise<void> {
  const { db, clock } = request.server.deps;
  const user = await signedInUser(request);
  await assertPassword(user, input.currentPassword);
  await updatePasswordHash(db, user.id, await hashPassword(input.password), clock.now());
  await deleteUserSessions(db);
  await openSession(request, reply, user.id);
}

export async function deleteAccount(request: FastifyRequest, password: string): Promise<void> {
  const deps = request.server.deps;
  const user = await signedInUser(request);
  await assertPassword(user, password);
  let icons: string[];
  try {
    icons = await deps.db.transaction().execute((trx) => deleteEverything(trx));
  } catch (cause) {
    request.log.error({ err: cause }, 'user account deletion failed');
    throw errors.business('error.user_deletion_failed');
  }
  await endSession(request);
  for (const icon of icons) {
    await deps.icons.remove(icon).catch((error: unknown) => {
      request.log.warn({ err: error, icon }, 'icon file could not be deleted');
    });
  }
  request.log.info('user account deleted');
}
