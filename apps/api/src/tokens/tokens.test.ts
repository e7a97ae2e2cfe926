import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/harness.js';
import { SessionClient, bearerCaller, loginWithSession, registerWithSession } from '../test/auth-helpers.js';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

describeEachDatabase('personal access tokens', (t) => {
  it('creates a token shown once, stored only as its SHA-256 (E24)', async () => {
    const client = await registerWithSession(t);
    const response = await client.request('POST', '/oauth/personal-access-tokens', {
      name: 'Browser extension',
      scopes: ['ignored'],
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      tokenType: 'Bearer',
      expiresIn: 31536000,
      accessToken: expect.stringMatching(/^[A-Za-z0-9_-]{64,}$/),
      accessTokenId: expect.stringMatching(/^[0-9a-f]{40}$/),
      token: {
        id: body.accessTokenId,
        name: 'Browser extension',
        scopes: [],
        scope: 'full',
        revoked: false,
        created_at: '2023-11-14T22:13:20.000000Z',
        updated_at: '2023-11-14T22:13:20.000000Z',
        expires_at: '2024-11-13T22:13:20.000000Z',
      },
    });
    const rows = await t.db.selectFrom('personal_access_tokens').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(sha256(body.accessToken as string));
    expect(JSON.stringify(rows)).not.toContain(body.accessToken);

    const bearer = bearerCaller(t, () => body.accessToken as string);
    expect((await bearer('GET', '/api/v1/user')).statusCode).toBe(200);
    expect(
      (
        await bearer('GET', '/api/v1/twofaccounts', undefined, {
          authorization: `bearer ${body.accessToken}`,
        })
      ).statusCode,
    ).toBe(200);
  });

  it('lists valid tokens, newest first, never with their value', async () => {
    const client = await registerWithSession(t);
    const first = (await client.request('POST', '/oauth/personal-access-tokens', { name: 'one' })).json();
    t.clock.advance(60);
    const second = (await client.request('POST', '/oauth/personal-access-tokens', { name: 'two' })).json();
    const list = await client.request('GET', '/oauth/personal-access-tokens');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([second.token, first.token]);
    expect(list.body).not.toContain(first.accessToken);
    expect(list.body).not.toContain(second.accessToken);
  });

  it('revokes a token at once; an unknown or revoked id is a 404', async () => {
    const client = await registerWithSession(t);
    const created = (await client.request('POST', '/oauth/personal-access-tokens', { name: 'cli' })).json();
    const bearer = bearerCaller(t, () => created.accessToken as string);
    expect((await bearer('GET', '/api/v1/groups')).statusCode).toBe(200);
    const revoked = await client.request('DELETE', `/oauth/personal-access-tokens/${created.accessTokenId}`);
    expect(revoked.statusCode).toBe(204);
    expect(revoked.body).toBe('');
    const refused = await bearer('GET', '/api/v1/groups');
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: 'Unauthenticated.' });
    expect((await client.request('GET', '/oauth/personal-access-tokens')).json()).toEqual([]);
    for (const id of [created.accessTokenId, 'f'.repeat(40), 'not-an-id']) {
      const again = await client.request('DELETE', `/oauth/personal-access-tokens/${id}`);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ message: 'not found' });
    }
  });

  it('expires tokens after a year', async () => {
    const client = await registerWithSession(t);
    const created = (await client.request('POST', '/oauth/personal-access-tokens', { name: 'cli' })).json();
    t.clock.advance(365 * 24 * 3600 - 1);
    expect(
      (await bearerCaller(t, () => created.accessToken as string)('GET', '/api/v1/groups')).statusCode,
    ).toBe(200);
    t.clock.advance(1);
    expect(
      (await bearerCaller(t, () => created.accessToken as string)('GET', '/api/v1/groups')).statusCode,
    ).toBe(401);
    // The session itself ended after 90 days: sign in again to list.
    expect((await client.request('GET', '/oauth/personal-access-tokens')).statusCode).toBe(401);
    const again = await loginWithSession(t);
    expect((await again.request('GET', '/oauth/personal-access-tokens')).json()).toEqual([]);
  });

  it('answers 401 to a wrong, malformed or missing Bearer token (E25)', async () => {
    await registerWithSession(t);
    for (const authorization of [
      'Bearer wrong',
      'Bearer ',
      'Basic abc',
      `Bearer ${'x'.repeat(600)}`,
      'Bearer a b',
    ]) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/v1/twofaccounts',
        headers: { authorization },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Unauthenticated.' });
    }
    const none = await t.app.inject({ method: 'GET', url: '/api/v1/twofaccounts' });
    expect(none.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('validates the name', async () => {
    const client = await registerWithSession(t);
    const missing = await client.request('POST', '/oauth/personal-access-tokens', {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({
      message: 'The name field is required.',
      errors: { name: ['The name field is required.'] },
    });
    const long = await client.request('POST', '/oauth/personal-access-tokens', { name: 'x'.repeat(256) });
    expect(long.json().errors).toEqual({ name: ['The name field must not be greater than 255 characters.'] });
    const notString = await client.request('POST', '/oauth/personal-access-tokens', { name: ['x'] });
    expect(notString.json().errors).toEqual({ name: ['The name field must be a string.'] });
  });

  it('is managed from the session only: no CSRF 419, Bearer 401, anonymous 401 (E24)', async () => {
    const client = await registerWithSession(t);
    const created = (await client.request('POST', '/oauth/personal-access-tokens', { name: 'cli' })).json();
    const bearer = bearerCaller(t, () => created.accessToken as string);
    const noCsrf = await client.request(
      'POST',
      '/oauth/personal-access-tokens',
      { name: 'x' },
      {},
      { csrf: false },
    );
    expect(noCsrf.statusCode).toBe(419);
    expect(noCsrf.json()).toEqual({ message: 'CSRF token mismatch.' });
    for (const [method, url] of [
      ['GET', '/oauth/personal-access-tokens'],
      ['POST', '/oauth/personal-access-tokens'],
      ['DELETE', `/oauth/personal-access-tokens/${created.accessTokenId}`],
    ] as const) {
      const viaBearer = await bearer(method, url, { name: 'x' });
      expect(viaBearer.statusCode).toBe(401);
      expect(viaBearer.json()).toEqual({ message: 'Unauthenticated.' });
      expect((await new SessionClient(t).request(method, url, { name: 'x' })).statusCode).toBe(401);
    }
  });
});

describeEachDatabase('personal access tokens: last use', (t) => {
  it('shows when and from where a token was last used, written at most once a minute', async () => {
    const client = await registerWithSession(t);
    const created = (await client.request('POST', '/oauth/personal-access-tokens', { name: 'cli' })).json();
    const call = bearerCaller(t, () => created.accessToken as string);
    const usage = async () =>
      (await client.request('GET', '/oauth/personal-access-tokens?withUsage=1')).json()[0] as Record<
        string,
        unknown
      >;
    expect(await usage()).toMatchObject({ last_used_at: null, last_used_ip: null });
    expect((await client.request('GET', '/oauth/personal-access-tokens')).json()[0]).not.toHaveProperty(
      'last_used_at',
    );

    await call('GET', '/api/v1/user');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await usage()).toMatchObject({
      last_used_at: '2023-11-14T22:13:20.000000Z',
      last_used_ip: '127.0.0.1',
    });
    t.clock.advance(30);
    await call('GET', '/api/v1/user');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await usage()).last_used_at).toBe('2023-11-14T22:13:20.000000Z');
    t.clock.advance(31);
    await call('GET', '/api/v1/user');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await usage()).last_used_at).toBe('2023-11-14T22:14:21.000000Z');
    expect(await usage()).toMatchObject({ expires_at: expect.any(String) });
  });
});
