import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/config.js';
import type { Mailer, MailMessage } from './mailer.js';

/**
 * SMTP when MAIL_HOST is set; otherwise each message becomes an .eml file (mode 0600) in
 * DATA_DIR/mail so a self-hoster without SMTP can still recover their account. The log names
 * the file only: the message may carry a single-use link.
 */
export function createMailer(config: Config, logger: FastifyBaseLogger): Mailer {
  const from = { name: config.MAIL_FROM_NAME, address: config.MAIL_FROM_ADDRESS };
  if (config.MAIL_HOST) {
    // nodemailer is loaded at the first mail, not at start.
    let transport: ReturnType<typeof smtpTransport> | undefined;
    const smtpTransport = async () =>
      (await import('nodemailer')).default.createTransport({
        host: config.MAIL_HOST,
        port: config.MAIL_PORT,
        secure: config.MAIL_ENCRYPTION === 'tls',
        requireTLS: config.MAIL_ENCRYPTION === 'starttls',
        ignoreTLS: config.MAIL_ENCRYPTION === 'none',
        ...(config.MAIL_USERNAME
          ? { auth: { user: config.MAIL_USERNAME, pass: config.MAIL_PASSWORD ?? '' } }
          : {}),
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      });
    return {
      async send(message: MailMessage) {
        await (await (transport ??= smtpTransport())).sendMail({ from, ...message });
        logger.info({ subject: message.subject }, 'mail sent');
      },
    };
  }
  const folder = path.join(config.dataDir, 'mail');
  let transport: ReturnType<typeof fileTransport> | undefined;
  const fileTransport = async () =>
    (await import('nodemailer')).default.createTransport({
      streamTransport: true,
      buffer: true,
      newline: 'unix',
    });
  return {
    async send(message: MailMessage) {
      const info = await (await (transport ??= fileTransport())).sendMail({ from, ...message });
      await mkdir(folder, { recursive: true, mode: 0o700 });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(folder, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      logger.warn({ file }, 'no SMTP server configured (MAIL_HOST): the mail was written to a file');
    },
  };
}
