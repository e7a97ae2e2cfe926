import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { registerWithSession, SessionClient } from '../test/auth-helpers.js';
import { describeEachDatabase } from '../test/harness.js';

describeEachDatabase('expiry of sign-in counters and sessions', (t) => {
  it('deletes sign-in counters whose window has ended', async () => {
    await registerWithSession(t);
    const stranger = new SessionClient(t, '203.0.113.7');
    const failed = await stranger.request('POST', '/user/login', {
      email: 'who@example.org',
      password: 'nope',
    });
    expect(failed.statusCode).toBe(401);
    const keys = async () =>
      (await t.db.selectFrom('login_throttles').select('key').execute()).map((row) => row.key).sort();
    expect(await keys()).toEqual([
      'account:who@example.org',
      'auth:203.0.113.7',
      'password:who@example.org|203.0.113.7',
    ]);

    // The per-address windows (60 s) end; the per-account count (10 minutes, and up to 15 more of
    // delay) stays.
    t.clock.advance(120);
    const other = new SessionClient(t, '198.51.100.2');
    await other.request('POST', '/user/login', { email: 'john@example.com', password: 'nope' });
    expect(await keys()).toEqual([
      'account:john@example.com',
      'account:who@example.org',
      'auth:198.51.100.2',
      'password:john@example.com|198.51.100.2',
    ]);

    t.clock.advance(26 * 60);
    const third = new SessionClient(t, '192.0.2.9');
    await third.request('POST', '/user/login', { email: 'john@example.com', password: 'nope' });
    expect(await keys()).toEqual([
      'account:john@example.com',
      'auth:192.0.2.9',
      'password:john@example.com|192.0.2.9',
    ]);
  });

  it('indexes the expiry columns that the cleanups delete by', async () => {
    const { rows } = await sql<{ indexname: string }>`
      select indexname from pg_indexes where indexname in ('sessions_expires_at_idx', 'login_throttles_window_started_at_idx')
      order by indexname`.execute(t.db);
    expect(rows.map((row) => row.indexname)).toEqual([
      'login_throttles_window_started_at_idx',
      'sessions_expires_at_idx',
    ]);
  });
});
