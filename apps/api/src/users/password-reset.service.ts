import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../shared/deps.js';
import { errors } from '../http/errors.js';
import { recordAuthentication } from '../auth-log/auth-log.service.js';
import type { SessionPort } from '../auth/session-port.js';
import { deleteUserSessions } from '../auth/sessions.queries.js';
import { consumeAuthToken } from '../auth/auth-tokens.queries.js';
import type { Locale } from '../i18n/locales.js';
import { readNativeSetting } from '../settings/settings.queries.js';
import { passwordSignInOff } from '../config/oidc-settings.js';
import { findUser, updatePasswordHash } from './users.queries.js';
import { passwordSignInRefused } from './users.service.js';
import { mailSingleUseLink } from './emailed-link.service.js';

/**
 * `POST /user/password/lost`: mails a single-use reset link, in the user's language (else the
 * request's, `requestLocale`); `log` is the request's. With password sign-in off, refused (403)
 * whatever the address, and nothing is mailed.
 */
export async function sendResetLink(
  deps: Deps,
  email: string,
  log: FastifyBaseLogger,
  requestLocale: Locale,
): Promise<void> {
  if (passwordSignInOff(deps.config)) throw passwordSignInRefused();
  await mailSingleUseLink(deps, 'password_reset', email, log, requestLocale);
}

/**
 * `POST /user/password/reset`: new password, token consumed, every session ended;
 * the caller is signed in, unless WebAuthn-only is on. With password sign-in off, refused (403)
 * before anything changes: a link mailed earlier neither sets a password nor signs in.
 */
export async function resetPassword(
  deps: Deps,
  session: SessionPort,
  input: { token: string; email: string; password: string },
): Promise<void> {
  if (passwordSignInOff(deps.config)) throw passwordSignInRefused();
  const user = await findUser(deps.db);
  if (!user || user.email.toLowerCase() !== input.email.toLowerCase()) {
    throw errors.invalidField('email', 'error.reset_user_not_found');
  }
  const hash = await deps.passwords.hash(input.password);
  const now = deps.clock.now();
  const done = await deps.db.transaction().execute(async (trx) => {
    if (!(await consumeAuthToken(trx, 'password_reset', input.token, now))) return false;
    await updatePasswordHash(trx, user.id, hash, now);
    await deleteUserSessions(trx);
    return true;
  });
  if (!done) throw errors.invalidField('email', 'error.reset_token_invalid');
  session.log.info('password reset');
  if (!(await readNativeSetting(deps.db, 'useWebauthnOnly'))) {
    const sessionId = await session.open(user.id);
    await recordAuthentication(deps, session, { event: 'login', method: 'reset', sessionId });
  }
}
