import { afterAll, beforeEach, expect, it } from 'vitest';
import { describeEachDatabase, type TestContext } from '../test/harness.js';
import { SessionClient, bearerCaller, john } from '../test/auth-helpers.js';
import { TestSmtpServer } from '../test/smtp.js';
import { TestHttpReceiver, type ReceivedRequest } from '../test/http-receiver.js';
import { fixtures as F } from '../accounts/fixtures.js';

const smtp = new TestSmtpServer();
const smtpPort = await smtp.start();
const receiver = new TestHttpReceiver();
const base = await receiver.start();
/** Another server: where a moved channel points. */
const elsewhere = new TestHttpReceiver();
const elsewhereBase = await elsewhere.start();
afterAll(async () => {
  await smtp.stop();
  await receiver.stop();
  await elsewhere.stop();
});

const webhookSecret = 'a webhook secret the user chose';
const ntfyToken = 'tk_ntfy_access_token';

interface Hook {
  event: string;
  facts: Record<string, string>;
}
const hooks = () => receiver.at('/hook').map((hook) => JSON.parse(hook.body.toString()) as Hook);

/** The user with e-mail, ntfy (with a token) and a webhook configured; nothing received yet. */
async function configured(t: TestContext, kinds: Record<string, boolean> = {}) {
  const owner = new SessionClient(t, '192.0.2.10');
  const registered = await owner.request('POST', '/user', {
    name: john.name,
    email: john.email,
    password: john.password,
    password_confirmation: john.password,
  });
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
  smtp.received.length = 0;
  receiver.reset();
  elsewhere.reset();
  return owner;
}

async function newToken(owner: SessionClient, name: string): Promise<string> {
  const created = await owner.request('POST', '/oauth/personal-access-tokens', { name });
  expect(created.statusCode).toBe(200);
  return created.json<{ accessToken: string }>().accessToken;
}

/** What the settings said while the webhook's request was held: the state before the change. */
function watchSettings(owner: SessionClient) {
  const seen: { kinds: Record<string, boolean>; channels: { type: string; enabled: boolean }[] }[] = [];
  receiver.onReceive = async (request: ReceivedRequest) => {
    if (request.path === '/hook') seen.push((await owner.request('GET', '/api/v1/alerts')).json());
  };
  return seen;
}

