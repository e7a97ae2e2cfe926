import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../db/database.js';
import type { Deps } from '../shared/deps.js';
import { errors } from '../http/errors.js';
import { deleteAuthToken, issueAuthToken, issuedRecently } from '../auth/auth-tokens.queries.js';
import type { AuthTokenPurpose } from '../auth/auth-tokens.queries.js';
import { emailedLink, sendOrFail } from '../mail/send-or-fail.js';
import { linkMail } from '../mail/link-mail.js';
import { recipientLocale } from '../settings/recipient-locale.js';
import type { Locale } from '../i18n/locales.js';
import { findUser } from './users.queries.js';

/**
 * The single-use links Twofold mails (a password reset, a lost security device's recovery): the
 * web app's page each one opens, and the line the request's log gets once it is sent (or queued).
 */
const LINKS: Readonly<
  Record<AuthTokenPurpose, { readonly page: string; readonly sent: string; readonly queued: string }>
> = {
  password_reset: {
    page: '/user/password/reset',
    sent: 'password reset link sent',
    queued: 'password reset link queued for sending',
  },
  webauthn_recovery: {
    page: '/webauthn/recover',
    sent: 'security device recovery link sent',
    queued: 'security device recovery link queued for sending',
  },
};

/** The user whose address this is (case-insensitive), else 422 `No account found using this email.` */
export async function userByEmail(db: Executor, email: string) {
  const user = await findUser(db);
  if (!user || user.email.toLowerCase() !== email.toLowerCase()) {
    throw errors.invalidField('email', 'validation.email_not_found');
  }
  return user;
}

/**
 * Mails the user a single-use link of `purpose`, in their language (else the request's,
 * `requestLocale`); `log` is the request's. One link a minute at most (422 on `email`).
 * On PostgreSQL the link and its mail are written in one transaction (the outbox sends it, retrying
 * while the SMTP server is away); otherwise the mail is sent at once, and a link whose mail could
 * not be sent is withdrawn (500), so the next request may come at once.
 */
export async function mailSingleUseLink(
  deps: Deps,
  purpose: AuthTokenPurpose,
  email: string,
  log: FastifyBaseLogger,
  requestLocale: Locale,
): Promise<void> {
  const user = await userByEmail(deps.db, email);
  const now = deps.clock.now();
  if (await issuedRecently(deps.db, purpose, now)) {
    throw errors.invalidField('email', 'error.wait_before_retrying');
  }
  const locale = await recipientLocale(deps.db, requestLocale);
  const mail = (token: string) =>
    linkMail(locale, purpose, {
      to: user.email,
      appName: deps.config.APP_NAME,
      userName: user.name,
      link: emailedLink(deps, LINKS[purpose].page, token, user.email),
    });
  const { outbox } = deps;
  if (outbox) {
    await deps.db.transaction().execute(async (trx) => {
      await outbox.enqueue(trx, mail(await issueAuthToken(trx, purpose, now)));
    });
    outbox.wake();
    log.info(LINKS[purpose].queued);
    return;
  }
  const token = await issueAuthToken(deps.db, purpose, now);
  try {
    await sendOrFail(deps, mail(token));
  } catch (error) {
    await deleteAuthToken(deps.db, purpose);
    throw error;
  }
  log.info(LINKS[purpose].sent);
}
