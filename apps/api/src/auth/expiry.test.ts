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
    expect(await keys()).toEqual(['auth:203.0.113.7', 'password:who@example.org|203.0.113.7']);

    t.clock.advance(120);
    const other = new SessionClient(t, '198.51.100.2');
    await other.request('POST', '/user/login', { email: 'john@example.com', password: 'nope' });
    expect(await keys()).toEqual(['auth:198.51.100.2', 'password:john@example.com|198.51.100.2']);
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
