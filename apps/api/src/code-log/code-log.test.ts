import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/harness.js';
import { bearerCaller, registerWithSession, type Caller, type SessionClient } from '../test/auth-helpers.js';
import { fixtures as F } from '../accounts/fixtures.js';
import { codeLogTiming } from './code-log.writer.js';

interface LogRow {
  requester_name: string;
  requester_email: string | null;
  owner_name: string;
  owner_email: string | null;
  ip_address: string | null;
  generated_at: string;
  otp_type: string;
  counter?: number;
  source?: string;
  token_name?: string | null;
}

describeEachDatabase('code log', (t) => {
  /** The user (session), two accounts (TOTP 1, HOTP 2) and a token named "phone". */
  async function setUp(): Promise<{ session: SessionClient; token: Caller }> {
    const session = await registerWithSession(t);
    await session.request('PUT', '/api/v1/settings/getOfficialIcons', { value: false });
    expect(
      (await session.request('POST', '/api/v1/twofaccounts', { uri: F.TOTP_SHORT_URI })).statusCode,
    ).toBe(201);
    expect(
      (await session.request('POST', '/api/v1/twofaccounts', { uri: F.HOTP_SHORT_URI })).statusCode,
    ).toBe(201);
    const created = await session.request('POST', '/oauth/personal-access-tokens', { name: 'phone' });
    const value = created.json<{ accessToken: string }>().accessToken;
    return { session, token: bearerCaller(t, () => value) };
  }
  const logOf = async (caller: Caller, id: number, query = '?withSource=1') => {
    const response = await caller('GET', `/api/v1/twofaccounts/${id}/otp-logs${query}`);
    expect(response.statusCode).toBe(200);
    return response.json<LogRow[]>();
  };

  it('logs TOTP codes by a token and by a session, with 2FAuth’s shape, never the code', async () => {
    const { session, token } = await setUp();
    const byToken = await token('GET', '/api/v1/twofaccounts/1/otp', undefined, {
      'x-forwarded-for': '1.2.3.4',
    });
    expect(byToken.statusCode).toBe(200);
    t.clock.advance(60);
    const bySession = await session.request('GET', '/api/v1/twofaccounts/1/otp');
    expect(bySession.statusCode).toBe(200);
    // HEAD sends no code: not logged.
    await token('HEAD', '/api/v1/twofaccounts/1/otp');

    const plain = await logOf(token, 1, '');
    expect(plain).toEqual([
      {
        requester_name: 'John',
        requester_email: 'john@example.com',
        owner_name: 'John',
        owner_email: 'john@example.com',
        ip_address: '127.0.0.1',
        generated_at: '2023-11-14T22:13:20.000000Z',
        otp_type: 'totp',
      },
      expect.objectContaining({ generated_at: '2023-11-14T22:14:20.000000Z', otp_type: 'totp' }),
    ]);
    expect((await logOf(token, 1)).map((row) => [row.source, row.token_name])).toEqual([
      ['token', 'phone'],
      ['session', null],
    ]);
    const codes = [
      byToken.json<{ password: string }>().password,
      bySession.json<{ password: string }>().password,
    ];
    const stored = JSON.stringify(await t.db.selectFrom('otp_log').selectAll().execute());
    for (const code of codes) expect(stored).not.toContain(code);
    expect(stored).not.toContain('A4GRFHVVRBGY7UIW');
  });

  it('logs HOTP codes with the counter each was computed at', async () => {
    const { session, token } = await setUp();
    expect((await token('GET', '/api/v1/twofaccounts/2/otp')).json()).toMatchObject({ counter: 1 });
    const csrf = { 'x-xsrf-token': session.csrfToken ?? '' };
    expect(
      (await session.request('GET', '/api/v1/twofaccounts/2/otp', undefined, csrf)).json(),
    ).toMatchObject({
      counter: 2,
    });
    const rows = await logOf(token, 2);
    expect(rows.map((row) => [row.otp_type, row.counter, row.source])).toEqual([
      ['hotp', 0, 'token'],
      ['hotp', 1, 'session'],
    ]);
  });

  it('logs the codes a list or a read withOtp carries (HOTP accounts carry none)', async () => {
    const { token } = await setUp();
    expect((await token('GET', '/api/v1/twofaccounts?withOtp=1')).statusCode).toBe(200);
    expect((await token('GET', '/api/v1/twofaccounts?ids=1,2&withOtp=1')).statusCode).toBe(200);
    expect((await token('GET', '/api/v1/twofaccounts/1?withOtp=1')).statusCode).toBe(200);
    expect((await token('GET', '/api/v1/twofaccounts')).statusCode).toBe(200);
    expect(await logOf(token, 1)).toHaveLength(3);
    expect(await logOf(token, 2)).toHaveLength(0);
  });

  it('stores the codes one requester asked within a second as one row, even when another asked between', async () => {
    const { session, token } = await setUp();
    const bySession: Caller = (method, url) => session.request(method, url);
    // On a loaded machine the three requests can take longer than the usual one-second wait, and
    // entries written apart are not merged: the wait is lengthened (the read writes what waits).
    codeLogTiming.flushEveryMs = 60_000;
    try {
      for (const ask of [token, bySession, token]) {
        expect((await ask('GET', '/api/v1/twofaccounts/1/otp')).statusCode).toBe(200);
      }
    } finally {
      codeLogTiming.flushEveryMs = 1000;
    }
    expect((await logOf(token, 1)).map((row) => row.source)).toEqual(['token', 'token', 'session']);
    const stored = await t.db
      .selectFrom('otp_log')
      .select(['times', 'requester_kind'])
      .orderBy('id')
      .execute();
    expect(stored.map((row) => [row.times, row.requester_kind])).toEqual([
      [2, 'token'],
      [1, 'session'],
    ]);
  });

  it('filters by period and limit, refuses non-numbers, and answers 404 for an unknown account', async () => {
    const { token } = await setUp();
    await token('GET', '/api/v1/twofaccounts/1/otp');
    t.clock.advance(45 * 24 * 3600);
    await token('GET', '/api/v1/twofaccounts/1/otp');
    await token('GET', '/api/v1/twofaccounts/1/otp');
    expect(await logOf(token, 1, '?period=1')).toHaveLength(2);
    expect(await logOf(token, 1, '?limit=1')).toHaveLength(1);
    for (const query of [
      'period=',
      'limit=true',
      'limit=x',
      'period[]=2',
      'period=2147483648',
      'period=1e309',
      'period=-1',
      'period=1.5',
      'limit=1e309',
      'limit=100001',
    ]) {
      const response = await token('GET', `/api/v1/twofaccounts/1/otp-logs?${query}`);
      expect(response.statusCode, query).toBe(422);
    }
    expect((await token('GET', '/api/v1/twofaccounts/9/otp-logs')).statusCode).toBe(404);
  });

  it('a deleted account takes its log with it', async () => {
    const { token } = await setUp();
    await token('GET', '/api/v1/twofaccounts/1/otp');
    await logOf(token, 1);
    expect((await token('DELETE', '/api/v1/twofaccounts/1')).statusCode).toBe(204);
    // In the trash the log is kept with the account, and not served; deleted for good, it goes.
    expect((await token('GET', '/api/v1/twofaccounts/1/otp-logs')).statusCode).toBe(404);
    expect((await token('DELETE', '/api/v1/trash?ids=1')).statusCode).toBe(204);
    expect(await t.db.selectFrom('otp_log').selectAll().execute()).toEqual([]);
  });
});
