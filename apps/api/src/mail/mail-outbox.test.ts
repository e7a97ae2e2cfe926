import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeEach, expect, inject, it } from 'vitest';
import { describeEachDatabase, type TestContext } from '../test/harness.js';
import { SessionClient, john, registerWithSession } from '../test/auth-helpers.js';
import { TestSmtpServer } from '../test/smtp.js';
import { freePort, serverEntry } from '../test/server-process.js';
import { mailComposer } from './create-mailer.js';
import { moveMailFilesIn } from './mail-files.js';
import { retryDelayMs, type MailOutbox } from './mail-outbox.js';

const smtp = new TestSmtpServer();
const port = await smtp.start();
afterAll(() => smtp.stop());

const smtpEnv = { MAIL_HOST: '127.0.0.1', MAIL_PORT: String(port), MAIL_ENCRYPTION: 'none' };

/** The whole table as text, as a copy of the database would hold it. */
async function outboxBytes(t: TestContext): Promise<string> {
  const { rows } = await sql<{ row: string }>`select mail_outbox::text as row from mail_outbox`.execute(t.db);
  return rows.map((row) => row.row).join('\n');
}

const queued = (t: TestContext) =>
  t.db.selectFrom('mail_outbox').selectAll().where('message', 'is not', null).orderBy('id').execute();

/** The token of a link in a mail's text (decoded, or quoted-printable as in an .eml file). */
const tokenIn = (text: string) =>
  /token=([A-Za-z0-9_-]+)/.exec(text.replace(/=\r?\n/g, '').replace(/=3D/g, '='))?.[1];

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

it('waits 30 s after a first failure, doubling up to an hour', () => {
  expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map((attempts) => retryDelayMs(attempts) / 1000)).toEqual([
    30, 60, 120, 240, 480, 960, 1920, 3600, 3600,
  ]);
});

