import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/harness.js';
import type { DB } from '../db/schema.js';
import { hashToken } from '../tokens/tokens.queries.js';
import {
  SessionClient,
  bearerCaller,
  createUserWithToken,
  john,
  registerWithSession,
} from '../test/auth-helpers.js';

const proxyEnv = {
  AUTHENTICATION_GUARD: 'reverse-proxy-guard',
  TRUSTED_PROXIES: '127.0.0.1,10.0.0.0/8',
  AUTH_PROXY_HEADER_FOR_EMAIL: 'Remote-Email',
  PROXY_LOGOUT_URL: 'https://sso.example.com/logout',
};

/** A second personal access token of the user. */
async function insertToken(db: Kysely<DB>): Promise<string> {
  const value = randomBytes(48).toString('base64url');
  const now = new Date(1_700_000_000_000);
  await db
    .insertInto('personal_access_tokens')
    .values({
      id: randomBytes(20).toString('hex'),
      name: 'other',
      token_hash: hashToken(value),
      created_at: now,
      updated_at: now,
      expires_at: new Date(now.getTime() + 24 * 3600 * 1000),
    })
    .execute();
  return value;
}

describeEachDatabase(
  'reverse-proxy mode',
  (t) => {
    /** The web app behind the proxy: the identity header, and the CSRF cookie echoed on unsafe methods. */
    const asProxy = (
      method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
      url: string,
      headers = {},
      payload?: object,
    ) =>
      new SessionClient(t).request(method, url, payload, {
        'remote-user': 'alice',
        'remote-email': 'alice@example.com',
        ...headers,
      });

    it('believes the identity header of a trusted proxy: a virtual user with a null id', async () => {
      const response = await asProxy('GET', '/api/v1/user');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        id: null,
        name: 'alice',
        email: 'alice@example.com',
        oauth_provider: null,
        authenticated_by_proxy: true,
        is_admin: true,
      });
      const fromRange = await t.app.inject({
        method: 'GET',
        url: '/api/v1/user/name',
        remoteAddress: '10.20.30.40',
        headers: { 'remote-user': '  bob  ', 'remote-email': 'not an address' },
      });
      expect(fromRange.json()).toEqual({ id: null, name: 'bob', email: null });
      expect((await asProxy('POST', '/api/v1/groups', {}, { name: 'Work' })).statusCode).toBe(201);
      const long = await asProxy('GET', '/api/v1/user', { 'remote-user': 'x'.repeat(300) });
      expect(long.json().name).toBe('x'.repeat(191));
    });

    it('refuses requests that do not come from a trusted proxy (403), whatever they carry', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/v1/twofaccounts',
        remoteAddress: '192.168.1.9',
        headers: { 'remote-user': 'alice', 'x-forwarded-for': '127.0.0.1' },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'Request does not come from a trusted proxy' });
      const anonymous = await t.app.inject({
        method: 'GET',
        url: '/api/v1/user/name',
        remoteAddress: '192.168.1.9',
        headers: { 'remote-user': 'alice' },
      });
      expect(anonymous.json()).toEqual({ name: null });
    });

    it('answers 407 when the identity header is missing or empty; Bearer tokens are ignored', async () => {
      const token = await createUserWithToken(t.db);
      for (const headers of [{}, { 'remote-user': '   ' }, { authorization: `Bearer ${token}` }]) {
        const response = await t.app.inject({ method: 'GET', url: '/api/v1/twofaccounts', headers });
        expect(response.statusCode).toBe(407);
        expect(response.json()).toEqual({ message: 'Unauthenticated.' });
      }
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/user/name' })).json()).toEqual({
        name: null,
      });
    });

    it('turns sign-in, registration, recovery, profile, tokens and devices off (400)', async () => {
      const routes: ['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string][] = [
        ['POST', '/user'],
        ['POST', '/user/login'],
        ['GET', '/user/logout'],
        ['PUT', '/user'],
        ['PATCH', '/user/password'],
        ['DELETE', '/user'],
        ['POST', '/user/password/lost'],
        ['POST', '/user/password/reset'],
        ['GET', '/oauth/personal-access-tokens'],
        ['POST', '/oauth/personal-access-tokens'],
        ['DELETE', `/oauth/personal-access-tokens/${'a'.repeat(40)}`],
        ['POST', '/webauthn/register/options'],
        ['POST', '/webauthn/register'],
        ['GET', '/webauthn/credentials'],
        ['PATCH', '/webauthn/credentials/abc/name'],
        ['DELETE', '/webauthn/credentials/abc'],
        ['POST', '/webauthn/login/options'],
        ['POST', '/webauthn/login'],
        ['POST', '/webauthn/lost'],
        ['POST', '/webauthn/recover/options'],
        ['POST', '/webauthn/recover'],
      ];
      for (const [method, url] of routes) {
        const response = await asProxy(method, url, {}, method === 'GET' ? undefined : {});
        expect(response.statusCode, `${method} ${url}`).toBe(400);
        expect(response.json()).toEqual({ message: 'Not applicable when using an auth proxy' });
      }
      const setting = await asProxy('PUT', '/api/v1/settings/useWebauthnOnly', {}, { value: true });
      expect(setting.json()).toEqual({ message: 'Not applicable when using an auth proxy' });
    });

    it('tells the web app (GET /app-config)', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/app-config' });
      expect(response.json()).toMatchObject({
        proxyAuth: true,
        proxyLogoutUrl: 'https://sso.example.com/logout',
      });
    });

    it('maps the REMOTE_USER spelling to the Remote-User header; trusts * when told', async () => {
      await t.rebuild({ AUTH_PROXY_HEADER_FOR_USER: 'HTTP_X_AUTH_USER', TRUSTED_PROXIES: '*' });
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/v1/user/name',
        remoteAddress: '203.0.113.5',
        headers: { 'x-auth-user': 'carol' },
      });
      expect(response.json()).toEqual({ id: null, name: 'carol', email: null });
    });
  },
  { env: proxyEnv },
);

