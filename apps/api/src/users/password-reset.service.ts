import type { FastifyReply, FastifyRequest } from 'fastify';
import { errors } from '../http/errors.js';
import { hashPassword } from '../auth/password.js';
import { openSession } from '../auth/session.js';
import { deleteUserSessions } from '../auth/sessions.queries.js';
import {
  consumeAuthToken,
  deleteAuthToken,
  issueAuthToken,
  issuedRecently,
} from '../auth/auth-tokens.queries.js';
import { emailedLink, sendOrFail } from '../mail/send-or-fail.js';
import { readNativeSetting } from '../settings/settings.queries.js';
import { findUser, updatePasswordHash } from './users.queries.js';

/** The user whose address this is (case-insensitive), else 422 `No account found using this email.` */
export async function userByEmail(request: FastifyRequest, email: string) {
  const user = await findUser(request.server.deps.db);
  if (!user || user.email.toLowerCase() !== email.toLowerCase()) {
    throw errors.invalidField('email', 'validation.email_not_found');
  }
  return user;
}

/** `POST /user/password/lost`: mails a single-use reset link (api.md §10.9). */
export async function sendResetLink(request: FastifyRequest, email: string): Promise<void> {
  const deps = request.server.deps;
  const user = await userByEmail(request, email);
  const now = deps.clock.now();
  if (await issuedRecently(deps.db, 'password_reset', now)) {
    throw errors.invalidField('email', 'error.wait_before_retrying');
  }
  const token = await issueAuthToken(deps.db, 'password_reset', now);
  const link = emailedLink(deps, '/user/password/reset', token, user.email);
  try {
    await sendOrFail(deps, {
      to: user.email,
      subject: `${deps.config.APP_NAME}: reset your password`,
      text: [
        `Hello ${user.name},`,
        '',
        'You asked to reset your password. Open this link within 60 minutes to choose a new one:',
        '',
        link,
        '',
        'If you did not ask for it, ignore this message: your password stays as it is.',
      ].join('\n'),
    });
  } catch (error) {
    // The link never left: the next request may come at once.
    await deleteAuthToken(deps.db, 'password_reset');
    throw error;
  }
  request.log.info('password reset link sent');
}

/**
 * `POST /user/password/reset` (api.md §10.10): new password, token consumed, every session ended;
 * the caller is signed in, unless WebAuthn-only is on (amendment 12).
 */
export async function resetPassword(
  request: FastifyRequest,
  reply: FastifyReply,
  input: { token: string; email: string; password: string },
): Promise<void> {
  const deps = request.server.deps;
  const user = await findUser(deps.db);
  if (!user || user.email.toLowerCase() !== input.email.toLowerCase()) {
    throw errors.invalidField('email', 'error.reset_user_not_found');
  }
  const hash = await hashPassword(input.password);
  const now = deps.clock.now();
  const done = await deps.db.transaction().execute(async (trx) => {
    if (!(await consumeAuthToken(trx, 'password_reset', input.token, now))) return false;
    await updatePasswordHash(trx, user.id, hash, now);
    await deleteUserSessions(trx);
    return true;
  });
  if (!done) throw errors.invalidField('email', 'error.reset_token_invalid');
  request.log.info('password reset');
  if (!(await readNativeSetting(deps.db, 'useWebauthnOnly'))) await openSession(request, reply, user.id);
}
