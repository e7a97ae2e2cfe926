import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../test/harness.js';
import { SessionClient, john, loginWithSession, registerWithSession } from '../test/auth-helpers.js';
import { TestSmtpServer } from '../test/smtp.js';
import { writeNativeSetting } from '../settings/settings.queries.js';

const smtp = new TestSmtpServer();
const port = await smtp.start();
afterAll(() => smtp.stop());

const newPassword = 'a fresh new password';

describeEachDatabase(
  'password reset by e-mail',
  (t) => {
    const requestLink = async (client = new SessionClient(t), email = john.email) =>
      client.request('POST', '/user/password/lost', { email });

    it('mails a single-use link over SMTP; following it resets the password and signs in', async () => {
      smtp.received.length = 0;
      const before = await registerWithSession(t);
      const response = await requestLink(new SessionClient(t), 'John@Example.com');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: 'We have emailed your password reset link!' });
      expect(smtp.received).toHaveLength(1);
      const mail = smtp.received[0]!;
      expect(mail.to).toEqual(['john@example.com']);
      expect(mail.from).toBe('twofold@localhost');
      const link = smtp.lastLink();
      expect(`${link.origin}${link.pathname}`).toBe('http://localhost:8000/user/password/reset');
      const token = link.searchParams.get('token')!;
      expect(token).toMatch(/^[A-Za-z0-9_-]{64,}$/);
      expect(link.searchParams.get('email')).toBe('john@example.com');
      // Stored only as a hash.
      const row = await t.db.selectFrom('auth_tokens').selectAll().executeTakeFirstOrThrow();
      expect(row.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
      expect(new Date(row.expires_at).getTime() - t.clock.now().getTime()).toBe(60 * 60_000);

      // Following the link opens the web app's reset screen.
      const page = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      const client = new SessionClient(t);
      const reset = await client.request('POST', '/user/password/reset', {
        token,
        email: link.searchParams.get('email'),
        password: newPassword,
        password_confirmation: newPassword,
      });
      expect(reset.statusCode).toBe(200);
      expect(reset.json()).toEqual({ message: 'Your password has been reset!' });
      expect((await client.request('GET', '/api/v1/user')).statusCode).toBe(200);
      expect((await before.request('GET', '/api/v1/user')).statusCode).toBe(401);
      expect((await loginWithSession(t)).lastResponse.statusCode).toBe(401);
      expect((await loginWithSession(t, john.email, newPassword)).lastResponse.statusCode).toBe(200);

      // Single use.
      const again = await new SessionClient(t).request('POST', '/user/password/reset', {
        token,
        email: john.email,
        password: 'yet another one',
        password_confirmation: 'yet another one',
      });
      expect(again.statusCode).toBe(422);
      expect(again.json()).toEqual({
        message: 'This password reset token is invalid.',
        errors: { email: ['This password reset token is invalid.'] },
      });
      const log = t.logs.join('\n');
      expect(log).not.toContain(token);
      expect(log).not.toContain(newPassword);
      // The request log names routes, never URLs: the link's query string is nowhere.
      expect(log).not.toContain('token=');
      expect(log).toContain('"route":"/user/password/reset"');
    });

    it("writes the mail in the user's language, else in the request's", async () => {
      smtp.received.length = 0;
      await registerWithSession(t);
      await writeNativeSetting(t.db, 'lang', 'de', t.clock.now());
      // The preference wins over the browser's language.
      const german = await new SessionClient(t).request(
        'POST',
        '/user/password/lost',
        { email: john.email },
        { 'accept-language': 'fr-FR' },
      );
      expect(german.statusCode).toBe(200);
      const mail = smtp.received.at(-1)!;
      expect(mail.subject).toBe('Twofold: Passwort zurücksetzen');
      expect(mail.text).toContain(`Hallo ${john.name},`);
      expect(mail.text).toContain('Öffnen Sie diesen Link innerhalb von 60 Minuten');
      expect(mail.text).toContain('Ihr Passwort bleibt unverändert.');
      expect(mail.text).not.toContain('reset your password');
      const link = smtp.lastLink().toString();
      expect(mail.html).toContain('<html lang="de" dir="ltr">');
      expect(mail.html).toContain(`>Passwort zurücksetzen</a>`);
      expect(mail.html).toContain(`href="${link.replace(/&/g, '&#38;')}"`);

      // With `browser`, the language of the request that asked for the link; right to left in Arabic.
      await writeNativeSetting(t.db, 'lang', 'browser', t.clock.now());
      t.clock.advance(60);
      await new SessionClient(t).request(
        'POST',
        '/user/password/lost',
        { email: john.email },
        { 'accept-language': 'ar' },
      );
      const arabic = smtp.received.at(-1)!;
      expect(arabic.subject).toBe('Twofold: إعادة تعيين كلمة المرور');
      expect(arabic.text).toContain(`مرحبًا ${john.name}،`);
      expect(arabic.html).toContain('<html lang="ar" dir="rtl">');
      expect(arabic.html).toContain('<p dir="ltr"');
    });

    it('refuses an unknown e-mail, a second request within a minute, and validates', async () => {
      smtp.received.length = 0;
      await registerWithSession(t);
      const unknown = await requestLink(new SessionClient(t), 'jane@example.com');
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json()).toEqual({
        message: 'No account found using this email.',
        errors: { email: ['No account found using this email.'] },
      });
      const invalid = await requestLink(new SessionClient(t), 'nope');
      expect(invalid.json().errors).toEqual({ email: ['The email field must be a valid email address.'] });
      expect((await requestLink()).statusCode).toBe(200);
      t.clock.advance(59);
      const tooSoon = await requestLink();
      expect(tooSoon.statusCode).toBe(422);
      expect(tooSoon.json()).toEqual({
        message: 'Please wait before retrying.',
        errors: { email: ['Please wait before retrying.'] },
      });
      t.clock.advance(1);
      expect((await requestLink()).statusCode).toBe(200);
      expect(smtp.received).toHaveLength(2);
    });

    it('keeps only the newest link, and links expire after 60 minutes', async () => {
      smtp.received.length = 0;
      await registerWithSession(t);
      await requestLink();
      const first = smtp.lastLink().searchParams.get('token')!;
      t.clock.advance(60);
      await requestLink();
      const second = smtp.lastLink().searchParams.get('token')!;
      const body = (token: string) => ({
        token,
        email: john.email,
        password: newPassword,
        password_confirmation: newPassword,
      });
      const replaced = await new SessionClient(t).request('POST', '/user/password/reset', body(first));
      expect(replaced.json().errors).toEqual({ email: ['This password reset token is invalid.'] });
      t.clock.advance(60 * 60);
      const expired = await new SessionClient(t).request('POST', '/user/password/reset', body(second));
      expect(expired.json().errors).toEqual({ email: ['This password reset token is invalid.'] });
    });

    it('validates the reset form and the e-mail', async () => {
      await registerWithSession(t);
      const client = new SessionClient(t);
      const empty = await client.request('POST', '/user/password/reset', {});
      expect(empty.json()).toEqual({
        message: 'The token field is required. (and 2 more errors)',
        errors: {
          token: ['The token field is required.'],
          email: ['The email field is required.'],
          password: ['The password field is required.'],
        },
      });
      const mismatch = await client.request('POST', '/user/password/reset', {
        token: 'x',
        email: john.email,
        password: newPassword,
        password_confirmation: 'something else',
      });
      expect(mismatch.json().errors).toEqual({
        password: ['The password field confirmation does not match.'],
      });
      const otherUser = await client.request('POST', '/user/password/reset', {
        token: 'x',
        email: 'jane@example.com',
        password: newPassword,
        password_confirmation: newPassword,
      });
      expect(otherUser.json()).toEqual({
        message: "We can't find a user with that email address.",
        errors: { email: ["We can't find a user with that email address."] },
      });
      const noCsrf = await client.request(
        'POST',
        '/user/password/lost',
        { email: john.email },
        {},
        { csrf: false },
      );
      expect(noCsrf.statusCode).toBe(419);
    });

    it('opens no session after a reset while WebAuthn-only is on', async () => {
      await registerWithSession(t);
      await writeNativeSetting(t.db, 'useWebauthnOnly', true, t.clock.now());
      await requestLink();
      const client = new SessionClient(t);
      const reset = await client.request('POST', '/user/password/reset', {
        token: smtp.lastLink().searchParams.get('token'),
        email: john.email,
        password: newPassword,
        password_confirmation: newPassword,
      });
      expect(reset.statusCode).toBe(200);
      expect((await client.request('GET', '/api/v1/user')).statusCode).toBe(401);
    });

    it('answers 500 "Email sending failed" when the SMTP server refuses, and allows a retry', async () => {
      await registerWithSession(t);
      smtp.refuse = true;
      try {
        const failed = await requestLink();
        expect(failed.statusCode).toBe(500);
        expect(failed.json()).toEqual({ message: 'Email sending failed' });
      } finally {
        smtp.refuse = false;
      }
      expect((await requestLink()).statusCode).toBe(200);
    });

    it('without SMTP, writes the mail as a 0600 .eml file and logs only its name', async () => {
      await t.rebuild({ MAIL_HOST: '' }, { keepKeys: true });
      await registerWithSession(t);
      const response = await requestLink();
      expect(response.statusCode).toBe(200);
      const folder = path.join(t.dataDir, 'mail');
      const files = readdirSync(folder).filter((name) => name.endsWith('.eml'));
      expect(files.length).toBeGreaterThan(0);
      const newest = files.sort().at(-1)!;
      const file = path.join(folder, newest);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const content = readFileSync(file, 'utf8').replace(/=\r?\n/g, '');
      const token = /token=([A-Za-z0-9_-]+)/.exec(content)?.[1];
      expect(token).toBeDefined();
      const log = t.logs.join('\n');
      expect(log).toContain(newest);
      expect(log).not.toContain(token!);
    });
  },
  {
    realMailer: true,
    env: { MAIL_HOST: '127.0.0.1', MAIL_PORT: String(port), MAIL_ENCRYPTION: 'none' },
  },
);