describeEachDatabase('demo and testing modes', (t) => {
  for (const flag of ['IS_DEMO_APP', 'IS_TESTING_APP'] as const) {
    it(`${flag}: refuses registration, password, deletion and recovery with 403`, async () => {
      const client = await registerWithSession(t);
      await t.rebuild({ [flag]: 'true' }, { keepKeys: true });
      const config = await t.app.inject({ method: 'GET', url: '/app-config' });
      expect(config.json()).toMatchObject({
        isDemoApp: flag === 'IS_DEMO_APP',
        isTestingApp: flag === 'IS_TESTING_APP',
      });
      const routes: ['POST' | 'PATCH' | 'DELETE', string, object][] = [
        [
          'POST',
          '/user',
          { name: 'x', email: 'x@example.com', password: 'password', password_confirmation: 'password' },
        ],
        [
          'PATCH',
          '/user/password',
          { currentPassword: john.password, password: 'new password', password_confirmation: 'new password' },
        ],
        ['DELETE', '/user', { password: john.password }],
        ['POST', '/user/password/lost', { email: john.email }],
        ['POST', '/user/password/reset', {}],
        ['POST', '/webauthn/lost', { email: john.email }],
        ['POST', '/webauthn/recover/options', {}],
        ['POST', '/webauthn/recover', {}],
      ];
      for (const [method, url, body] of routes) {
        const response = await client.request(method, url, body);
        expect(response.statusCode, `${method} ${url}`).toBe(403);
        expect(response.json()).toEqual({ message: 'Feature disabled in Demo mode' });
      }
      const profile = await client.request('PUT', '/user', {
        name: 'Changed',
        email: 'changed@example.com',
        password: 'whatever',
      });
      expect(profile.statusCode).toBe(200);
      expect(profile.json()).toMatchObject({ id: 1, name: 'John', email: 'john@example.com' });
      expect(await t.db.selectFrom('users').select(['name', 'email']).execute()).toEqual([
        { name: 'John', email: 'john@example.com' },
      ]);
    });
  }
});

