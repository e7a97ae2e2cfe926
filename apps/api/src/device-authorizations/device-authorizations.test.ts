import { expect, it } from 'vitest';
import { describeEachDatabase, type TestContext } from '../test/harness.js';
import { bearerCaller, john, registerWithSession, type SessionClient } from '../test/auth-helpers.js';

interface Started {
  device_code: string;
  user_code: string;
  verification_uri: string;
  verification_uri_complete: string;
  expires_in: number;
  interval: number;
}

const PENDING = {
  message: 'The pairing is not approved yet: ask again in a few seconds.',
  error: 'authorization_pending',
};

describeEachDatabase('device authorizations', (t) => {
  async function start(
    scope: 'codes' | 'read' = 'codes',
    clientName = 'Twofold for Firefox',
    replaces?: string,
  ): Promise<Started> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/device-authorizations',
      headers: { 'user-agent': 'Mozilla/5.0 Firefox/140.0' },
      payload: { client_name: clientName, scope, ...(replaces ? { replaces } : {}) },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Started>();
  }

  const poll = (deviceCode: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/device-authorizations/token',
      payload: { device_code: deviceCode },
    });

  async function confirmed(context: TestContext): Promise<SessionClient> {
    const client = await registerWithSession(context);
    const confirm = await client.request('POST', '/user/confirm', { password: john.password });
    expect(confirm.statusCode, confirm.body).toBe(200);
    return client;
  }

  it('pairs a device: started, seen and approved by the user, its token collected once', async () => {
    const client = await confirmed(t);
    const started = await start();
    expect(started).toEqual({
      device_code: expect.stringMatching(/^[\w-]{43}$/),
      user_code: expect.stringMatching(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/),
      verification_uri: 'http://localhost:8000/connect',
      verification_uri_complete: `http://localhost:8000/connect?code=${started.user_code}`,
      expires_in: 600,
      interval: 5,
    });

    const pending = await poll(started.device_code);
    expect(pending.statusCode).toBe(400);
    expect(pending.json()).toEqual(PENDING);

    const seen = await client.request('GET', `/api/v1/device-authorizations/${started.user_code}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toEqual({
      client_name: 'Twofold for Firefox',
      scope: 'codes',
      created_at: '2023-11-14T22:13:20.000000Z',
      expires_at: '2023-11-14T22:23:20.000000Z',
    });
    const approved = await client.request(
      'POST',
      `/api/v1/device-authorizations/${started.user_code}/approve`,
      { name: 'Firefox at work' },
    );
    expect(approved.statusCode, approved.body).toBe(204);

    t.clock.advance(5);
    const collected = await poll(started.device_code);
    expect(collected.statusCode, collected.body).toBe(200);
    const token = collected.json<{ access_token: string }>();
    expect(token).toEqual({
      access_token: expect.stringMatching(/^[\w-]{64}$/),
      token_type: 'Bearer',
      scope: 'codes',
      token_name: 'Firefox at work',
      token_id: expect.stringMatching(/^[0-9a-f]{40}$/),
    });
    const tokens = (await client.request('GET', '/oauth/personal-access-tokens')).json();
    expect(tokens).toMatchObject([{ name: 'Firefox at work', scope: 'codes', revoked: false }]);

    // Collected once: the same device code gives nothing more, and the page forgets the pairing.
    t.clock.advance(5);
    expect((await poll(started.device_code)).json()).toMatchObject({ error: 'expired_token' });
    const gone = await client.request('GET', `/api/v1/device-authorizations/${started.user_code}`);
    expect(gone.statusCode).toBe(404);
  });

  it('issues a token of the scope asked: a codes token lists codes but cannot read a secret; revoked, it is refused', async () => {
    const client = await confirmed(t);
    const started = await start('codes');
    await client.request('POST', `/api/v1/device-authorizations/${started.user_code}/approve`, {});
    t.clock.advance(5);
    const { access_token: value } = (await poll(started.device_code)).json<{ access_token: string }>();
    const device = bearerCaller(t, () => value);
    expect((await device('GET', '/api/v1/twofaccounts')).statusCode).toBe(200);
    const secrets = await device('GET', '/api/v1/twofaccounts?withSecret=1');
    expect(secrets.statusCode).toBe(403);
    expect((await device('GET', '/api/v1/twofaccounts/export')).statusCode).toBe(403);

    const [listed] = (await client.request('GET', '/oauth/personal-access-tokens')).json<
      { id: string; name: string }[]
    >();
    expect(listed!.name).toBe('Twofold for Firefox');
    expect((await client.request('DELETE', `/oauth/personal-access-tokens/${listed!.id}`)).statusCode).toBe(
      204,
    );
    expect((await device('GET', '/api/v1/twofaccounts')).statusCode).toBe(401);
  });

  it('gives a read token to a read pairing', async () => {
    const client = await confirmed(t);
    const started = await start('read', 'Offline copy');
    const seen = await client.request('GET', `/api/v1/device-authorizations/${started.user_code}`);
    expect(seen.json()).toMatchObject({ scope: 'read' });
    await client.request('POST', `/api/v1/device-authorizations/${started.user_code}/approve`, {});
    t.clock.advance(5);
    const { access_token: value, scope } = (await poll(started.device_code)).json<{
      access_token: string;
      scope: string;
    }>();
    expect(scope).toBe('read');
    expect((await bearerCaller(t, () => value)('GET', '/api/v1/twofaccounts?withSecret=1')).statusCode).toBe(
      200,
    );
  });

  it('tells a device that polls too fast to slow down', async () => {
    const started = await start();
    expect((await poll(started.device_code)).json()).toEqual(PENDING);
    t.clock.advance(4);
    const fast = await poll(started.device_code);
    expect(fast.statusCode).toBe(400);
    expect(fast.json()).toEqual({
      message: 'Too fast: wait the interval between two requests.',
      error: 'slow_down',
    });
    t.clock.advance(5);
    expect((await poll(started.device_code)).json()).toEqual(PENDING);
  });

  it('tells the device when the user denies, and after the pairing expired', async () => {
    const client = await registerWithSession(t);
    const denied = await start();
    const expired = await start();
    const deny = await client.request('POST', `/api/v1/device-authorizations/${denied.user_code}/deny`);
    expect(deny.statusCode).toBe(204);
    expect((await poll(denied.device_code)).json()).toEqual({
      message: 'The pairing was refused.',
      error: 'access_denied',
    });
    // A denied pairing cannot be approved afterwards.
    await client.request('POST', '/user/confirm', { password: john.password });
    const late = await client.request(
      'POST',
      `/api/v1/device-authorizations/${denied.user_code}/approve`,
      {},
    );
    expect(late.statusCode).toBe(404);

    t.clock.advance(601);
    expect((await poll(expired.device_code)).json()).toEqual({
      message: 'This pairing code is unknown, expired or already used: start again.',
      error: 'expired_token',
    });
    expect(
      (await client.request('GET', `/api/v1/device-authorizations/${expired.user_code}`)).statusCode,
    ).toBe(404);
    expect((await poll('not-a-device-code')).json()).toMatchObject({ error: 'expired_token' });
  });

  it('accepts the user code in any case, with or without its dash', async () => {
    const client = await confirmed(t);
    const started = await start();
    const bare = started.user_code.replace('-', '');
    for (const typed of [
      bare.toLowerCase(),
      started.user_code.toLowerCase(),
      bare,
      ` ${started.user_code} `,
    ]) {
      const seen = await client.request('GET', `/api/v1/device-authorizations/${encodeURIComponent(typed)}`);
      expect(seen.statusCode, typed).toBe(200);
    }
    const wrong = await client.request('GET', '/api/v1/device-authorizations/AAAA-AAAA');
    expect(wrong.statusCode).toBe(404);
    const approve = await client.request(
      'POST',
      `/api/v1/device-authorizations/${bare.toLowerCase()}/approve`,
      {},
    );
    expect(approve.statusCode).toBe(204);
    // Used once: a second approval finds nothing.
    const twice = await client.request(
      'POST',
      `/api/v1/device-authorizations/${started.user_code}/approve`,
      {},
    );
    expect(twice.statusCode).toBe(404);
  });

  it('asks the session to confirm who it is before approving', async () => {
    const client = await registerWithSession(t);
    const started = await start();
    const refused = await client.request(
      'POST',
      `/api/v1/device-authorizations/${started.user_code}/approve`,
      {},
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ reason: 'identity_confirmation_required' });
    expect((await poll(started.device_code)).json()).toEqual(PENDING);
  });

  it('lets no token see or approve a pairing, and no one without credentials', async () => {
    const client = await confirmed(t);
    const first = await start('codes');
    await client.request('POST', `/api/v1/device-authorizations/${first.user_code}/approve`, {});
    t.clock.advance(5);
    const { access_token: value } = (await poll(first.device_code)).json<{ access_token: string }>();
    const device = bearerCaller(t, () => value);

    const second = await start('read');
    for (const [method, url] of [
      ['GET', `/api/v1/device-authorizations/${second.user_code}`],
      ['POST', `/api/v1/device-authorizations/${second.user_code}/approve`],
      ['POST', `/api/v1/device-authorizations/${second.user_code}/deny`],
    ] as const) {
      const byToken = await device(method, url, method === 'POST' ? {} : undefined);
      expect(byToken.statusCode, url).toBe(403);
      const anonymous = await t.app.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
      expect(anonymous.statusCode, url).toBe(401);
    }
    t.clock.advance(5);
    expect((await poll(second.device_code)).json()).toEqual(PENDING);
  });

  interface Issued {
    access_token: string;
    token_id: string;
    device_copy_id?: string;
  }

  /** A pairing started, approved by `client` and collected. */
  async function paired(
    client: SessionClient,
    scope: 'codes' | 'read',
    replaces?: string,
    name = 'Twofold for Firefox',
  ): Promise<Issued> {
    const started = await start(scope, name, replaces);
    const approve = await client.request(
      'POST',
      `/api/v1/device-authorizations/${started.user_code}/approve`,
      {},
    );
    expect(approve.statusCode, approve.body).toBe(204);
    t.clock.advance(5);
    const collected = await poll(started.device_code);
    expect(collected.statusCode, collected.body).toBe(200);
    return collected.json<Issued>();
  }

  const tokenIds = async (client: SessionClient) =>
    (await client.request('GET', '/oauth/personal-access-tokens')).json<{ id: string }[]>().map((x) => x.id);

  it("lists a read pairing's offline copy among the device copies; revoking either revokes both", async () => {
    const client = await confirmed(t);
    const codes = await paired(client, 'codes');
    expect(codes.device_copy_id).toBeUndefined();
    expect((await client.request('GET', '/api/v1/device-copies')).json()).toEqual([]);

    const read = await paired(client, 'read', undefined, 'Offline copy (Firefox)');
    expect(read.device_copy_id).toMatch(/^[0-9a-f]{32}$/);
    expect((await client.request('GET', '/api/v1/device-copies')).json()).toEqual([
      {
        id: read.device_copy_id,
        name: 'Offline copy (Firefox)',
        user_agent: 'Mozilla/5.0 Firefox/140.0',
        created_at: expect.any(String),
        refreshed_at: expect.any(String),
      },
    ]);

    // The token refreshes its own copy, and only that one.
    const device = bearerCaller(t, () => read.access_token);
    t.clock.advance(60);
    const refreshed = await device('POST', `/api/v1/device-copies/${read.device_copy_id}/refresh`);
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(refreshed.json()).toMatchObject({
      id: read.device_copy_id,
      refreshed_at: '2023-11-14T22:14:30.000000Z',
    });
    const web = await client.request('POST', '/api/v1/device-copies', { name: 'Laptop' });
    const other = web.json<{ id: string }>().id;
    expect((await device('POST', `/api/v1/device-copies/${other}/refresh`)).statusCode).toBe(404);
    const byCodes = bearerCaller(t, () => codes.access_token);
    const codesRefresh = await byCodes('POST', `/api/v1/device-copies/${read.device_copy_id}/refresh`);
    expect(codesRefresh.statusCode).toBe(403);

    // Revoking the copy in Settings revokes its token: the device's next call is refused.
    const revoke = await client.request('DELETE', `/api/v1/device-copies/${read.device_copy_id}`);
    expect(revoke.statusCode).toBe(204);
    expect((await device('GET', '/api/v1/twofaccounts?withSecret=1')).statusCode).toBe(401);
    expect((await device('POST', `/api/v1/device-copies/${read.device_copy_id}/refresh`)).statusCode).toBe(
      401,
    );
    expect(await tokenIds(client)).toEqual([codes.token_id]);
    // The web copy and the session are untouched.
    expect((await client.request('GET', '/api/v1/device-copies')).json()).toMatchObject([{ id: other }]);

    // Revoking the token removes its copy's record.
    const again = await paired(client, 'read');
    const revokeToken = await client.request('DELETE', `/oauth/personal-access-tokens/${again.token_id}`);
    expect(revokeToken.statusCode).toBe(204);
    const copies = (await client.request('GET', '/api/v1/device-copies')).json<{ id: string }[]>();
    expect(copies.map((c) => c.id)).toEqual([other]);
    const late = await client.request('POST', `/api/v1/device-copies/${again.device_copy_id}/refresh`);
    expect(late.statusCode).toBe(404);
  });

  it('lets a token end itself (and its device copy), and tells a session to use Settings', async () => {
    const client = await confirmed(t);
    const codes = await paired(client, 'codes');
    const read = await paired(client, 'read');
    for (const issued of [codes, read]) {
      const device = bearerCaller(t, () => issued.access_token);
      const ended = await device('DELETE', '/api/v1/device-authorizations/token');
      expect(ended.statusCode, ended.body).toBe(204);
      expect((await device('GET', '/api/v1/twofaccounts')).statusCode).toBe(401);
      expect((await device('DELETE', '/api/v1/device-authorizations/token')).statusCode).toBe(401);
    }
    expect(await tokenIds(client)).toEqual([]);
    expect((await client.request('GET', '/api/v1/device-copies')).json()).toEqual([]);

    const bySession = await client.request('DELETE', '/api/v1/device-authorizations/token');
    expect(bySession.statusCode).toBe(403);
    expect(bySession.json()).toMatchObject({
      message: 'Only a personal access token can end itself; revoke tokens in Settings.',
    });
    const anonymous = await t.app.inject({ method: 'DELETE', url: '/api/v1/device-authorizations/token' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('replaces the earlier token of the same scope when a device pairs again, and says so on the page', async () => {
    const client = await confirmed(t);
    const first = await paired(client, 'codes', undefined, 'Firefox');
    const read = await paired(client, 'read');

    t.clock.advance(60);
    const second = await start('codes', 'Firefox', first.token_id);
    const seen = await client.request('GET', `/api/v1/device-authorizations/${second.user_code}`);
    expect(seen.json()).toMatchObject({
      scope: 'codes',
      replaces: { name: 'Firefox', created_at: '2023-11-14T22:13:25.000000Z' },
    });
    await client.request('POST', `/api/v1/device-authorizations/${second.user_code}/approve`, {});
    t.clock.advance(5);
    const issued = (await poll(second.device_code)).json<Issued>();
    expect((await bearerCaller(t, () => first.access_token)('GET', '/api/v1/twofaccounts')).statusCode).toBe(
      401,
    );
    expect((await bearerCaller(t, () => issued.access_token)('GET', '/api/v1/twofaccounts')).statusCode).toBe(
      200,
    );
    expect((await tokenIds(client)).sort()).toEqual([issued.token_id, read.token_id].sort());

    // Another scope, an unknown id, or a token already revoked: nothing happens, no error.
    for (const replaces of [read.token_id, 'f'.repeat(40), first.token_id]) {
      const started = await start('codes', 'Firefox', replaces);
      const page = await client.request('GET', `/api/v1/device-authorizations/${started.user_code}`);
      expect(page.json<object>(), replaces).not.toHaveProperty('replaces');
      await client.request('POST', `/api/v1/device-authorizations/${started.user_code}/approve`, {});
      t.clock.advance(5);
      expect((await poll(started.device_code)).statusCode).toBe(200);
    }
    expect(await tokenIds(client)).toContain(read.token_id);
    expect(await tokenIds(client)).toContain(issued.token_id);
    expect((await client.request('GET', '/api/v1/device-copies')).json()).toHaveLength(1);
  });

  it('names the field of a bad replaced token id', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/device-authorizations',
      payload: { client_name: 'Firefox', scope: 'codes', replaces: 'not an id' },
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json<{ errors: object }>().errors)).toEqual(['replaces']);
  });

  it('names the field of a bad start', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/device-authorizations',
      payload: { client_name: '', scope: 'full' },
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json<{ errors: object }>().errors).sort()).toEqual(['client_name', 'scope']);
  });
});
