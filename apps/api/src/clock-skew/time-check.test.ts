import { createSocket } from 'node:dgram';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { asSignedInUser, bearerCaller, createUserWithToken } from '../test/auth-helpers.js';
import { describeEachDatabase, type TestContext } from '../test/harness.js';
import { TestHttpReceiver } from '../test/http-receiver.js';

/** The outside time the peers below tell: the server's (pinned) clock shifted by this. */
let shiftMs = 0;
let now: () => number = () => Date.now();

/** An NTP timestamp (seconds since 1900, 32.32 fixed point) of a Unix time in ms. */
function ntpTimestamp(ms: number): Buffer {
  const seconds = ms / 1000 + 2_208_988_800;
  const buffer = Buffer.alloc(8);
  buffer.writeUInt32BE(Math.floor(seconds));
  buffer.writeUInt32BE(Math.floor((seconds % 1) * 2 ** 32), 4);
  return buffer;
}

/** A tiny SNTP server (RFC 4330, mode 4, stratum 2): the protocol peer, answering the shifted time. */
const sntp = createSocket('udp4');
sntp.on('message', (request, remote) => {
  const reply = Buffer.alloc(48);
  reply[0] = (4 << 3) | 4; // no leap warning, version 4, server mode
  reply[1] = 2;
  request.copy(reply, 24, 40, 48); // originate = the client's transmit time
  const time = ntpTimestamp(now() + shiftMs);
  time.copy(reply, 32);
  time.copy(reply, 40);
  sntp.send(reply, remote.port, remote.address);
});

/** A web server whose `Date` header tells the shifted time. */
const web: Server = createServer((_request, response) => {
  response.sendDate = false;
  response.setHeader('Date', new Date(now() + shiftMs).toUTCString());
  response.end();
});

const receiver = new TestHttpReceiver();
let ntpUrl = '';
let webUrl = '';
let hookBase = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => sntp.bind(0, '127.0.0.1', resolve));
  await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
  ntpUrl = `ntp://127.0.0.1:${sntp.address().port}`;
  webUrl = `http://127.0.0.1:${(web.address() as AddressInfo).port}/`;
  hookBase = await receiver.start();
});

afterAll(async () => {
  await new Promise<void>((resolve) => sntp.close(() => resolve()));
  await new Promise<void>((resolve) => web.close(() => resolve()));
  await receiver.stop();
});