describeEachDatabase('request rate limits', (t) => {
  it('limits Bearer and anonymous API requests per IP (THROTTLE_API)', async () => {
    await t.rebuild({ THROTTLE_API: '3', THROTTLE_WEB: '600' });
    const token = await createUserWithToken(t.db);
    const bearer = bearerCaller(t, () => token);
    for (let i = 0; i < 3; i += 1) expect((await bearer('GET', '/api/v1/groups')).statusCode).toBe(200);
    const limited = await bearer('GET', '/api/v1/groups');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: 'Too Many Attempts.' });
    expect(limited.headers['x-ratelimit-limit']).toBe('3');
    expect(limited.headers['x-ratelimit-remaining']).toBe('0');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/user/name' });
    expect(anonymous.statusCode).toBe(429);
    // Another IP has its own counter; /up is never limited.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/user/name', remoteAddress: '10.0.0.2' })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/up' })).statusCode).toBe(200);
  });

  it('counts the web app per session against THROTTLE_WEB, not THROTTLE_API', async () => {
    await t.rebuild({ THROTTLE_API: '2', THROTTLE_WEB: '5' });
    const client = await registerWithSession(t);
    for (let i = 0; i < 5; i += 1)
      expect((await client.request('GET', '/api/v1/groups')).statusCode).toBe(200);
    expect((await client.request('GET', '/api/v1/groups')).statusCode).toBe(429);
    const other = new SessionClient(t);
    await other.request('POST', '/user/login', { email: john.email, password: john.password });
    expect((await other.request('GET', '/api/v1/groups')).statusCode).toBe(200);
  });

  it('raises the ceiling during an import only with a grant the preview issued', async () => {
    await t.rebuild({ THROTTLE_API: '3', THROTTLE_API_DURING_IMPORT: '7' });
    const token = await createUserWithToken(t.db);
    const bearer = bearerCaller(t, () => token);
    const account = { account: 'a', otp_type: 'totp', secret: 'A4GRFHVVRBGY7UIW' };
    const payload = { payload: 'otpauth://totp/a?secret=A4GRFHVVRBGY7UIW' };
    const preview = await bearer('POST', '/api/v1/twofaccounts/migration', payload);
    expect(preview.statusCode).toBe(200);
    const grant = String(preview.headers['x-import-grant']);
    expect(grant).toMatch(/^\d+\.[A-Za-z0-9_-]{43}$/);
    expect((await bearer('GET', '/api/v1/groups')).statusCode).toBe(200);
    expect((await bearer('GET', '/api/v1/groups')).statusCode).toBe(200);
    expect((await bearer('GET', '/api/v1/groups')).statusCode).toBe(429);
    // A Referer naming the import screen is no longer believed (request 5 of 3).
    const referer = { referer: 'http://localhost:8000/account/import' };
    expect((await bearer('POST', '/api/v1/twofaccounts', account, referer)).statusCode).toBe(429);
    const [expires, mac] = grant.split('.');
    for (const forged of [`${Number(expires) + 1}.${mac}`, `${expires}.${'A'.repeat(43)}`, 'nope']) {
      const answer = await bearer('POST', '/api/v1/twofaccounts', account, { 'x-import-grant': forged });
      expect(answer.statusCode).toBe(429);
    }
    // Issued to that token: another token on the same counter gets no bonus with it (request 9).
    const other = await insertToken(t.db);
    const stolen = await bearerCaller(t, () => other)('POST', '/api/v1/twofaccounts', account, {
      'x-import-grant': grant,
    });
    expect(stolen.statusCode).toBe(429);
    const granted = { 'x-import-grant': grant };
    expect((await bearer('POST', '/api/v1/twofaccounts', account, granted)).statusCode).toBe(201);
    expect((await bearer('POST', '/api/v1/twofaccounts', account, granted)).statusCode).toBe(429);
  });

  it('an expired import grant gives no bonus', async () => {
    await t.rebuild({ THROTTLE_API: '2', THROTTLE_API_DURING_IMPORT: '5' });
    const token = await createUserWithToken(t.db);
    const bearer = bearerCaller(t, () => token);
    const payload = { payload: 'otpauth://totp/a?secret=A4GRFHVVRBGY7UIW' };
    const preview = await bearer('POST', '/api/v1/twofaccounts/migration', payload);
    const grant = String(preview.headers['x-import-grant']);
    t.clock.advance(16 * 60);
    const account = { account: 'a', otp_type: 'totp', secret: 'A4GRFHVVRBGY7UIW' };
    expect(
      (await bearer('POST', '/api/v1/twofaccounts', account, { 'x-import-grant': grant })).statusCode,
    ).toBe(201);
    expect(
      (await bearer('POST', '/api/v1/twofaccounts', account, { 'x-import-grant': grant })).statusCode,
    ).toBe(429);
  });

  it('is off with 0 (the test default) and never limits the web app in normal use', async () => {
    const client = await registerWithSession(t);
    for (let i = 0; i < 70; i += 1)
      expect((await client.request('GET', '/api/v1/groups')).statusCode).toBe(200);
  });
});
