import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/config.js';
import type { ComposedMail, Mailer, MailMessage } from './mailer.js';

type Transport = Awaited<ReturnType<typeof createSmtpTransport>>;

/** nodemailer's SMTP transport per MAIL_* (loaded at the first mail, not at start). */
async function createSmtpTransport(config: Config) {
  return (await import('nodemailer')).default.createTransport({
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
}

/** A transport that builds the message without sending it (the .eml text). */
async function createStreamTransport() {
  return (await import('nodemailer')).default.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
}

const senderOf = (config: Config) => ({ name: config.MAIL_FROM_NAME, address: config.MAIL_FROM_ADDRESS });

/** Builds messages as .eml text with their envelope, From per MAIL_FROM_*. */
export function mailComposer(config: Config): (message: MailMessage) => Promise<ComposedMail> {
  let transport: ReturnType<typeof createStreamTransport> | undefined;
  return async (message) => {
    const info = await (
      await (transport ??= createStreamTransport())
    ).sendMail({
      from: senderOf(config),
      ...message,
    });
    return {
      from: info.envelope.from || config.MAIL_FROM_ADDRESS,
      to: info.envelope.to,
      eml: info.message as Buffer,
    };
  };
}

/** Hands composed messages to the SMTP server of MAIL_HOST (the mail outbox's sender). */
export function smtpDelivery(config: Config): (mail: ComposedMail) => Promise<void> {
  let transport: Promise<Transport> | undefined;
  return async (mail) => {
    await (
      await (transport ??= createSmtpTransport(config))
    ).sendMail({ envelope: { from: mail.from, to: [...mail.to] }, raw: mail.eml });
  };
}

/**
 * SMTP when MAIL_HOST is set; otherwise each message becomes an .eml file (mode 0600) in
 * DATA_DIR/mail so a self-hoster without SMTP can still recover their account. The log names
 * the file only: the message may carry a single-use link. On PostgreSQL without MAIL_HOST, the
 * `outbox` instead: no replica's folder holds mail.
 */
export function createMailer(config: Config, logger: FastifyBaseLogger, outbox?: Mailer): Mailer {
  if (outbox && !config.MAIL_HOST) return outbox;
  if (config.MAIL_HOST) {
    let transport: Promise<Transport> | undefined;
    return {
      async send(message: MailMessage) {
        await (
          await (transport ??= createSmtpTransport(config))
        ).sendMail({ from: senderOf(config), ...message });
        logger.info({ subject: message.subject }, 'mail sent');
      },
    };
  }
  const folder = path.join(config.dataDir, 'mail');
  const compose = mailComposer(config);
  return {
    async send(message: MailMessage) {
      const { eml } = await compose(message);
      await mkdir(folder, { recursive: true, mode: 0o700 });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(folder, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, eml, { mode: 0o600 });
      logger.warn({ file }, 'no SMTP server configured (MAIL_HOST): the mail was written to a file');
    },
  };
}
