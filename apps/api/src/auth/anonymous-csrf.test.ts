import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DB } from '../db/schema.js';
import { describeEachDatabase } from '../test/harness.js';
import { john, loginWithSession, registerWithSession, SessionClient } from '../test/auth-helpers.js';

const storedSessions = async (t: { db: Kysely<DB> }) =>
  (await t.db.selectFrom('sessions').select('id').execute()).length;

describe('anonymous visitors', () => {
  describeEachDatabase('store no session', (t) => {
    it('many cookieless GETs of /refresh-csrf and of web pages leave the sessions table empty', async () => {
      for (let i = 0; i < 40; i++) {
        const csrf = await t.app.inject({ method: 'GET', url: '/refresh-csrf' });
        expect(csrf.statusCode).toBe(200);
        expect(csrf.cookies.map((cookie) => cookie.name).sort()).toEqual(['XSRF-TOKEN', 'app_session']);
        const page = await t.app.inject({ method: 'GET', url: i % 2 ? '/accounts' : '/login' });
        expect(page.headers['set-cookie']).toBeDefined();
      }
      expect(await storedSessions(t)).toBe(0);
    });

    it('the cookie-only CSRF token protects registration and login, then a sign-in stores one session', async () => {
      const visitor = new SessionClient(t);
      const token = (await visitor.request('GET', '/refresh-csrf')).body;
      expect((await visitor.request('GET', '/refresh-csrf')).body).toBe(token);
      expect(await storedSessions(t)).toBe(0);
      // A token from another visitor's cookie, or none, is refused.
      const other = new SessionClient(t);
      await other.request('GET', '/refresh-csrf');
      const forged = await visitor.request(
        'POST',
        '/user',
        {},
        { 'x-xsrf-token': other.csrfToken! },
        { csrf: false },
      );
      expect(forged.statusCode).toBe(419);
      await registerWithSession(t);
      expect(await storedSessions(t)).toBe(1);

      const login = await loginWithSession(t, john.email, john.password);
      expect(login.lastResponse.statusCode).toBe(200);
      expect(login.csrfToken).not.toBe(token);
      expect((await login.request('GET', '/api/v1/user')).statusCode).toBe(200);
      expect(await storedSessions(t)).toBe(2);

      // Sign-out deletes the row and rotates the token, still without storing a session.
      const before = login.csrfToken;
      expect((await login.request('GET', '/user/logout')).statusCode).toBe(200);
      expect(login.csrfToken).not.toBe(before);
      expect(await storedSessions(t)).toBe(1);
      expect((await login.request('GET', '/api/v1/user')).statusCode).toBe(401);
      const again = await login.request('POST', '/user/login', {
        email: john.email,
        password: john.password,
      });
      expect(again.statusCode).toBe(200);
    });
  });
});