/** A fresh app (an empty clock watch), its user signed in, a token and a webhook alert channel. */
async function setUp(t: TestContext, env: Record<string, string> = {}) {
  await t.rebuild(env, { keepKeys: true });
  now = () => t.clock.now().getTime();
  const token = await createUserWithToken(t.db);
  const bearer = bearerCaller(t, () => token);
  const session = asSignedInUser(t);
  const saved = await session('PUT', '/api/v1/alerts/channels/webhook', {
    url: `${hookBase}/hook`,
    secret: 's3cret-hook',
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const status = async (device?: { id: string; offsetS: number }) => {
    const headers: Record<string, string> = device
      ? {
          'x-client-time': String(t.clock.now().getTime() + device.offsetS * 1000),
          'x-client-id': device.id,
        }
      : {};
    const response = await bearer('GET', '/api/v1/status', undefined, headers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{
      clock: { server_offset_ms: number | null; device_agrees: boolean | null; devices: number };
    }>().clock;
  };
  const alerts = async () => {
    await t.app.deps.alerts.settled();
    return receiver
      .at('/hook')
      .map((request) => JSON.parse(request.body.toString()) as { event: string; message: string });
  };
  return { bearer, session, status, alerts };
}

describeEachDatabase('the optional outside time check', (t) => {
  beforeEach(() => {
    receiver.reset();
    shiftMs = 0;
  });
  afterEach(() => t.app.deps.alerts.settled());

  it('off by default: nothing is asked, the devices decide', async () => {
    const { session, status } = await setUp(t);
    expect((await session('GET', '/api/v1/settings/timeCheck')).json()).toEqual({
      key: 'timeCheck',
      value: '',
    });
    expect(await t.app.deps.timeCheck.check()).toBeUndefined();
    expect((await status()).server_offset_ms).toBeNull();
  });

  it('an SNTP server 2 min ahead (the setting): the server is 2 min behind, one alert; fixed, a second', async () => {
    const { session, status, alerts } = await setUp(t);
    shiftMs = 120_000;
    const put = await session('PUT', '/api/v1/settings/timeCheck', { value: ntpUrl });
    expect(put.statusCode, put.body).toBe(200);
    const measured = await t.app.deps.timeCheck.check();
    expect(Math.abs(measured! + 120_000)).toBeLessThan(1000);
    // No device needed: the outside source decides alone.
    const clock = await status();
    expect(Math.abs(clock.server_offset_ms! + 120_000)).toBeLessThan(1000);
    // A device on the source's time agrees (its codes follow its own clock in the web app).
    expect((await status({ id: 'browser-profile-a', offsetS: 120 })).device_agrees).toBe(true);
    expect((await status({ id: 'browser-profile-b', offsetS: 0 })).device_agrees).toBe(false);
    expect((await alerts()).map((alert) => alert.event)).toEqual(['clock_skew']);

    // The server's time is fixed: the source agrees with it again.
    shiftMs = 0;
    expect(Math.abs((await t.app.deps.timeCheck.check())!)).toBeLessThan(1000);
    expect((await status()).server_offset_ms).toBeNull();
    expect((await alerts()).map((alert) => alert.event)).toEqual(['clock_skew', 'clock_skew']);
  });

  it('the Date of a web address 90 s behind (the variable): the server is 90 s ahead', async () => {
    const { status, alerts } = await setUp(t, { TIME_CHECK: webUrl });
    shiftMs = -90_000;
    const measured = await t.app.deps.timeCheck.check();
    expect(Math.abs(measured! - 90_000)).toBeLessThanOrEqual(1500);
    expect((await status()).server_offset_ms).toBe(measured);
    expect((await alerts()).map((alert) => alert.event)).toEqual(['clock_skew']);
  });

  it('a source within 15 s is no skew; one that does not answer is logged once and leaves it to the devices', async () => {
    const { session, status, alerts } = await setUp(t);
    shiftMs = 10_000;
    await session('PUT', '/api/v1/settings/timeCheck', { value: webUrl });
    expect(Math.abs((await t.app.deps.timeCheck.check())! + 10_000)).toBeLessThanOrEqual(1500);
    expect((await status()).server_offset_ms).toBeNull();

    // A closed port: no answer.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await session('PUT', '/api/v1/settings/timeCheck', { value: `http://127.0.0.1:${port}/` });
    expect(await t.app.deps.timeCheck.check()).toBeUndefined();
    expect(await t.app.deps.timeCheck.check()).toBeUndefined();
    expect(t.logs.filter((line) => line.includes('the time check got no answer')).length).toBe(1);
    // The devices decide again: two that agree, 2 min ahead of the server.
    await status({ id: 'browser-profile-a', offsetS: 120 });
    expect((await status({ id: 'twofold-cli-0001', offsetS: 121 })).server_offset_ms).toBe(-120_500);
    expect((await alerts()).map((alert) => alert.event)).toEqual(['clock_skew']);
  });

  it('bad values are a 422 naming the field; no token may change it, a session may', async () => {
    const { session, bearer } = await setUp(t);
    for (const value of ['ftp://time.example', 'ntp://', 'pool.ntp.org', 'ntp://user@host', 42, true]) {
      const bad = await session('PUT', '/api/v1/settings/timeCheck', { value });
      expect(bad.statusCode, String(value)).toBe(422);
      expect(bad.json()).toMatchObject({ errors: { value: [expect.any(String)] } });
    }
    const byToken = await bearer('PUT', '/api/v1/settings/timeCheck', { value: 'off' });
    expect(byToken.statusCode).toBe(403);
    const asPreference = await bearer('PUT', '/api/v1/user/preferences/timeCheck', { value: 'off' });
    expect(asPreference.statusCode).toBe(403);
    expect((await session('GET', '/api/v1/settings/timeCheck')).json()).toEqual({
      key: 'timeCheck',
      value: '',
    });
    const good = await session('PUT', '/api/v1/settings/timeCheck', { value: 'ntp://pool.ntp.org' });
    expect(good.json()).toEqual({ key: 'timeCheck', value: 'ntp://pool.ntp.org' });
    expect((await session('PUT', '/api/v1/settings/timeCheck', { value: 'off' })).statusCode).toBe(200);
  });

  it('a bad TIME_CHECK stops the start, naming the variable', async () => {
    await expect(t.rebuild({ TIME_CHECK: 'sometimes' }, { keepKeys: true })).rejects.toThrow(/TIME_CHECK/);
    await t.rebuild({}, { keepKeys: true });
  });
});