it('`mail export` refuses a wrong command line, and the embedded database (whose mail is files already)', async () => {
  const run = (args: string[], env: Record<string, string>) =>
    promisify(execFile)(process.execPath, [serverEntry(), ...args], {
      env: { PATH: process.env.PATH ?? '', ...env },
    }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
    );
  const dataDir = mkdtempSync(path.join(tmpdir(), 'twofold-mail-command-'));
  try {
    const usage = await run(['mail', 'send'], { DATA_DIR: dataDir });
    expect(usage).toEqual({ code: 64, stderr: 'usage: server.js mail export <folder>\n' });
    const embedded = await run(['mail', 'export', path.join(dataDir, 'out')], { DATA_DIR: dataDir });
    expect(embedded.code).toBe(64);
    expect(embedded.stderr).toContain('unsent mail is already written as .eml files into DATA_DIR/mail');
    expect(readdirSync(dataDir)).not.toContain('out');
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

/*
 * Mail on PostgreSQL goes through the `mail_outbox` table (replicas share no folder): a link mail
 * is queued with its link, sealed under APP_KEY, sent by the outbox's sender, retried while the
 * SMTP server is away. On the embedded database it is sent at once, as before.
 */
describeEachDatabase(
  'mail outbox',
  (t) => {
    const requestReset = () =>
      new SessionClient(t).request('POST', '/user/password/lost', { email: john.email });
    const outbox = () => t.app.deps.outbox as MailOutbox;
    beforeEach(() => {
      smtp.received.length = 0;
      smtp.refuse = false;
    });

    it('sends a reset link once; on PostgreSQL through the outbox, which is empty afterwards', async () => {
      await registerWithSession(t);
      const response = await requestReset();
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: 'We have emailed your password reset link!' });
      if (t.driver === 'postgres') {
        await outbox().idle();
        expect(await outbox().sendDue()).toBe(0);
      } else {
        expect(t.app.deps.outbox).toBeUndefined();
      }
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]!.to).toEqual([john.email]);
      const token = tokenIn(smtp.received[0]!.text)!;
      const row = await t.db.selectFrom('auth_tokens').select('token_hash').executeTakeFirstOrThrow();
      expect(row.token_hash).toBe(tokenHash(token));
      expect(await t.db.selectFrom('mail_outbox').selectAll().execute()).toEqual([]);
      expect(t.logs.join('\n')).not.toContain(token);
    });

    it.skipIf(t.driver !== 'postgres')(
      'SMTP down: the request still succeeds, the mail stays queued, sealed, and retried with a backoff; back up: sent once',
      async () => {
        const closed = await freePort();
        await t.rebuild({ ...smtpEnv, MAIL_PORT: String(closed) }, { keepKeys: true });
        await registerWithSession(t);
        const response = await requestReset();
        expect(response.statusCode).toBe(200);
        await outbox().idle();
        let rows = await queued(t);
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({ attempts: 1, last_error: 'ESOCKET' });
        expect(new Date(rows[0]!.next_attempt_at).getTime() - t.clock.now().getTime()).toBe(30_000);
        const atRest = await outboxBytes(t);
        expect(atRest).not.toContain('password/reset');
        expect(atRest).not.toContain(john.email);

        // Not due yet; then a second failure doubles the wait.
        expect(await outbox().sendDue()).toBe(0);
        t.clock.advance(30);
        expect(await outbox().sendDue()).toBe(0);
        rows = await queued(t);
        expect(rows[0]).toMatchObject({ attempts: 2 });
        expect(new Date(rows[0]!.next_attempt_at).getTime() - t.clock.now().getTime()).toBe(60_000);
        expect(t.logs.join('\n')).toContain('mail could not be sent; it stays queued and is retried');

        // The SMTP server is back (a restart with its address); the mail leaves once.
        await t.rebuild(smtpEnv, { keepKeys: true });
        t.clock.advance(60);
        expect(await outbox().sendDue()).toBe(1);
        expect(await outbox().sendDue()).toBe(0);
        expect(smtp.received).toHaveLength(1);
        const token = tokenIn(smtp.received[0]!.text)!;
        const stored = await t.db.selectFrom('auth_tokens').select('token_hash').executeTakeFirstOrThrow();
        expect(stored.token_hash).toBe(tokenHash(token));
        expect(atRest).not.toContain(token);
        expect(await queued(t)).toEqual([]);
        expect(t.logs.join('\n')).not.toContain(token);
      },
    );

    it.skipIf(t.driver !== 'postgres')(
      'a mail refused for a day is given up, and the log says so without the link',
      async () => {
        smtp.refuse = true;
        await registerWithSession(t);
        expect((await requestReset()).statusCode).toBe(200);
        await outbox().idle();
        expect(await queued(t)).toHaveLength(1);
        expect((await queued(t))[0]!.last_error).toBe('EMESSAGE, SMTP 550');
        t.clock.advance(24 * 60 * 60);
        expect(await outbox().sendDue()).toBe(0);
        expect(await queued(t)).toEqual([]);
        const log = t.logs.join('\n');
        expect(log).toContain('mail given up');
        expect(log).not.toMatch(/token=/);
      },
    );

    it.skipIf(t.driver !== 'postgres')(
      'without MAIL_HOST the mail stays queued (no file); `mail export` writes it as a 0600 .eml with the link',
      async () => {
        await t.rebuild({ MAIL_HOST: '' }, { keepKeys: true });
        rmSync(path.join(t.dataDir, 'mail'), { recursive: true, force: true });
        const owner = await registerWithSession(t);
        expect((await requestReset()).statusCode).toBe(200);
        // A security alert by e-mail (the channel's own "alerts changed" one) is queued too.
        expect((await owner.request('PUT', '/api/v1/alerts/channels/email', {})).statusCode).toBe(200);
        await t.app.deps.alerts.settled();
        await outbox().idle();
        expect(await queued(t)).toHaveLength(2);
        expect(readdirSync(t.dataDir)).not.toContain('mail');
        expect(t.logs.join('\n')).toContain('mail export <folder>');

        const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(t.db);
        const url = new URL(inject('postgresAdminUrl'));
        url.pathname = `/${rows[0]!.name}`;
        const folder = mkdtempSync(path.join(tmpdir(), 'twofold-mail-export-'));
        const target = path.join(folder, 'out');
        try {
          const env = {
            PATH: process.env.PATH ?? '',
            DATABASE_URL: url.toString(),
            APP_KEY: t.app.deps.keys.current.toString('base64'),
            DATA_DIR: path.join(folder, 'data'),
          };
          const run = () =>
            promisify(execFile)(process.execPath, [serverEntry(), 'mail', 'export', target], { env });
          const first = await run();
          expect(first.stdout.trim()).toBe(`2 mails written to ${target}`);
          const files = readdirSync(target).sort();
          expect(files).toHaveLength(2);
          for (const name of files) expect(statSync(path.join(target, name)).mode & 0o777).toBe(0o600);
          const [alert, eml] = files
            .map((name) => readFileSync(path.join(target, name), 'utf8'))
            .sort((one, other) => Number(one.includes('token=')) - Number(other.includes('token=')));
          expect(alert).toContain('Subject: Alert settings changed');
          expect(eml).toMatch(/^To: john@example\.com$/m);
          const token = tokenIn(eml ?? '')!;
          const stored = await t.db.selectFrom('auth_tokens').select('token_hash').executeTakeFirstOrThrow();
          expect(stored.token_hash).toBe(tokenHash(token));
          expect(await queued(t)).toEqual([]);
          // Run again: nothing left to write.
          expect((await run()).stdout.trim()).toBe(`0 mails written to ${target}`);
          expect(readdirSync(target)).toHaveLength(2);
        } finally {
          rmSync(folder, { recursive: true, force: true });
        }
      },
    );

    it('.eml files left in DATA_DIR/mail: moved in once on PostgreSQL (twice, or after a crash, loses and adds nothing); left alone on PGlite', async () => {
      const dir = path.join(t.dataDir, 'mail');
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir, { recursive: true });
      const compose = mailComposer(t.config);
      const names = ['2026-01-01T00-00-00-000Z-aaaa.eml', '2026-01-01T00-00-01-000Z-bbbb.eml'];
      const contents = await Promise.all(
        names.map(async (name, index) => {
          const mail = await compose({
            to: `user${index}@example.com`,
            subject: 'Reset',
            text: `link ${name}`,
          });
          writeFileSync(path.join(dir, name), mail.eml, { mode: 0o600 });
          return mail.eml;
        }),
      );
      writeFileSync(path.join(dir, 'notes.txt'), 'not a mail');
      await t.rebuild(smtpEnv, { keepKeys: true });
      if (t.driver === 'pglite') {
        expect(readdirSync(dir).sort()).toEqual([...names, 'notes.txt'].sort());
        expect(await t.db.selectFrom('mail_outbox').selectAll().execute()).toEqual([]);
        return;
      }
      expect(readdirSync(dir)).toEqual(['notes.txt']);
      const moveIn = () => moveMailFilesIn({ db: t.db, keys: t.app.deps.keys, clock: t.clock }, dir);
      // A crash between a row and its file's deletion: the file is there again.
      writeFileSync(path.join(dir, names[0]!), contents[0]!);
      expect(await moveIn()).toBe(0);
      expect(readdirSync(dir)).toEqual(['notes.txt']);
      const rows = await t.db.selectFrom('mail_outbox').select('source').orderBy('source').execute();
      expect(rows.map((row) => row.source)).toEqual(names);

      expect(await outbox().sendDue()).toBe(2);
      expect(smtp.received.map((mail) => mail.to)).toEqual([['user0@example.com'], ['user1@example.com']]);
      expect(smtp.received.map((mail) => mail.text)).toEqual(names.map((name) => `link ${name}`));
      // Even after they were sent, the same files moved in again queue nothing.
      writeFileSync(path.join(dir, names[1]!), contents[1]!);
      expect(await moveIn()).toBe(0);
      expect(await queued(t)).toEqual([]);
    });
  },
  { realMailer: true, outbox: true, env: smtpEnv },
);
