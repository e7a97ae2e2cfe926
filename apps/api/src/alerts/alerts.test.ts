import { createHmac } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { afterAll, beforeEach, expect, it } from 'vitest';
import { describeEachDatabase, type TestContext } from '../test/harness.js';
import { SessionClient, john } from '../test/auth-helpers.js';
import { TestSmtpServer } from '../test/smtp.js';
import { TestHttpReceiver } from '../test/http-receiver.js';
import { startBackupScheduler } from '../backups/backup-scheduler.js';
import {
  SoftAuthenticator,
  type CreationOptionsJson,
  type RequestOptionsJson,
} from '../test/soft-authenticator.js';

const smtp = new TestSmtpServer();
const smtpPort = await smtp.start();
const receiver = new TestHttpReceiver();
const base = await receiver.start();
afterAll(async () => {
  await smtp.stop();
  await receiver.stop();
});

const firefoxOnLinux = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const chromeOnWindows =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const chromeOnAndroid =
  'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const samsungOnAndroid =
  'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36';
const webhookSecret = 'a webhook secret the user chose';
const ntfyToken = 'tk_ntfy_access_token';

async function signIn(t: TestContext, ip: string, userAgent: string, password = john.password) {
  const client = new SessionClient(t, ip);
  const response = await client.request(
    'POST',
    '/user/login',
    { email: john.email, password },
    { 'user-agent': userAgent },
  );
  return { client, response };
}

/** The user, registered from Firefox on 192.0.2.10, with e-mail, ntfy and a webhook configured. */
async function configured(t: TestContext, kinds: Record<string, boolean>) {
  const owner = new SessionClient(t, '192.0.2.10');
  const registered = await owner.request(
    'POST',
    '/user',
    { name: john.name, email: john.email, password: john.password, password_confirmation: john.password },
    { 'user-agent': firefoxOnLinux },
  );
  expect(registered.statusCode).toBe(201);
  expect((await owner.request('PUT', '/api/v1/alerts/kinds', kinds)).statusCode).toBe(200);
  for (const [type, body] of [
    ['email', {}],
    ['ntfy', { url: `${base}/ntfy/twofold`, token: ntfyToken }],
    ['webhook', { url: `${base}/hook`, secret: webhookSecret }],
  ] as const) {
    const saved = await owner.request('PUT', `/api/v1/alerts/channels/${type}`, body);
    expect(saved.statusCode, saved.body).toBe(200);
  }
  await t.app.deps.alerts.settled();
  // Each of these changes was alerted (alerts_changed): the tests start from here.
  smtp.received.length = 0;
  receiver.reset();
  return owner;
}

