import type { Config } from '../config/config.js';
import { AppError, message } from '../http/errors.js';
import type { Mailer, MailMessage } from './mailer.js';

/** Sends a mail; a transport failure becomes `500 {"message":"Email sending failed"}` (detail logged). */
export async function sendOrFail(deps: { readonly mailer: Mailer }, mail: MailMessage): Promise<void> {
  try {
    await deps.mailer.send(mail);
  } catch (cause) {
    throw new AppError('server_error', message('error.email_sending_failed'), { cause });
  }
}

/** `{APP_URL}{path}?token=…&email=…` */
export function emailedLink(
  deps: { readonly config: Config },
  path: string,
  token: string,
  email: string,
): string {
  const query = new URLSearchParams({ token, email });
  return `${deps.config.APP_URL}${path}?${query.toString()}`;
}
