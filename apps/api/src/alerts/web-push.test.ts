import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { afterAll, beforeEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../test/harness.js';
import { SessionClient, john, registerWithSession } from '../test/auth-helpers.js';
import { TestHttpReceiver } from '../test/http-receiver.js';

const receiver = new TestHttpReceiver();
const base = await receiver.start();
afterAll(() => receiver.stop());

/** What a browser keeps for its subscription: an ECDH P-256 key pair and an auth secret. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, auth: randomBytes(16) };
}

/** Decrypts an aes128gcm push message as the user agent does (RFC 8291 over RFC 8188). */
function decryptPush(body: Buffer, keys: ReturnType<typeof browserKeys>): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverPublicKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const sharedSecret = keys.ecdh.computeSecret(serverPublicKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.ecdh.getPublicKey(), serverPublicKey]);
  const ikm = Buffer.from(hkdfSync('sha256', sharedSecret, keys.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02, then zero padding.
  return padded.subarray(0, padded.lastIndexOf(2)).toString('utf8');
}

/** Checks the VAPID header's JWT (ES256) with the public key the server published. */
function verifyVapid(authorization: string, publicKey: string, audience: string) {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(authorization);
  expect(match?.[2]).toBe(publicKey);
  const [header = '', claims = '', signature = ''] = match![1]!.split('.');
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  expect(signed).toBe(true);
  expect(JSON.parse(Buffer.from(claims, 'base64url').toString())).toMatchObject({ aud: audience });
}

describeEachDatabase('alerts by Web Push', (t) => {
  beforeEach(() => receiver.reset());

  it('encrypts each alert for the subscription and signs it with the VAPID key kept in the database', async () => {
    const owner = await registerWithSession(t);
    const settings = await owner.request('GET', '/api/v1/alerts');
    const { vapid_public_key: vapidKey } = settings.json<{ vapid_public_key: string }>();
    expect(Buffer.from(vapidKey, 'base64url')).toHaveLength(65);
    const keys = browserKeys();
    const subscription = {
      endpoint: `${base}/push/send/abc123`,
      keys: { p256dh: keys.ecdh.getPublicKey().toString('base64url'), auth: keys.auth.toString('base64url') },
    };
    const subscribed = await owner.request('POST', '/api/v1/alerts/push-subscriptions', subscription);
    expect(subscribed.statusCode).toBe(201);
    await owner.request('PUT', '/api/v1/alerts/kinds', { new_device: true });
    // Both changes were alerted to the new subscription (alerts_changed): the test starts here.
    await t.app.deps.alerts.settled();
    expect(receiver.at('/push/send/abc123')).toHaveLength(2);
    receiver.reset();

    const sent = await owner.request('POST', '/api/v1/alerts/channels/webpush/test');
    expect(sent.json()).toMatchObject({ delivered: true, channel: { type: 'webpush', subscriptions: 1 } });
    const [push] = receiver.at('/push/send/abc123');
    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    expect(push!.headers.ttl).toBe('86400');
    verifyVapid(String(push!.headers.authorization), vapidKey, base);
    expect(JSON.parse(decryptPush(push!.body, keys))).toEqual({
      title: 'Twofold test alert',
      body: 'This channel works: Twofold can send you alerts here.',
      event: 'test',
    });

    // A new-device sign-in reaches the installed app the same way.
    const stranger = new SessionClient(t, '203.0.113.50');
    const login = await stranger.request(
      'POST',
      '/user/login',
      { email: john.email, password: john.password },
      { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Version/18.0 Safari/604.1' },
    );
    expect(login.statusCode).toBe(200);
    await t.app.deps.alerts.settled();
    const pushes = receiver.at('/push/send/abc123');
    expect(pushes).toHaveLength(2);
    expect(JSON.parse(decryptPush(pushes[1]!.body, keys))).toMatchObject({
      title: 'New sign-in to Twofold',
      event: 'new_device',
      body: expect.stringContaining('Safari on iOS, IP address 203.0.113.50') as string,
    });

    // The same key pair after a restart (kept with the data, not in memory).
    await t.rebuild({}, { keepKeys: true });
    const again = new SessionClient(t);
    await again.request('POST', '/user/login', { email: john.email, password: john.password });
    expect((await again.request('GET', '/api/v1/alerts')).json()).toMatchObject({
      vapid_public_key: vapidKey,
    });
    const row = await t.db.selectFrom('alert_vapid_keys').selectAll().executeTakeFirstOrThrow();
    expect(row.private_key).toMatch(/^v1:/);
  });

  it('forgets a subscription the push service says is gone, and refuses malformed keys', async () => {
    const owner = await registerWithSession(t);
    const keys = browserKeys();
    const p256dh = keys.ecdh.getPublicKey().toString('base64url');
    const auth = keys.auth.toString('base64url');
    await owner.request('POST', '/api/v1/alerts/push-subscriptions', {
      endpoint: `${base}/push/gone`,
      keys: { p256dh, auth },
    });
    await t.app.deps.alerts.settled();
    receiver.status = 410;
    const sent = await owner.request('POST', '/api/v1/alerts/channels/webpush/test');
    expect(sent.json()).toMatchObject({
      delivered: false,
      channel: { subscriptions: 0, last_error: 'no subscribed app' },
    });
    expect(await t.db.selectFrom('alert_push_subscriptions').selectAll().execute()).toEqual([]);

    const bad = await owner.request('POST', '/api/v1/alerts/push-subscriptions', {
      endpoint: `${base}/push/x`,
      keys: { p256dh: 'AAAA', auth },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json<{ errors: object }>().errors)).toEqual(['keys.p256dh']);
    const badEndpoint = await owner.request('POST', '/api/v1/alerts/push-subscriptions', {
      endpoint: 'not a url',
      keys: { p256dh, auth },
    });
    expect(badEndpoint.json()).toEqual({
      message: 'The endpoint field must be a valid URL.',
      errors: { endpoint: ['The endpoint field must be a valid URL.'] },
    });
  });
});