describeEachDatabase(
  'alerts',
  (t) => {
    beforeEach(() => {
      smtp.received.length = 0;
      receiver.reset();
    });

    it('a sign-in from a new device sends one e-mail, one ntfy POST and one signed webhook; the same device again sends none', async () => {
      await configured(t, { new_device: true });
      const first = await signIn(t, '203.0.113.7', chromeOnWindows);
      expect(first.response.statusCode).toBe(200);
      await t.app.deps.alerts.settled();

      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]!.to).toEqual(['john@example.com']);
      expect(smtp.received[0]!.raw).toContain('Subject: New sign-in to Twofold');
      expect(smtp.received[0]!.text).toContain('Chrome on Windows, IP address 203.0.113.7');

      const [ntfy, ...moreNtfy] = receiver.at('/ntfy/twofold');
      expect(moreNtfy).toEqual([]);
      expect(ntfy!.method).toBe('POST');
      expect(ntfy!.headers.title).toBe('New sign-in to Twofold');
      expect(ntfy!.headers.priority).toBe('4');
      expect(ntfy!.headers.authorization).toBe(`Bearer ${ntfyToken}`);
      expect(ntfy!.body.toString()).toContain('Chrome on Windows, IP address 203.0.113.7');

      const [hook, ...moreHooks] = receiver.at('/hook');
      expect(moreHooks).toEqual([]);
      const expected = `sha256=${createHmac('sha256', webhookSecret).update(hook!.body).digest('hex')}`;
      expect(hook!.headers['x-twofold-signature']).toBe(expected);
      expect(hook!.headers['x-twofold-event']).toBe('new_device');
      expect(JSON.parse(hook!.body.toString())).toEqual({
        event: 'new_device',
        title: 'New sign-in to Twofold',
        message: expect.stringContaining('203.0.113.7') as string,
        occurred_at: t.clock.now().toISOString(),
        facts: { browser: 'Chrome', platform: 'Windows', ip: '203.0.113.7' },
      });
      for (const request of receiver.received) expect(request.body.toString()).not.toContain(john.password);

      // Same browser family, same /24: already seen.
      const again = await signIn(t, '203.0.113.99', chromeOnWindows.replace('131.0', '132.0'));
      expect(again.response.statusCode).toBe(200);
      await t.app.deps.alerts.settled();
      expect(smtp.received).toHaveLength(1);
      expect(receiver.received).toHaveLength(2);
      // The device the user registered from is known too.
      await signIn(t, '192.0.2.10', firefoxOnLinux);
      await t.app.deps.alerts.settled();
      expect(receiver.received).toHaveLength(2);
    });

    it('tells browsers apart as the auth log does: Samsung Internet after Chrome on one phone and network is a new device', async () => {
      const owner = await configured(t, { new_device: true });
      // The old regex table read both as "Chrome on Android": the second sign-in alerted nobody.
      expect((await signIn(t, '203.0.113.7', chromeOnAndroid)).response.statusCode).toBe(200);
      expect((await signIn(t, '203.0.113.8', samsungOnAndroid)).response.statusCode).toBe(200);
      await t.app.deps.alerts.settled();
      const facts = receiver
        .at('/hook')
        .map(
          (hook) =>
            (JSON.parse(hook.body.toString()) as { facts: { browser: string; platform: string } }).facts,
        );
      const log = await owner.request('GET', '/api/v1/users/1/authentications?limit=2');
      expect(log.statusCode).toBe(200);
      // The log is newest first, the alerts oldest first: each alert names the device as the log does.
      const logged = log.json<{ browser: string; platform: string }[]>().reverse();
      expect(facts).toEqual(
        logged.map(({ browser, platform }) => ({ browser, platform, ip: expect.any(String) as string })),
      );
      expect(facts.map((fact) => fact.browser)).toEqual(['Chrome', 'Samsung Internet for Android']);
      expect(smtp.received).toHaveLength(2);
    });

    it('sends nothing for a new device while the kind is off (notifyOnNewAuthDevice)', async () => {
      await configured(t, { new_device: false });
      expect((await signIn(t, '198.51.100.1', chromeOnWindows)).response.statusCode).toBe(200);
      await t.app.deps.alerts.settled();
      expect(smtp.received).toEqual([]);
      expect(receiver.received).toEqual([]);
    });

    it('retries a failing receiver while the sign-in has already succeeded; the failure shows in the settings', async () => {
      const owner = await configured(t, { new_device: true });
      receiver.failNext = 2;
      const started = Date.now();
      const { response } = await signIn(t, '203.0.113.7', chromeOnWindows);
      expect(response.statusCode).toBe(200);
      expect(Date.now() - started).toBeLessThan(2_000);
      await t.app.deps.alerts.settled();
      // ntfy and the webhook fail once each (in either order), then both arrive.
      expect(receiver.at('/ntfy/twofold').length + receiver.at('/hook').length).toBe(4);
      const settings = await owner.request('GET', '/api/v1/alerts');
      expect(settings.statusCode).toBe(200);
      const channels = settings.json<{ channels: { type: string; last_error: string | null }[] }>().channels;
      expect(channels.find((channel) => channel.type === 'webhook')).toMatchObject({
        last_error: 'failed',
        last_error_at: expect.any(String) as string,
        last_sent_at: expect.any(String) as string,
        secret_set: true,
        url: `${base}/hook`,
      });
      expect(settings.body).not.toContain(webhookSecret);
      expect(settings.body).not.toContain(ntfyToken);
    });

    it('alerts the first failed sign-in of a burst only', async () => {
      await configured(t, { failed_sign_in: true });
      for (let i = 0; i < 3; i += 1) {
        const { response } = await signIn(t, '203.0.113.7', chromeOnWindows, 'wrong password');
        expect(response.statusCode).toBe(401);
      }
      await t.app.deps.alerts.settled();
      expect(receiver.at('/hook').map((hook) => hook.headers['x-twofold-event'])).toEqual(['failed_sign_in']);
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]!.text).not.toContain('wrong password');
      t.clock.advance(16 * 60);
      await signIn(t, '203.0.113.7', chromeOnWindows, 'wrong password');
      await t.app.deps.alerts.settled();
      expect(receiver.at('/hook')).toHaveLength(2);
    });

    it('alerts a new token and an export when turned on, never with the token value', async () => {
      const owner = await configured(t, { token_created: true, export: true, security_device_added: true });
      const created = await owner.request('POST', '/oauth/personal-access-tokens', { name: 'laptop cli' });
      expect(created.statusCode).toBe(200);
      const exported = await owner.request('GET', '/api/v1/twofaccounts/export?format=otpauth');
      expect(exported.statusCode).toBe(200);
      // An export refused for its input exported nothing: no alert.
      expect((await owner.request('GET', '/api/v1/twofaccounts/export?ids=x')).statusCode).toBe(422);
      await t.app.deps.alerts.settled();
      const hooks = receiver.at('/hook').map((hook) => JSON.parse(hook.body.toString()) as { event: string });
      expect(hooks.map((hook) => hook.event)).toEqual(['token_created', 'export']);
      expect(JSON.stringify(hooks)).toContain('laptop cli');
      expect(JSON.stringify(hooks)).not.toContain(created.json<{ accessToken: string }>().accessToken);
      expect(smtp.received[1]!.text).toContain('format: otpauth');
    });

    it('sends a test alert per channel and answers its outcome', async () => {
      const owner = await configured(t, {});
      const sent = await owner.request('POST', '/api/v1/alerts/channels/webhook/test');
      expect(sent.statusCode).toBe(200);
      expect(sent.json()).toMatchObject({ delivered: true, channel: { type: 'webhook', last_error: null } });
      expect(receiver.at('/hook').map((hook) => hook.headers['x-twofold-event'])).toEqual(['test']);
      expect((await owner.request('POST', '/api/v1/alerts/channels/email/test')).json()).toMatchObject({
        delivered: true,
      });
      expect(smtp.received.at(-1)!.raw).toContain('Subject: Twofold test alert');

      // Loopback is allowed; a closed port is a failure, kept on the channel, and says no more.
      const saved = await owner.request('PUT', '/api/v1/alerts/channels/ntfy', {
        url: 'http://127.0.0.1:9/x',
      });
      expect(saved.json()).toMatchObject({ token_set: false, url: 'http://127.0.0.1:9/x' });
      const failed = await owner.request('POST', '/api/v1/alerts/channels/ntfy/test');
      expect(failed.json()).toMatchObject({ delivered: false, channel: { last_error: 'failed' } });
      expect((await owner.request('POST', '/api/v1/alerts/channels/gotify/test')).statusCode).toBe(404);
    });

    it('validates channels, keeps secrets when left out and never answers them', async () => {
      const owner = await configured(t, {});
      const noSecret = await owner.request('PUT', '/api/v1/alerts/channels/gotify', {
        url: `${base}/gotify`,
      });
      expect(noSecret.statusCode).toBe(422);
      expect(noSecret.json()).toEqual({
        message: 'The token field is required.',
        errors: { token: ['The token field is required.'] },
      });
      const badUrl = await owner.request('PUT', '/api/v1/alerts/channels/webhook', {
        url: 'ftp://example.com',
      });
      expect(badUrl.statusCode).toBe(422);
      expect(badUrl.json()).toEqual({
        message: 'The url field must be a valid URL.',
        errors: { url: ['The url field must be a valid URL.'] },
      });
      const badType = await owner.request('PUT', '/api/v1/alerts/channels/sms', {});
      expect(badType.statusCode).toBe(404);
      expect(badType.json()).toEqual({ message: 'not found' });
      const disabled = await owner.request('PUT', '/api/v1/alerts/channels/webhook', { enabled: false });
      expect(disabled.json()).toMatchObject({ enabled: false, secret_set: true, url: `${base}/hook` });
      const rows = await t.db.selectFrom('alert_channels').select('target').execute();
      for (const row of rows) {
        expect(row.target).toMatch(/^v1:/);
        expect(row.target).not.toContain(webhookSecret);
      }
      expect((await owner.request('DELETE', '/api/v1/alerts/channels/webhook')).statusCode).toBe(204);
      expect((await owner.request('DELETE', '/api/v1/alerts/channels/webhook')).statusCode).toBe(404);
    });

    it('forgets every channel, subscribed app and seen device with the user', async () => {
      const owner = await configured(t, { token_created: true });
      await signIn(t, '203.0.113.7', chromeOnWindows);
      const deleted = await owner.request('DELETE', '/user', { password: john.password });
      expect(deleted.statusCode).toBe(204);
      for (const table of [
        'alert_channels',
        'alert_seen_devices',
        'alert_kinds',
        'alert_push_subscriptions',
      ] as const)
        expect(await t.db.selectFrom(table).selectAll().execute()).toEqual([]);
    });

    it('alerts a new security device and a sign-in with it from a new device', async () => {
      const owner = await configured(t, { security_device_added: true, new_device: true });
      const key = new SoftAuthenticator();
      const options = (await owner.request('POST', '/webauthn/register/options')).json<CreationOptionsJson>();
      expect((await owner.request('POST', '/webauthn/register', key.create(options))).statusCode).toBe(204);
      const elsewhere = new SessionClient(t, '198.51.100.20');
      const login = (
        await elsewhere.request('POST', '/webauthn/login/options', {})
      ).json<RequestOptionsJson>();
      const signedIn = await elsewhere.request('POST', '/webauthn/login', key.get(login), {
        'user-agent': chromeOnWindows,
      });
      expect(signedIn.statusCode).toBe(200);
      await t.app.deps.alerts.settled();
      expect(receiver.at('/hook').map((hook) => hook.headers['x-twofold-event'])).toEqual([
        'security_device_added',
        'new_device',
      ]);
    });

    it('alerts a failed scheduled backup', async () => {
      const owner = await configured(t, { backup_failed: true });
      await owner.request('PUT', '/api/v1/backups/settings', { frequency: 'daily' });
      expect(
        (await owner.request('PUT', '/api/v1/backups/password', { password: 'backup pass 1' })).statusCode,
      ).toBe(204);
      const scheduler = await startBackupScheduler(t.app.deps, 3_600_000);
      // The backup folder's place taken by a file: the run cannot write.
      rmSync(t.app.deps.config.backupDir, { recursive: true, force: true });
      writeFileSync(t.app.deps.config.backupDir, 'not a folder');
      try {
        await scheduler.tick();
        await t.app.deps.alerts.settled();
        expect(receiver.at('/hook').map((hook) => hook.headers['x-twofold-event'])).toEqual([
          'backup_failed',
        ]);
        expect(smtp.received.at(-1)!.raw).toContain('Subject: Scheduled backup failed');
      } finally {
        scheduler.stop();
        rmSync(t.app.deps.config.backupDir, { force: true });
      }
    });

    it("switches 2FAuth's two preferences with their kinds", async () => {
      const owner = await configured(t, { new_device: true, failed_sign_in: false, export: true });
      const preference = await owner.request('GET', '/api/v1/user/preferences/notifyOnNewAuthDevice');
      expect(preference.json()).toMatchObject({ key: 'notifyOnNewAuthDevice', value: true });
      await owner.request('PUT', '/api/v1/user/preferences/notifyOnFailedLogin', { value: true });
      expect((await owner.request('GET', '/api/v1/alerts')).json<{ kinds: unknown }>().kinds).toEqual({
        new_device: true,
        failed_sign_in: true,
        token_created: false,
        security_device_added: false,
        export: true,
        backup_failed: false,
        clock_skew: true,
        disk_full: true,
      });
    });
  },
  {
    realMailer: true,
    env: { MAIL_HOST: '127.0.0.1', MAIL_PORT: String(smtpPort), MAIL_ENCRYPTION: 'none' },
  },
);