describeEachDatabase(
  'alerts: changes to the alert settings',
  (t) => {
    beforeEach(() => {
      smtp.received.length = 0;
      receiver.reset();
      elsewhere.reset();
    });

    it('alerts a kind turned off on every channel and by e-mail before it is off; an unchanged kind is not alerted', async () => {
      const owner = await configured(t, { export: true, token_created: true });
      const seen = watchSettings(owner);
      const changed = await owner.request('PUT', '/api/v1/alerts/kinds', {
        export: false,
        token_created: true,
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.json()).toMatchObject({ export: false, token_created: true });
      // Delivered before the answer, while the kind was still on.
      expect(hooks()).toEqual([
        expect.objectContaining({ event: 'alerts_changed', facts: { changes: 'export: off' } }),
      ]);
      expect(seen.map((settings) => settings.kinds.export)).toEqual([true]);
      expect(receiver.at('/ntfy/twofold')).toHaveLength(1);
      expect(receiver.at('/ntfy/twofold')[0]!.headers.title).toBe('Alert settings changed');
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]!.raw).toContain('Subject: Alert settings changed');
      expect(smtp.received[0]!.text).toContain('export: off');

      expect((await owner.request('PUT', '/api/v1/alerts/kinds', { export: false })).statusCode).toBe(200);
      expect((await owner.request('GET', '/api/v1/twofaccounts/export?format=otpauth')).statusCode).toBe(200);
      await t.app.deps.alerts.settled();
      expect(hooks()).toHaveLength(1);
    });

    it('alerts a removed channel through that channel before it goes', async () => {
      const owner = await configured(t);
      const seen = watchSettings(owner);
      expect((await owner.request('DELETE', '/api/v1/alerts/channels/webhook')).statusCode).toBe(204);
      expect(hooks()).toEqual([
        expect.objectContaining({ event: 'alerts_changed', facts: { changes: 'webhook: removed' } }),
      ]);
      expect(seen.map((settings) => settings.channels.some((channel) => channel.type === 'webhook'))).toEqual(
        [true],
      );
      expect(smtp.received.map((mail) => mail.text)).toEqual([expect.stringContaining('webhook: removed')]);
    });

    it('alerts a channel turned off through it before it is off, and a new channel on the others', async () => {
      const owner = await configured(t);
      const seen = watchSettings(owner);
      const off = await owner.request('PUT', '/api/v1/alerts/channels/webhook', { enabled: false });
      expect(off.json()).toMatchObject({ enabled: false });
      expect(hooks().map((hook) => hook.facts.changes)).toEqual(['webhook: off']);
      expect(seen.map((settings) => settings.channels.find((c) => c.type === 'webhook')!.enabled)).toEqual([
        true,
      ]);
      // The e-mail channel off: the change still goes by e-mail.
      await owner.request('PUT', '/api/v1/alerts/channels/email', { enabled: false });
      const gotify = await owner.request('PUT', '/api/v1/alerts/channels/gotify', {
        url: `${base}/gotify`,
        token: 'gotify app token',
      });
      expect(gotify.statusCode).toBe(200);
      await t.app.deps.alerts.settled();
      expect(smtp.received.map((mail) => mail.text)).toEqual([
        expect.stringContaining('webhook: off'),
        expect.stringContaining('email: off'),
        expect.stringContaining('gotify: added'),
      ]);
      expect(receiver.at('/ntfy/twofold').map((request) => request.body.toString())).toEqual([
        expect.stringContaining('webhook: off'),
        expect.stringContaining('email: off'),
        expect.stringContaining('gotify: added'),
      ]);
    });

    it("alerts 2FAuth's alert preferences changed by a token, before one is turned off", async () => {
      const owner = await configured(t, { failed_sign_in: true });
      const client = bearerCaller(t, () => token);
      const token = await newToken(owner, '2fauth app');
      const seen = watchSettings(owner);
      const off = await client('PUT', '/api/v1/user/preferences/notifyOnFailedLogin', { value: false });
      expect(off.statusCode).toBe(201);
      expect(hooks().map((hook) => hook.facts.changes)).toEqual(['failed_sign_in: off']);
      expect(seen.map((settings) => settings.kinds.failed_sign_in)).toEqual([true]);
      // The same through the settings route, turned on; an unchanged value is not alerted.
      expect(
        (await client('PUT', '/api/v1/settings/notifyOnNewAuthDevice', { value: true })).statusCode,
      ).toBe(200);
      expect(
        (await client('PUT', '/api/v1/settings/notifyOnNewAuthDevice', { value: true })).statusCode,
      ).toBe(200);
      await t.app.deps.alerts.settled();
      expect(hooks().map((hook) => hook.facts.changes)).toEqual(['failed_sign_in: off', 'new_device: on']);
    });

    it('drops the token of a channel moved to another URL: the new server never sees it', async () => {
      const owner = await configured(t);
      const moved = await owner.request('PUT', '/api/v1/alerts/channels/ntfy', {
        url: `${elsewhereBase}/ntfy/twofold`,
      });
      expect(moved.statusCode).toBe(200);
      expect(moved.json()).toMatchObject({ token_set: false, url: `${elsewhereBase}/ntfy/twofold` });
      // The move itself was told on the old address, with its token, before it happened.
      expect(receiver.at('/ntfy/twofold').map((request) => request.headers.authorization)).toEqual([
        `Bearer ${ntfyToken}`,
      ]);
      expect((await owner.request('POST', '/api/v1/alerts/channels/ntfy/test')).json()).toMatchObject({
        delivered: true,
      });
      await owner.request('PUT', '/api/v1/alerts/kinds', { export: true });
      await t.app.deps.alerts.settled();
      expect(elsewhere.received.length).toBeGreaterThanOrEqual(2);
      for (const request of elsewhere.received) expect(request.headers.authorization).toBeUndefined();

      // A webhook moved without its secret needs a new one (the old one stays with the old URL).
      const noSecret = await owner.request('PUT', '/api/v1/alerts/channels/webhook', {
        url: `${elsewhereBase}/hook`,
      });
      expect(noSecret.statusCode).toBe(422);
      expect(noSecret.json()).toEqual({
        message: 'The secret field is required.',
        errors: { secret: ['The secret field is required.'] },
      });
    });

    it("keeps a URL's password write-only: masked in the settings, kept when the form sends the mask back", async () => {
      const owner = await configured(t);
      const withPassword = `http://alice:s3cret%2Fpw@127.0.0.1:${receiver.port}/hook`;
      const masked = `http://alice:********@127.0.0.1:${receiver.port}/hook`;
      const basic = `Basic ${Buffer.from('alice:s3cret/pw').toString('base64')}`;
      const saved = await owner.request('PUT', '/api/v1/alerts/channels/webhook', {
        url: withPassword,
        secret: webhookSecret,
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toMatchObject({ url: masked, secret_set: true });
      expect(saved.body).not.toContain('s3cret');
      const settings = await owner.request('GET', '/api/v1/alerts');
      expect(settings.body).not.toContain('s3cret');
      expect(settings.json<{ channels: { type: string; url: string }[] }>().channels).toContainEqual(
        expect.objectContaining({ type: 'webhook', url: masked }),
      );
      // The form sends the URL back as shown: the password (and the secret) are kept.
      const again = await owner.request('PUT', '/api/v1/alerts/channels/webhook', {
        enabled: true,
        url: masked,
      });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ url: masked, secret_set: true });
      receiver.reset();
      expect((await owner.request('POST', '/api/v1/alerts/channels/webhook/test')).json()).toMatchObject({
        delivered: true,
      });
      expect(receiver.at('/hook').map((request) => request.headers.authorization)).toEqual([basic]);
      // The mask on another address stands for nothing: the password must be typed again.
      const elsewhereMasked = await owner.request('PUT', '/api/v1/alerts/channels/webhook', {
        url: `http://alice:********@127.0.0.1:${elsewhere.port}/hook`,
        secret: webhookSecret,
      });
      expect(elsewhereMasked.statusCode).toBe(422);
      const message = 'Type the password in the URL again: the saved one belongs to the previous address.';
      expect(elsewhereMasked.json()).toEqual({ message, errors: { url: [message] } });
    });

    it('answers a test that failed as failed only: a closed port and a 500 alike', async () => {
      const owner = await configured(t);
      receiver.status = 500;
      const refused = await owner.request('POST', '/api/v1/alerts/channels/webhook/test');
      expect(refused.statusCode).toBe(200);
      expect(refused.json()).toMatchObject({ delivered: false, channel: { last_error: 'failed' } });
      receiver.status = 200;
      await owner.request('PUT', '/api/v1/alerts/channels/ntfy', { url: 'http://127.0.0.1:9/x' });
      const closed = await owner.request('POST', '/api/v1/alerts/channels/ntfy/test');
      expect(closed.json()).toMatchObject({ delivered: false, channel: { last_error: 'failed' } });
      const settings = await owner.request('GET', '/api/v1/alerts');
      for (const body of [refused.body, closed.body, settings.body]) {
        expect(body).not.toMatch(/HTTP \d|ECONN|refused|reset|timed out/);
      }
      // A failure recorded by an older version, with its socket error, is shown as failed too.
      await t.db
        .updateTable('alert_channels')
        .set({ last_error: 'connection failed (ECONNRESET)' })
        .execute();
      const old = await owner.request('GET', '/api/v1/alerts');
      expect(old.body).not.toContain('ECONNRESET');
      expect(old.json<{ channels: { last_error: string }[] }>().channels.map((c) => c.last_error)).toEqual([
        'failed',
        'failed',
        'failed',
      ]);
    });

    it('alerts reading the secrets with a token as an export, once an hour per token; the web app reads freely', async () => {
      const owner = await configured(t, { export: true });
      expect(
        (await owner.request('POST', '/api/v1/twofaccounts', { uri: F.TOTP_SHORT_URI })).statusCode,
      ).toBe(201);
      const laptop = bearerCaller(t, () => laptopToken);
      const laptopToken = await newToken(owner, 'laptop');
      const phone = bearerCaller(t, () => phoneToken);
      const phoneToken = await newToken(owner, 'phone');
      const formats = () => hooks().map((hook) => `${hook.event} ${hook.facts.format}`);

      for (const url of [
        '/api/v1/twofaccounts?withSecret=1',
        '/api/v1/twofaccounts?withSecret=1',
        '/api/v1/twofaccounts/1',
      ])
        expect((await laptop('GET', url)).statusCode).toBe(200);
      // Without the secrets, and the web app's own reads: no alert.
      expect((await phone('GET', '/api/v1/twofaccounts')).statusCode).toBe(200);
      expect((await phone('GET', '/api/v1/twofaccounts/1?withSecret=0')).statusCode).toBe(200);
      expect((await owner.request('GET', '/api/v1/twofaccounts?withSecret=1')).statusCode).toBe(200);
      expect((await owner.request('GET', '/api/v1/twofaccounts/1')).statusCode).toBe(200);
      await t.app.deps.alerts.settled();
      expect(formats()).toEqual(['export withSecret, token "laptop"']);

      // Another token is another alert; an hour later, the first token alerts again.
      expect((await phone('GET', '/api/v1/twofaccounts?ids=1&withSecret=true')).statusCode).toBe(200);
      t.clock.advance(59 * 60);
      expect((await laptop('GET', '/api/v1/twofaccounts/1')).statusCode).toBe(200);
      t.clock.advance(60);
      expect((await laptop('GET', '/api/v1/twofaccounts/1')).statusCode).toBe(200);
      await t.app.deps.alerts.settled();
      expect(formats()).toEqual([
        'export withSecret, token "laptop"',
        'export withSecret, token "phone"',
        'export withSecret, token "laptop"',
      ]);
      expect(JSON.stringify(hooks())).not.toContain(laptopToken);
    });
  },
  {
    realMailer: true,
    env: { MAIL_HOST: '127.0.0.1', MAIL_PORT: String(smtpPort), MAIL_ENCRYPTION: 'none' },
  },
);
