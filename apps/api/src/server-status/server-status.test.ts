import type { FastifyPluginAsync } from 'fastify';
import { afterAll, afterEach, beforeEach, expect, it } from 'vitest';
import { asSignedInUser, createUserWithToken, bearerCaller } from '../test/auth-helpers.js';
import { describeEachDatabase, type TestContext } from '../test/harness.js';
import { TestHttpReceiver } from '../test/http-receiver.js';

const receiver = new TestHttpReceiver();
const base = await receiver.start();
afterAll(() => receiver.stop());

/** A route that fails the way a write fails on a full disk (Node's ENOSPC, wrapped as a cause). */
const fullDiskRoute: FastifyPluginAsync = async (app) => {
  app.post('/test/full-disk', { config: { auth: 'api' } }, async () => {
    const enospc = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    throw new Error('icon could not be written', { cause: enospc });
  });
};

interface Status {
  clock: {
    server_time: number;
    server_offset_ms: number | null;
    devices: number;
    device_offset_ms: number | null;
    device_agrees: boolean | null;
  };
  disk: { free_bytes: number; total_bytes: number; low: boolean; full: boolean } | null;
}

/** A fresh app (an empty clock watch), its user with a token and a webhook alert channel. */
async function setUp(t: TestContext) {
  await t.rebuild({}, { keepKeys: true });
  const token = await createUserWithToken(t.db);
  const call = bearerCaller(t, () => token);
  // Alert channels are the signed-in user's only: set from a session, as the user does.
  const saved = await asSignedInUser(t)('PUT', '/api/v1/alerts/channels/webhook', {
    url: `${base}/hook`,
    secret: 's3cret-hook',
  });
  expect(saved.statusCode, saved.body).toBe(200);
  /** A device's status call, its clock `offsetS` seconds from the server's. */
  const fromDevice = async (device: string, offsetS: number) => {
    const time = t.clock.now().getTime() + offsetS * 1000;
    const response = await call('GET', '/api/v1/status', undefined, {
      'x-client-time': String(time),
      'x-client-id': device,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Status>();
  };
  const alerts = async () => {
    await t.app.deps.alerts.settled();
    return receiver
      .at('/hook')
      .map((request) => JSON.parse(request.body.toString()) as { event: string; message: string });
  };
  return { call, fromDevice, alerts };
}

describeEachDatabase(
  'server status: clock and data disk',
  (t) => {
    beforeEach(() => receiver.reset());
    // An alert still on its way belongs to its own test.
    afterEach(() => t.app.deps.alerts.settled());

    it('two devices that agree, 2 min ahead of the server: the server is 2 min behind; one alert; gone when they agree again', async () => {
      const { call, fromDevice, alerts } = await setUp(t);
      const first = await fromDevice('browser-profile-a', 120);
      expect(first.clock).toMatchObject({ server_offset_ms: null, devices: 1, device_offset_ms: 120_000 });
      expect(first.clock.device_agrees).toBeNull();
      const second = await fromDevice('twofold-cli-0001', 121);
      expect(second.clock).toMatchObject({ server_offset_ms: -120_500, devices: 2, device_agrees: true });
      // Anyone asking sees it, with or without a clock of its own.
      expect((await call('GET', '/api/v1/status')).json<Status>().clock.server_offset_ms).toBe(-120_500);
      expect((await call('GET', '/infos')).json()).toMatchObject({ 'Server clock offset': '-120 s' });
      await fromDevice('browser-profile-a', 119);
      expect(await alerts()).toEqual([expect.objectContaining({ event: 'clock_skew' })]);
      expect((await alerts())[0]!.message).toContain('−2 min 1 s');

      // The server's time is fixed: the devices now agree with it.
      t.clock.advance(120);
      await fromDevice('browser-profile-a', 0);
      const fixed = await fromDevice('twofold-cli-0001', 1);
      expect(fixed.clock.server_offset_ms).toBeNull();
      expect((await alerts()).map((alert) => alert.event)).toEqual(['clock_skew', 'clock_skew']);
      expect((await alerts())[1]!.message).toMatch(/agrees with its devices again/);
    });

    it('the server 90 s ahead of two agreeing devices: a positive offset', async () => {
      const { fromDevice } = await setUp(t);
      await fromDevice('browser-profile-a', -90);
      expect((await fromDevice('browser-profile-b', -88)).clock.server_offset_ms).toBe(89_000);
    });

    it('one device off: it is told its offset, the server is not blamed, no alert', async () => {
      const { fromDevice, alerts } = await setUp(t);
      const alone = await fromDevice('browser-profile-a', -130);
      expect(alone.clock).toMatchObject({
        server_offset_ms: null,
        device_offset_ms: -130_000,
        device_agrees: null,
      });
      expect(await alerts()).toEqual([]);
    });

    it('two devices that disagree with each other (+300 s and the true time) raise nothing', async () => {
      const { fromDevice, alerts } = await setUp(t);
      await fromDevice('browser-profile-a', 300);
      const status = await fromDevice('browser-profile-b', 0);
      // No two devices agree: no consensus to hold either against.
      expect(status.clock).toMatchObject({ server_offset_ms: null, devices: 2, device_agrees: null });
      expect(await alerts()).toEqual([]);
    });

    it('a bad clock header is a 422 naming it; without credentials a 401', async () => {
      const { call } = await setUp(t);
      const bad = await call('GET', '/api/v1/status', undefined, {
        'x-client-time': 'soon',
        'x-client-id': 'abcdefgh',
      });
      expect(bad.statusCode).toBe(422);
      expect(bad.json()).toMatchObject({ errors: { 'X-Client-Time': [expect.any(String)] } });
      const noId = await call('GET', '/api/v1/status', undefined, {
        'x-client-time': String(t.clock.now().getTime()),
      });
      expect(noId.statusCode).toBe(422);
      expect(noId.json()).toMatchObject({ errors: { 'X-Client-Id': [expect.any(String)] } });
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/status' })).statusCode).toBe(401);
    });

    it('reports the free space of DATA_DIR', async () => {
      const { call } = await setUp(t);
      const { disk } = (await call('GET', '/api/v1/status')).json<Status>();
      expect(disk?.free_bytes).toBeGreaterThan(0);
      expect(disk?.total_bytes).toBeGreaterThanOrEqual(disk!.free_bytes);
      expect(disk?.full).toBe(false);
    });

    it('a write failing for lack of space answers 507 naming the disk, logged once a minute, one alert', async () => {
      const { call, alerts } = await setUp(t);
      const first = await call('POST', '/test/full-disk');
      expect(first.statusCode).toBe(507);
      expect(first.json()).toEqual({ message: expect.stringContaining('DATA_DIR') });
      t.clock.advance(30);
      expect((await call('POST', '/test/full-disk')).statusCode).toBe(507);
      const logged = () => t.logs.filter((line) => line.includes('data disk full')).length;
      expect(logged()).toBe(1);
      t.clock.advance(31);
      expect((await call('POST', '/test/full-disk')).statusCode).toBe(507);
      expect(logged()).toBe(2);
      expect(t.logs.join('\n')).not.toMatch(/request failed/);
      expect((await alerts()).map((alert) => alert.event)).toEqual(['disk_full']);
      // In French, too.
      const french = await call('POST', '/test/full-disk', undefined, { 'accept-language': 'fr' });
      expect(french.json<{ message: string }>().message).toMatch(/Plus assez d'espace/);
    });
  },
  { extraRoutes: [fullDiskRoute] },
);
