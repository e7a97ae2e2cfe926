import { randomBytes, scryptSync } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { DB } from '../db/schema.js';
import { john, loginWithSession, registerWithSession } from '../test/auth-helpers.js';
import { resetDatabase, type TestContext } from '../test/harness.js';
import type { FuzzCallers } from './fuzz-encode.js';

/*
 * The fuzzer's install: the user, a session, a token, an account and a group. The first one is
 * registered through the API; every later one empties the database, puts the same user row back
 * (its password hashed with a small scrypt cost, so signing in costs microseconds, not a tenth of
 * a second: the stored hash carries its own parameters) and signs in through the API again.
 */

/** The stored form of a scrypt hash of `password` with N = 2^10. */
function cheapHash(password: string): string {
  const salt = randomBytes(16);
  const options = { N: 1024, r: 8, p: 1 };
  const key = scryptSync(password.normalize('NFC'), salt, 32, options);
  return ['scrypt', options.N, options.r, options.p, salt.toString('base64'), key.toString('base64')].join(
    '$',
  );
}

export class FuzzInstall {
  private user: Insertable<DB['users']> | undefined;
  /** How many installs were made. */
  count = 0;

  constructor(
    private readonly t: TestContext,
    /** Every secret handed out, to look for in the log. */
    private readonly secrets: Set<string>,
  ) {}

  /** A new install; returns its credentials. */
  async make(): Promise<FuzzCallers> {
    const { t } = this;
    await resetDatabase(t.db);
    this.count += 1;
    if (this.user) await t.db.insertInto('users').values(this.user).execute();
    else {
      await registerWithSession(t);
      const { id: _id, ...row } = await t.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
      this.user = { ...row, password_hash: cheapHash(john.password) };
      await t.db.updateTable('users').set({ password_hash: this.user.password_hash }).execute();
    }
    const session = await loginWithSession(t);
    if (session.lastResponse.statusCode !== 200)
      throw new Error(`fuzz install: sign-in answered ${session.lastResponse.statusCode}`);
    const created = await session.request('POST', '/oauth/personal-access-tokens', { name: 'fuzz' });
    const token = created.json<{ accessToken: string }>().accessToken;
    const headers = { authorization: `Bearer ${token}` };
    const uri = 'otpauth://totp/Fuzz:me?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    await t.app.inject({ method: 'POST', url: '/api/v1/twofaccounts', payload: { uri }, headers });
    await t.app.inject({ method: 'POST', url: '/api/v1/groups', payload: { name: 'G' }, headers });
    this.secrets.add(token);
    for (const value of session.cookies.values()) this.secrets.add(value);
    return { token, cookie: session.cookieHeader(), csrf: session.csrfToken ?? '' };
  }

  /** Whether the token and the session of an install still sign in. */
  async works(callers: FuzzCallers): Promise<boolean> {
    const [byToken, bySession] = await Promise.all([
      this.t.app.inject({ url: '/api/v1/user', headers: { authorization: `Bearer ${callers.token}` } }),
      this.t.app.inject({ url: '/api/v1/user', headers: { cookie: callers.cookie } }),
    ]);
    return byToken.statusCode === 200 && bySession.statusCode === 200;
  }
}
