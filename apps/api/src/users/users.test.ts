import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/harness.js';
import { PASSWORD_COST } from '../auth/password.js';
import {
  SessionClient,
  bearerCaller,
  createUserWithToken,
  john,
  loginWithSession,
  registerWithSession,
} from '../test/auth-helpers.js';
import { defaultSettings } from '@twofold/otp';
import { writeNativeSetting } from '../settings/settings.queries.js';

const { useEncryption: _hidden, ...preferences } = defaultSettings();
const appSettings = { enableSharing: false, enableAllUsersSharingScope: false };
const registration = {
  name: john.name,
  email: john.email,
  password: john.password,
  password_confirmation: john.password,
};
const userResource = (overrides: Record<string, unknown> = {}) => ({
  id: 1,
  name: 'John',
  email: 'john@example.com',
  oauth_provider: null,
  authenticated_by_proxy: false,
  preferences,
  appSettings,
  is_admin: true,
  twofaccount_count: 0,
  ...overrides,
});

describeEachDatabase('registration', (t) => {
  it('registers the first user, signs them in and stores only a scrypt hash', async () => {
    const client = new SessionClient(t);
    const response = await client.request('POST', '/user', { ...registration, email: 'John@Example.COM' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      message: 'account created',
      id: 1,
      name: 'John',
      email: 'john@example.com',
      oauth_provider: null,
      preferences,
      appSettings,
      is_admin: true,
      twofaccount_count: 0,
    });
    const cookies = response.headers['set-cookie'] as string[];
    const session = cookies.find((cookie) => cookie.startsWith('app_session='));
    expect(session).toMatch(/HttpOnly/);
    expect(session).toMatch(/SameSite=Lax/);
    expect(session).toMatch(/Path=\//);
    expect(session).not.toMatch(/Secure/);
    expect(cookies.find((cookie) => cookie.startsWith('XSRF-TOKEN='))).not.toMatch(/HttpOnly/);

    const me = await client.request('GET', '/api/v1/user');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual(userResource());

    const row = await t.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt\$\d+\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(row.password_hash).not.toContain(john.password);
  });

  it('refuses a second user before any other check (E25)', async () => {
    await registerWithSession(t);
    const expected = {
      message: 'You cannot register more than one user.',
      errors: { name: ['There is already a registered user'] },
    };
    const second = new SessionClient(t);
    const response = await second.request('POST', '/user', {
      name: 'Jane',
      email: 'jane@example.com',
      password: 'password',
      password_confirmation: 'password',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual(expected);
    const invalid = await second.request('POST', '/user', {});
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json()).toEqual(expected);
    expect(await t.db.selectFrom('users').select('email').execute()).toEqual([{ email: 'john@example.com' }]);
  });

  it('lets only one of two concurrent registrations win', async () => {
    const [first, second] = [new SessionClient(t), new SessionClient(t)];
    await first.request('GET', '/refresh-csrf');
    await second.request('GET', '/refresh-csrf');
    const answers = await Promise.all([
      first.request('POST', '/user', registration),
      second.request('POST', '/user', { ...registration, email: 'jane@example.com' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 422]);
    const refused = answers.find((answer) => answer.statusCode === 422)!;
    expect(refused.json()).toEqual({
      message: 'You cannot register more than one user.',
      errors: { name: ['There is already a registered user'] },
    });
    expect(await t.db.selectFrom('users').select('id').execute()).toHaveLength(1);
  });

  it('validates name, e-mail and password', async () => {
    const client = new SessionClient(t);
    const empty = await client.request('POST', '/user', { name: '  ', email: '', password: '' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toEqual({
      message: 'The name field is required. (and 2 more errors)',
      errors: {
        name: ['The name field is required.'],
        email: ['The email field is required.'],
        password: ['The password field is required.'],
      },
    });
    const bad = await client.request('POST', '/user', {
      name: 'x'.repeat(192),
      email: 'not-an-address',
      password: 'short',
      password_confirmation: 'short',
    });
    expect(bad.json()).toEqual({
      message: 'The name field must not be greater than 191 characters. (and 2 more errors)',
      errors: {
        name: ['The name field must not be greater than 191 characters.'],
        email: ['The email field must be a valid email address.'],
        password: ['The password field must be at least 8 characters.'],
      },
    });
    const mismatch = await client.request('POST', '/user', {
      ...registration,
      password_confirmation: 'other one',
    });
    expect(mismatch.json()).toEqual({
      message: 'The password field confirmation does not match.',
      errors: { password: ['The password field confirmation does not match.'] },
    });
    const longEmail = await client.request('POST', '/user', {
      ...registration,
      email: `${'a'.repeat(185)}@ex.com`,
    });
    expect(longEmail.json().errors).toEqual({
      email: ['The email field must not be greater than 191 characters.'],
    });
    const notString = await client.request('POST', '/user', { ...registration, name: 12 });
    expect(notString.json().errors).toEqual({ name: ['The name field must be a string.'] });
    expect(await t.db.selectFrom('users').select('id').execute()).toEqual([]);
  });

  it('needs the CSRF token (419), as every unsafe web route', async () => {
    const client = new SessionClient(t);
    const none = await client.request('POST', '/user', registration, {}, { csrf: false });
    expect(none.statusCode).toBe(419);
    expect(none.json()).toEqual({ message: 'CSRF token mismatch.' });
    await client.request('GET', '/refresh-csrf');
    const wrong = await client.request(
      'POST',
      '/user',
      registration,
      { 'x-xsrf-token': 'nope' },
      { csrf: false },
    );
    expect(wrong.statusCode).toBe(419);
    const otherHeader = await client.request(
      'POST',
      '/user',
      registration,
      { 'x-csrf-token': client.csrfToken! },
      { csrf: false },
    );
    expect(otherHeader.statusCode).toBe(201);
  });

  it('GET /refresh-csrf answers the token as text and sets the cookie; HTML pages set it too', async () => {
    const client = new SessionClient(t);
    const first = await client.request('GET', '/refresh-csrf');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(first.body).toBe(client.csrfToken);
    expect(first.body).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const again = await client.request('GET', '/refresh-csrf');
    expect(again.body).toBe(first.body);

    const page = await t.app.inject({ method: 'GET', url: '/accounts' });
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.cookies.map((cookie) => cookie.name).sort()).toEqual(['XSRF-TOKEN', 'app_session']);
  });

  it('marks the cookies Secure when APP_URL is https', async () => {
    await t.rebuild({ APP_URL: 'https://2fa.example.com' });
    const response = await t.app.inject({ method: 'GET', url: '/refresh-csrf' });
    for (const cookie of response.headers['set-cookie'] as string[]) expect(cookie).toMatch(/; Secure/);
  });
});

describeEachDatabase(
  'password hashing cost, as the server builds the app',
  (t) => {
    it('hashes at scrypt N = 32768 (the tests hash at a low cost) and signs in with that hash', async () => {
      const client = new SessionClient(t);
      expect((await client.request('POST', '/user', registration)).statusCode).toBe(201);
      const row = await t.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
      expect(PASSWORD_COST).toBe(32768);
      const again = new SessionClient(t);
      const login = await again.request('POST', '/user/login', {
        email: registration.email,
        password: registration.password,
      });
      expect(login.statusCode).toBe(200);
    });
  },
  { productionPasswordCost: true },
);

describeEachDatabase('sign-in and sessions', (t) => {
  it('signs in with e-mail (any case) and password, with a new session id and CSRF token', async () => {
    await registerWithSession(t);
    const client = new SessionClient(t);
    await client.request('GET', '/refresh-csrf');
    const anonymous = { ...Object.fromEntries(client.cookies) };
    const response = await client.request('POST', '/user/login', {
      email: 'JOHN@example.com',
      password: john.password,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'authenticated',
      id: 1,
      name: 'John',
      email: 'john@example.com',
      oauth_provider: null,
      preferences,
      appSettings,
      is_admin: true,
      twofaccount_count: 0,
    });
    expect(client.cookies.get('app_session')).not.toBe(anonymous.app_session);
    expect(client.csrfToken).not.toBe(anonymous['XSRF-TOKEN']);
    expect((await client.request('GET', '/api/v1/twofaccounts')).statusCode).toBe(200);
  });

  it('answers the same 401 for a wrong password, an unknown e-mail or no user at all', async () => {
    const nobody = await loginWithSession(t, john.email, john.password);
    expect(nobody.lastResponse.statusCode).toBe(401);
    expect(nobody.lastResponse.json()).toEqual({ message: 'unauthorized' });
    await registerWithSession(t);
    for (const [email, password] of [
      [john.email, 'wrong password'],
      ['jane@example.com', john.password],
      [john.email, ` ${john.password}`],
    ] as const) {
      const client = await loginWithSession(t, email, password);
      expect(client.lastResponse.statusCode).toBe(401);
      expect(client.lastResponse.json()).toEqual({ message: 'unauthorized' });
      expect((await client.request('GET', '/api/v1/user')).statusCode).toBe(401);
    }
  });

  it('validates the sign-in form', async () => {
    const client = new SessionClient(t);
    const response = await client.request('POST', '/user/login', { email: 'john' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'The email field must be a valid email address. (and 1 more error)',
      errors: {
        email: ['The email field must be a valid email address.'],
        password: ['The password field is required.'],
      },
    });
    const missing = await client.request('POST', '/user/login', {});
    expect(missing.json().errors.email).toEqual(['The email field is required.']);
  });

  it('refuses the password while useWebauthnOnly is on', async () => {
    await registerWithSession(t);
    await writeNativeSetting(t.db, 'useWebauthnOnly', true, t.clock.now());
    const client = await loginWithSession(t);
    expect(client.lastResponse.statusCode).toBe(401);
    expect(client.lastResponse.json()).toEqual({ message: 'unauthorized' });
  });

  it('locks an e-mail + IP out after LOGIN_THROTTLE failures, with the real seconds left', async () => {
    await registerWithSession(t);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const failed = await loginWithSession(t, john.email, 'wrong password');
      expect(failed.lastResponse.statusCode).toBe(401);
      t.clock.advance(2);
    }
    // The window started at the first failure, 10 s ago.
    const locked = await loginWithSession(t, john.email, john.password);
    expect(locked.lastResponse.statusCode).toBe(429);
    expect(locked.lastResponse.json()).toEqual({
      message: 'Too many login attempts. Please try again in 50 seconds.',
    });
    expect(locked.lastResponse.headers['retry-after']).toBe('50');
    t.clock.advance(20.5);
    const stillLocked = await loginWithSession(t, john.email, john.password);
    expect(stillLocked.lastResponse.json()).toEqual({
      message: 'Too many login attempts. Please try again in 30 seconds.',
    });
    // Another IP, or another e-mail, is not locked.
    const elsewhere = await loginWithSession(t, john.email, john.password, '10.1.2.3');
    expect(elsewhere.lastResponse.statusCode).toBe(200);
    const otherEmail = await loginWithSession(t, 'jane@example.com', 'whatever1');
    expect(otherEmail.lastResponse.statusCode).toBe(401);
    t.clock.advance(30);
    const unlocked = await loginWithSession(t, john.email, john.password);
    expect(unlocked.lastResponse.statusCode).toBe(200);
  });

  it('clears the failure counter on success', async () => {
    await registerWithSession(t);
    for (let attempt = 1; attempt <= 4; attempt += 1) await loginWithSession(t, john.email, 'wrong password');
    expect((await loginWithSession(t)).lastResponse.statusCode).toBe(200);
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      expect((await loginWithSession(t, john.email, 'wrong password')).lastResponse.statusCode).toBe(401);
    }
    expect((await loginWithSession(t)).lastResponse.statusCode).toBe(200);
  });

  it('honours LOGIN_THROTTLE', async () => {
    await t.rebuild({ LOGIN_THROTTLE: '2' });
    await registerWithSession(t);
    await loginWithSession(t, john.email, 'wrong password');
    await loginWithSession(t, john.email, 'wrong password');
    expect((await loginWithSession(t)).lastResponse.statusCode).toBe(429);
  });

  it('limits sign-in requests to 10 a minute per IP (auth limiter)', async () => {
    await registerWithSession(t);
    const client = new SessionClient(t, '10.0.0.7');
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      expect((await client.request('POST', '/user/login', { email: 'x' })).statusCode).toBe(422);
    }
    const limited = await client.request('POST', '/user/login', { email: 'x' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: 'Too Many Attempts.' });
    expect(limited.headers['retry-after']).toBe('60');
    expect(limited.headers['x-ratelimit-limit']).toBe('10');
    expect(limited.headers['x-ratelimit-remaining']).toBe('0');
    t.clock.advance(60);
    expect((await client.request('POST', '/user/login', { email: 'x' })).statusCode).toBe(422);
  });

  it('signs out: the session ends at once, even for a copied cookie; logout is idempotent', async () => {
    const client = await registerWithSession(t);
    const copy = new SessionClient(t);
    for (const [name, value] of client.cookies) copy.cookies.set(name, value);
    const csrfBefore = client.csrfToken;
    const response = await client.request('GET', '/user/logout');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'signed out' });
    expect(client.csrfToken).not.toBe(csrfBefore);
    expect((await client.request('GET', '/api/v1/user')).statusCode).toBe(401);
    const copied = await copy.request('GET', '/api/v1/user');
    expect(copied.statusCode).toBe(401);
    expect(copied.json()).toEqual({ message: 'Unauthenticated.' });
    expect((await new SessionClient(t).request('GET', '/user/logout')).json()).toEqual({
      message: 'signed out',
    });
  });

  it('keeps sessions across a restart with the same key, not with another key', async () => {
    const client = await registerWithSession(t);
    await t.rebuild({}, { keepKeys: true });
    expect((await client.request('GET', '/api/v1/user')).statusCode).toBe(200);
    expect((await client.request('POST', '/api/v1/groups', { name: 'Work' })).statusCode).toBe(201);
    await t.rebuild();
    expect((await client.request('GET', '/api/v1/user')).statusCode).toBe(401);
  });

  it('ends a session idle for kickUserAfter + 1 minutes with 418; Bearer calls are never locked', async () => {
    const client = await registerWithSession(t);
    const token = (await client.request('POST', '/oauth/personal-access-tokens', { name: 'cli' })).json()
      .accessToken as string;
    const bearer = bearerCaller(t, () => token);
    t.clock.advance(15 * 60 + 59);
    expect((await client.request('GET', '/api/v1/twofaccounts')).statusCode).toBe(200);
    t.clock.advance(16 * 60);
    expect((await bearer('GET', '/api/v1/twofaccounts')).statusCode).toBe(200);
    const locked = await client.request('GET', '/api/v1/twofaccounts');
    expect(locked.statusCode).toBe(418);
    expect(locked.json()).toEqual({ message: 'inactivity detected' });
    expect((await client.request('GET', '/api/v1/twofaccounts')).statusCode).toBe(401);
    expect((await bearer('GET', '/api/v1/twofaccounts')).statusCode).toBe(200);
  });

  it('never locks with kickUserAfter 0 or -1; on public routes an idle session is just dropped', async () => {
    const client = await registerWithSession(t);
    expect((await client.request('PUT', '/api/v1/settings/kickUserAfter', { value: 0 })).statusCode).toBe(
      200,
    );
    t.clock.advance(3 * 24 * 3600);
    expect((await client.request('GET', '/api/v1/user')).statusCode).toBe(200);
    expect((await client.request('PUT', '/api/v1/settings/kickUserAfter', { value: -1 })).statusCode).toBe(
      200,
    );
    t.clock.advance(3 * 24 * 3600);
    expect((await client.request('PUT', '/api/v1/settings/kickUserAfter', { value: 1 })).statusCode).toBe(
      200,
    );
    t.clock.advance(2 * 60);
    const name = await client.request('GET', '/api/v1/user/name');
    expect(name.json()).toEqual({ name: 'John' });
    expect((await client.request('GET', '/api/v1/user')).statusCode).toBe(401);
  });

  it('needs the CSRF header on unsafe session calls of the API, never on Bearer calls', async () => {
    const client = await registerWithSession(t);
    const refused = await client.request('POST', '/api/v1/groups', { name: 'Work' }, {}, { csrf: false });
    expect(refused.statusCode).toBe(419);
    expect(refused.json()).toEqual({ message: 'CSRF token mismatch.' });
    expect((await client.request('GET', '/api/v1/groups', undefined, {}, { csrf: false })).statusCode).toBe(
      200,
    );
    expect((await client.request('POST', '/api/v1/groups', { name: 'Work' })).statusCode).toBe(201);
  });

  it('needs the CSRF header on a session read of a HOTP code', async () => {
    const client = await registerWithSession(t);
    const created = await client.request('POST', '/api/v1/twofaccounts', {
      account: 'account',
      otp_type: 'hotp',
      secret: 'A4GRFHVVRBGY7UIW',
    });
    const id = created.json().id as number;
    const refused = await client.request('GET', `/api/v1/twofaccounts/${id}/otp`);
    expect(refused.statusCode).toBe(419);
    const read = await client.request('GET', `/api/v1/twofaccounts/${id}/otp`, undefined, {
      'x-xsrf-token': client.csrfToken!,
    });
    expect(read.json()).toEqual({ password: '539470', otp_type: 'hotp', counter: 1 });
  });

  it('lets an Authorization header alone decide', async () => {
    const client = await registerWithSession(t);
    const response = await client.request('GET', '/api/v1/user', undefined, {
      authorization: 'Bearer wrong',
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Unauthenticated.' });
  });
});

describeEachDatabase('user name', (t) => {
  it('gives the name to anyone, the e-mail only to an authenticated caller (E25)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/user/name' })).json()).toEqual({ name: null });
    const client = await registerWithSession(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/user/name' })).json()).toEqual({
      name: 'John',
    });
    expect((await client.request('GET', '/api/v1/user/name')).json()).toEqual({
      id: 1,
      name: 'John',
      email: 'john@example.com',
    });
    const token = (await client.request('POST', '/oauth/personal-access-tokens', { name: 'cli' })).json()
      .accessToken as string;
    expect((await bearerCaller(t, () => token)('GET', '/api/v1/user/name')).json()).toEqual({
      id: 1,
      name: 'John',
      email: 'john@example.com',
    });
    expect((await bearerCaller(t, () => 'wrong')('GET', '/api/v1/user/name')).json()).toEqual({
      name: 'John',
    });
  });

  it('GET /api/v1/user needs credentials', async () => {
    const token = await createUserWithToken(t.db);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/user' })).statusCode).toBe(401);
    const response = await bearerCaller(t, () => token)('GET', '/api/v1/user');
    expect(response.json()).toEqual(userResource());
  });
});

