import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/harness.js';
import { bearerCaller, registerWithSession } from '../test/auth-helpers.js';

describeEachDatabase('2FAuth user routes, for the one user', (t) => {
  async function setUp() {
    const session = await registerWithSession(t);
    const created = await session.request('POST', '/oauth/personal-access-tokens', { name: 'cli' });
    const value = created.json<{ accessToken: string }>().accessToken;
    return { session, token: bearerCaller(t, () => value) };
  }

  it('lists the one user with 2FAuth’s manager fields', async () => {
    const { token } = await setUp();
    t.clock.advance(120);
    const response = await token('GET', '/api/v1/users');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      expect.objectContaining({
        id: 1,
        name: 'John',
        email: 'john@example.com',
        oauth_provider: null,
        authenticated_by_proxy: false,
        is_admin: true,
        twofaccounts_count: 0,
        // The token's use just now is the latest sign of life.
        last_seen_at: '1 second ago',
        created_at: '2 minutes ago',
      }),
    ]);
  });

  it('shows the user wrapped in info, with the counters beside it; another id is 404', async () => {
    const { token } = await setUp();
    const response = await token('GET', '/api/v1/users/1');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      info: { id: 1, name: 'John', twofaccounts_count: 0 },
      password_reset: null,
      valid_personal_access_tokens: 1,
      webauthn_credentials: 0,
    });
    for (const id of ['2', 'abc']) {
      const other = await token('GET', `/api/v1/users/${id}`);
      expect(other.statusCode).toBe(404);
      expect(other.json()).toEqual({ message: 'not found' });
    }
  });

  it('refuses what needs several users as 2FAuth refuses a forbidden action', async () => {
    const { session, token } = await setUp();
    const forbidden = { message: 'forbidden', reason: 'This action is unauthorized.' };
    const refused = [
      ['POST', '/api/v1/users'],
      ['DELETE', '/api/v1/users/1'],
      ['PATCH', '/api/v1/users/1/promote'],
      ['PATCH', '/api/v1/users/1/password/reset'],
    ] as const;
    for (const [method, url] of refused) {
      const response = await token(method, url, {});
      expect(response.statusCode, url).toBe(403);
      expect(response.json(), url).toEqual(forbidden);
    }
    // Tokens and security devices are the signed-in user's only: a token is refused as a token.
    const sessionOnly = { message: 'Only a signed-in session can do this, not a personal access token.' };
    for (const url of ['/api/v1/users/1/pats', '/api/v1/users/1/credentials']) {
      const response = await token('DELETE', url, {});
      expect(response.statusCode, url).toBe(403);
      expect(response.json(), url).toEqual(sessionOnly);
      const fromSession = await session.request('DELETE', url, {});
      expect(fromSession.statusCode, url).toBe(403);
      expect(fromSession.json(), url).toEqual(forbidden);
    }
    expect((await token('DELETE', '/api/v1/users/2')).statusCode).toBe(404);
    // Nothing was done: the user and their token are still there.
    expect((await token('GET', '/api/v1/users')).json()).toHaveLength(1);
  });

  it('needs authentication', async () => {
    await setUp();
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/users' })).statusCode).toBe(401);
  });
});
