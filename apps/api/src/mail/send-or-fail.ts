import type { FastifyInstance } from 'fastify';
import { AppError, message } from '../http/errors.js';
import type { MailMessage } from './mailer.js';

/** Sends a mail; a transport failure becomes `500 {"message":"Email sending failed"}` (detail logged). */
export async function sendOrFail(app: FastifyInstance, mail: MailMessage): Promise<void> {
  try {
    await app.mailer.send(mail);
  } catch (cause) {
    throw new AppError('server_error', message('error.email_sending_failed'), { cause });
  }
}

/** `{APP_URL}{path}?token=…&email=…` */
export function emailedLink(app: FastifyInstance, path: string, token: string, email: string): string {
  const query = new URLSearchParams({ token, email });
  return `${app.config.APP_URL}${path}?${query.toString()}`;
}