describeEachDatabase('profile, password and account deletion', (t) => {
  it('changes name and e-mail with the current password', async () => {
    const client = await registerWithSession(t);
    const wrong = await client.request('PUT', '/user', {
      name: 'Johnny',
      email: 'j@example.com',
      password: 'nope',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: 'Wrong current password, nothing has changed' });
    const response = await client.request('PUT', '/user', {
      name: ' Johnny ',
      email: 'J@Example.com',
      password: john.password,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(userResource({ name: 'Johnny', email: 'j@example.com' }));
    expect((await loginWithSession(t, 'j@example.com')).lastResponse.statusCode).toBe(200);
    const invalid = await client.request('PUT', '/user', { name: '', email: 'x' });
    expect(invalid.json()).toEqual({
      message: 'The name field is required. (and 2 more errors)',
      errors: {
        name: ['The name field is required.'],
        email: ['The email field must be a valid email address.'],
        password: ['The password field is required.'],
      },
    });
  });

  it('keeps profile, password and deletion to the session (Bearer 401, no session 401, no CSRF 419)', async () => {
    const client = await registerWithSession(t);
    const token = (await client.request('POST', '/oauth/personal-access-tokens', { name: 'cli' })).json()
      .accessToken as string;
    const bearer = bearerCaller(t, () => token);
    const anonymous = new SessionClient(t);
    for (const [method, url, body] of [
      ['PUT', '/user', { name: 'X', email: 'x@example.com', password: john.password }],
      [
        'PATCH',
        '/user/password',
        { currentPassword: john.password, password: 'new password', password_confirmation: 'new password' },
      ],
      ['DELETE', '/user', { password: john.password }],
    ] as const) {
      expect((await bearer(method, url, body)).statusCode).toBe(401);
      expect((await anonymous.request(method, url, body)).json()).toEqual({ message: 'Unauthenticated.' });
      expect((await client.request(method, url, body, {}, { csrf: false })).statusCode).toBe(419);
    }
    expect((await client.request('GET', '/api/v1/user')).json()).toEqual(userResource());
  });

  it('changes the password: every other session ends, this one is re-issued', async () => {
    const client = await registerWithSession(t);
    const other = await loginWithSession(t);
    const oldCookie = client.cookies.get('app_session');
    const wrong = await client.request('PATCH', '/user/password', {
      currentPassword: 'not it at all',
      password: 'brand new password',
      password_confirmation: 'brand new password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: 'Wrong current password, nothing has changed' });
    const invalid = await client.request('PATCH', '/user/password', { password: 'short' });
    expect(invalid.json()).toEqual({
      message: 'The current password field is required. (and 1 more error)',
      errors: {
        currentPassword: ['The current password field is required.'],
        password: ['The password field must be at least 8 characters.'],
      },
    });
    const response = await client.request('PATCH', '/user/password', {
      currentPassword: john.password,
      password: 'brand new password',
      password_confirmation: 'brand new password',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Password successfully changed' });
    expect(client.cookies.get('app_session')).not.toBe(oldCookie);
    expect((await client.request('GET', '/api/v1/user')).statusCode).toBe(200);
    expect((await other.request('GET', '/api/v1/user')).statusCode).toBe(401);
    const stale = new SessionClient(t);
    stale.cookies.set('app_session', oldCookie!);
    expect((await stale.request('GET', '/api/v1/user')).statusCode).toBe(401);
    expect((await loginWithSession(t)).lastResponse.statusCode).toBe(401);
    expect((await loginWithSession(t, john.email, 'brand new password')).lastResponse.statusCode).toBe(200);
  });

  it('deletes the user and everything in one go; registration is open again', async () => {
    const client = await registerWithSession(t);
    const token = (await client.request('POST', '/oauth/personal-access-tokens', { name: 'cli' })).json()
      .accessToken as string;
    const other = await loginWithSession(t);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const icon = await t.app.inject({
      method: 'POST',
      url: '/api/v1/icons',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'multipart/form-data; boundary=b',
      },
      payload: Buffer.concat([
        Buffer.from(
          '--b\r\nContent-Disposition: form-data; name="icon"; filename="i.png"\r\nContent-Type: image/png\r\n\r\n',
        ),
        png,
        Buffer.from('\r\n--b--\r\n'),
      ]),
    });
    expect(icon.statusCode).toBe(201);
    const filename = icon.json().filename as string;
    expect((await client.request('POST', '/api/v1/groups', { name: 'Work' })).statusCode).toBe(201);
    const account = await client.request('POST', '/api/v1/twofaccounts', {
      service: 'service',
      account: 'account',
      otp_type: 'totp',
      secret: 'A4GRFHVVRBGY7UIW',
      icon: filename,
      group_id: 1,
    });
    expect(account.statusCode).toBe(201);
    expect((await client.request('PUT', '/api/v1/settings/showOtpAsDot', { value: true })).statusCode).toBe(
      200,
    );
    expect((await client.request('POST', '/api/v1/settings', { key: 'myKey', value: 'x' })).statusCode).toBe(
      201,
    );
    expect((await t.app.inject({ method: 'GET', url: `/storage/icons/${filename}` })).statusCode).toBe(200);
    expect(
      (await client.request('PUT', '/api/v1/backups/password', { password: 'backup password' })).statusCode,
    ).toBe(204);

    const wrong = await client.request('DELETE', '/user', { password: 'wrong password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: 'Wrong current password, nothing has changed' });
    const missing = await client.request('DELETE', '/user', {});
    expect(missing.json()).toEqual({
      message: 'The password field is required.',
      errors: { password: ['The password field is required.'] },
    });

    const response = await client.request('DELETE', '/user', { password: john.password });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    for (const table of [
      'users',
      'twofaccounts',
      'groups',
      'personal_access_tokens',
      'webauthn_credentials',
      'auth_tokens',
      'settings',
      'pending_icons',
      'backup_settings',
    ] as const) {
      expect(await t.db.selectFrom(table).selectAll().execute(), table).toEqual([]);
    }
    expect(await t.db.selectFrom('sessions').select('id').where('user_id', 'is not', null).execute()).toEqual(
      [],
    );
    expect((await t.app.inject({ method: 'GET', url: `/storage/icons/${filename}` })).statusCode).toBe(404);
    expect((await client.request('GET', '/api/v1/user')).statusCode).toBe(401);
    expect((await other.request('GET', '/api/v1/user')).statusCode).toBe(401);
    expect((await bearerCaller(t, () => token)('GET', '/api/v1/user')).statusCode).toBe(401);

    const again = await registerWithSession(t, {
      name: 'Jane',
      email: 'jane@example.com',
      password: 'password 2',
    });
    const settings = await again.request('GET', '/api/v1/settings/showOtpAsDot');
    expect(settings.json()).toEqual({ key: 'showOtpAsDot', value: false });
  });

  it('never writes a password, token, cookie or CSRF token to the log', async () => {
    const client = await registerWithSession(t);
    const created = await client.request('POST', '/oauth/personal-access-tokens', { name: 'cli' });
    const token = created.json().accessToken as string;
    await loginWithSession(t, john.email, 'a wrong secret password');
    await client.request('PATCH', '/user/password', {
      currentPassword: john.password,
      password: 'second secret pass',
      password_confirmation: 'second secret pass',
    });
    await bearerCaller(t, () => token)('GET', '/api/v1/user');
    const secrets = [
      john.password,
      'a wrong secret password',
      'second secret pass',
      token,
      createHash('sha256').update(token).digest('hex'),
      client.csrfToken!,
      client.cookies.get('app_session')!,
      encodeURIComponent(client.cookies.get('app_session')!),
    ];
    const log = t.logs.join('\n');
    expect(t.logs.length).toBeGreaterThan(0);
    for (const secret of secrets) expect(log).not.toContain(secret);
  });
});
