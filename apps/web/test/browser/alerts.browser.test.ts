import { createECDH, createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, signUp } from './accounts-helpers';
import { perTestSessions } from './per-test';

/*
 * Settings, Alerts: a webhook to a receiver on loopback, its test alert arriving signed, a failing
 * receiver's error shown; the Web Push subscribe flow up to the browser's push service (which a
 * test without internet access cannot reach: pushManager.subscribe is stood in for, the rest is real).
 */

interface Received {
  readonly path: string;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: Buffer;
}
const received: Received[] = [];
let status = 200;
const receiver = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
    response.writeHead(status).end();
  });
});
let receiverUrl = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

describe('alerts in the settings', () => {
  const t = perTestSessions();

  it('configures a webhook, sends a test alert that arrives signed, and shows a failure', async () => {
    received.length = 0;
    status = 200;
    const { page } = t;
    await signUp(page, t.server.url);
    await page.goto(`${t.server.url}/settings/alerts`);
    await page.getByRole('link', { name: 'Alerts' }).waitFor();

    const newDevice = page.getByRole('switch', { name: 'Sign-in from a new device (browser and network)' });
    await newDevice.click();
    await expect.poll(() => newDevice.getAttribute('aria-checked')).toBe('true');
    // A change to the alerts is always alerted: shown as a switch that stays on.
    const changes = page.getByRole('switch', {
      name: 'A change to these alerts or their channels (always on)',
    });
    await expect.poll(() => changes.getAttribute('aria-checked')).toBe('true');
    await expect.poll(() => changes.isDisabled()).toBe(true);
    const preference = (await apiCall(
      page,
      'GET',
      `${t.server.url}/api/v1/user/preferences/notifyOnNewAuthDevice`,
    )) as { value: boolean };
    expect(preference.value).toBe(true);

    const webhook = page.getByRole('region', { name: 'Webhook' });
    await webhook.getByLabel('URL').fill(`${receiverUrl}/hook`);
    await webhook.getByLabel('Signing secret').fill('receiver secret');
    await webhook.getByRole('button', { name: 'Turn on' }).click();
    await page.getByText('Channel saved').first().waitFor();
    await webhook.getByText('Saved. Leave empty to keep it.').waitFor();

    await webhook.getByRole('button', { name: 'Send a test alert' }).click();
    await page.getByText('Test alert sent').first().waitFor();
    await webhook.getByText(/^Last delivered: /).waitFor();
    expect(received).toHaveLength(1);
    const [hook] = received;
    expect(hook!.path).toBe('/hook');
    const signature = createHmac('sha256', 'receiver secret').update(hook!.body).digest('hex');
    expect(hook!.headers['x-twofold-signature']).toBe(`sha256=${signature}`);
    expect(JSON.parse(hook!.body.toString())).toMatchObject({ event: 'test', title: 'Twofold test alert' });

    status = 503;
    await webhook.getByRole('button', { name: 'Send a test alert' }).click();
    // The failure says so and no more: no status code, no socket error.
    await page.getByText('The test alert was not delivered', { exact: true }).first().waitFor();
    await webhook
      .getByRole('alert')
      .filter({ hasText: /^Last failure \(.+\)$/ })
      .waitFor();

    // Removed, the channel no longer receives anything (the next test's reset signs in anew).
    await webhook.getByRole('button', { name: 'Remove' }).click();
    await webhook.getByRole('button', { name: 'Turn on' }).waitFor();
    await expect.poll(() => webhook.getByLabel('URL').inputValue()).toBe('');
    const left = (await apiCall(page, 'GET', `${t.server.url}/api/v1/alerts`)) as { channels: unknown[] };
    expect(left.channels).toEqual([]);
  });

  it('subscribes this device to Web Push with the server key, up to the browser push service', async () => {
    received.length = 0;
    status = 201;
    const { page } = t;
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const subscription = {
      endpoint: `${receiverUrl}/push/this-browser`,
      keys: {
        p256dh: ecdh.getPublicKey().toString('base64url'),
        auth: randomBytes(16).toString('base64url'),
      },
    };
    // The browser's own push service is out of reach here: permission and subscribe are stood in
    // for, and record the key the app passes.
    await page.context().addInitScript((fake) => {
      const calls: unknown[] = [];
      Object.assign(window, { pushCalls: calls });
      Notification.requestPermission = () => Promise.resolve('granted');
      PushManager.prototype.subscribe = function (options?: PushSubscriptionOptionsInit) {
        const key = new Uint8Array(options?.applicationServerKey as ArrayBuffer);
        calls.push({ userVisibleOnly: options?.userVisibleOnly, key: Array.from(key) });
        return Promise.resolve({
          endpoint: fake.endpoint,
          toJSON: () => fake,
        } as unknown as PushSubscription);
      };
    }, subscription);
    await signUp(page, t.server.url);
    await page.goto(`${t.server.url}/settings/alerts`);
    const push = page.getByRole('region', { name: 'Web Push' });
    await push.getByText('Subscribed apps: 0').waitFor();
    await push.getByRole('button', { name: 'Receive alerts on this device' }).click();
    await page.getByText('This device will receive alerts').first().waitFor();
    await push.getByText('Subscribed apps: 1').waitFor();

    const settings = (await apiCall(page, 'GET', `${t.server.url}/api/v1/alerts`)) as {
      vapid_public_key: string;
    };
    const calls = (await page.evaluate(() => (window as unknown as { pushCalls: unknown[] }).pushCalls)) as {
      userVisibleOnly: boolean;
      key: number[];
    }[];
    expect(calls).toHaveLength(1);
    expect(calls[0]!.userVisibleOnly).toBe(true);
    expect(Buffer.from(calls[0]!.key).toString('base64url')).toBe(settings.vapid_public_key);

    // The new subscription is itself a change to the alerts, alerted (in the background) to it.
    // (The first test's webhook may still be retrying the alert of its removal: only pushes count.)
    const pushes = () => received.filter((request) => request.path === '/push/this-browser');
    await expect.poll(() => pushes().length).toBe(1);
    await push.getByRole('button', { name: 'Send a test alert' }).click();
    await page.getByText('Test alert sent').first().waitFor();
    expect(pushes().map((request) => [request.path, request.headers['content-encoding']])).toEqual([
      ['/push/this-browser', 'aes128gcm'],
      ['/push/this-browser', 'aes128gcm'],
    ]);
  });
});
