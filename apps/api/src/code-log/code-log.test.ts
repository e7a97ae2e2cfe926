import { expect, it } from 'vitest';
import { describeEachDatabase, TestClock } from '../test/harness.js';
import { bearerCaller, registerWithSession, type Caller, type SessionClient } from '../test/auth-helpers.js';
import { fixtures as F } from '../accounts/fixtures.js';
import { sql } from 'kysely';
import { codeLogTiming, flushCodeLog } from './code-log.writer.js';

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
  count?: number;
}

interface RecentLog {
  entries: {
    twofaccount_id: number;
    deleted: boolean;
    service: string | null;
    account: string | null;
    source: string;
    token_name: string | null;
    count: number;
  }[];
  kept: Record<string, unknown>;
  memory: Record<string, number>;
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
  const recent = async (caller: Caller | SessionClient) => {
    const response =
      caller instanceof Function
        ? await caller('GET', '/api/v1/otp-logs')
        : await caller.request('GET', '/api/v1/otp-logs');
    expect(response.statusCode).toBe(200);
    return response.json<RecentLog>();
  };
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

  it('stores the codes one requester asked of an account within a minute as one row with a count', async () => {
    const { session, token } = await setUp();
    const bySession: Caller = (method, url) => session.request(method, url);
    for (const ask of [token, bySession, token]) {
      expect((await ask('GET', '/api/v1/twofaccounts/1/otp')).statusCode).toBe(200);
      // Written after each read: a later read of the minute raises the written row's count.
      await flushCodeLog(t.app.deps);
      // The clock starts 20 s into a minute: 20, 30 and 40 s, written or not in between.
      t.clock.advance(10);
    }
    // The next minute: a row of its own.
    t.clock.advance(30);
    await token('GET', '/api/v1/twofaccounts/1/otp');
    expect((await logOf(token, 1)).map((row) => row.source)).toEqual(['token', 'token', 'session', 'token']);
    const stored = await t.db
      .selectFrom('otp_log')
      .select(['times', 'requester_kind'])
      .orderBy('id')
      .execute();
    expect(stored.map((row) => [row.times, row.requester_kind])).toEqual([
      [2, 'token'],
      [1, 'session'],
      [1, 'token'],
    ]);
    // `withCount=1` lists each row once, with its count; `limit` counts rows.
    const counted = await logOf(token, 1, '?withSource=1&withCount=1');
    expect(counted.map((row) => [row.source, row.count])).toEqual([
      ['token', 2],
      ['session', 1],
      ['token', 1],
    ]);
    expect((await logOf(token, 1, '?withCount=1&limit=-1')).map((row) => row.count)).toEqual([1]);
    // Without it, 2FAuth's shape: one item per code, and no `count`.
    expect((await logOf(token, 1, '?limit=-3')).map((row) => 'count' in row)).toEqual([false, false, false]);
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

  it('keeps the log of an account deleted for good, with its names, even within the same batch', async () => {
    const { session, token } = await setUp();
    for (let i = 0; i < 10; i += 1) {
      expect((await token('GET', `/api/v1/twofaccounts/1/otp`)).statusCode).toBe(200);
    }
    // A throwaway account: created, read, trashed and purged before the log is written.
    const created = await token('POST', '/api/v1/twofaccounts', {
      service: 'Throwaway',
      account: 'evasion',
      secret: 'A4GRFHVVRBGY7UIW',
      otp_type: 'totp',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ id: number }>().id;
    expect((await token('GET', `/api/v1/twofaccounts/${id}/otp`)).statusCode).toBe(200);
    expect((await token('DELETE', `/api/v1/twofaccounts/${id}`)).statusCode).toBe(204);
    expect((await token('DELETE', `/api/v1/trash?ids=${id}`)).statusCode).toBe(204);

    const stored = await recent(session);
    expect(stored.entries.map((row) => [row.twofaccount_id, row.deleted, row.service, row.count])).toEqual([
      [id, true, 'Throwaway', 1],
      [1, false, null, 10],
    ]);
    expect(stored.entries[0]).toMatchObject({ account: 'evasion', source: 'token', token_name: 'phone' });
    expect(stored.kept).toEqual({ days: 365, max_rows: 100_000, merge_seconds: 60, enabled: true });
    expect(stored.memory).toEqual({ waiting: 0, dropped: 0, refused: 0, failed_writes: 0 });
    // The names are sealed in the database, never in clear.
    const raw = JSON.stringify(await t.db.selectFrom('otp_log').selectAll().execute());
    expect(raw).not.toContain('Throwaway');
    expect(raw).not.toContain('evasion');
  });

  it('a row the database refuses is dropped alone; the rest of the batch is written', async () => {
    const { session, token } = await setUp();
    const created = await session.request('POST', '/oauth/personal-access-tokens', { name: 'refused' });
    const refused = bearerCaller(t, () => created.json<{ accessToken: string }>().accessToken);
    await sql`alter table otp_log add constraint test_refused check (token_name <> 'refused')`.execute(t.db);
    try {
      await token('GET', '/api/v1/twofaccounts/1/otp');
      await refused('GET', '/api/v1/twofaccounts/1/otp');
      await token('GET', '/api/v1/twofaccounts/2/otp');
      const stored = await recent(token);
      expect(stored.entries.map((row) => [row.twofaccount_id, row.token_name])).toEqual([
        [2, 'phone'],
        [1, 'phone'],
      ]);
      expect(stored.memory).toMatchObject({ refused: 1, failed_writes: 1, waiting: 0 });
    } finally {
      await sql`alter table otp_log drop constraint test_refused`.execute(t.db);
    }
  });

  it('keeps CODE_LOG_MAX_ROWS rows at most, the oldest purged first', async () => {
    await t.rebuild({ CODE_LOG_MAX_ROWS: '1000' });
    const { token } = await setUp();
    await t.db
      .insertInto('otp_log')
      .values(
        Array.from({ length: 1200 }, (_, i) => ({
          twofaccount_id: 1,
          generated_at: new Date(TestClock.START.getTime() - (1200 - i) * 60_000),
          otp_type: 'totp',
          requester_kind: 'session',
          ip_address: `10.0.${Math.floor(i / 256)}.${i % 256}`,
        })),
      )
      .execute();
    await token('GET', '/api/v1/twofaccounts/1/otp');
    await recent(token);
    const stored = await t.db.selectFrom('otp_log').select(['ip_address']).orderBy('id').execute();
    expect(stored).toHaveLength(1000);
    // The 201 oldest went: the first kept is the 202nd written, the last is the new read.
    expect(stored[0]?.ip_address).toBe('10.0.0.201');
    expect(stored.at(-1)?.ip_address).toBe('127.0.0.1');
  });

  it('keeps the codes read while more than CODE_LOG_BUFFER_MAX rows wait, counted as dropped', async () => {
    await t.rebuild({ CODE_LOG_BUFFER_MAX: '100' });
    const { token } = await setUp();
    // 100 rows waiting: a row per minute of reads, never written (the timer is far off).
    codeLogTiming.flushEveryMs = 3_600_000;
    try {
      for (let i = 0; i < 101; i += 1) {
        await token('GET', '/api/v1/twofaccounts/1/otp');
        t.clock.advance(60);
      }
      const warnings = t.logs.filter((line) => line.includes('CODE_LOG_BUFFER_MAX'));
      expect(warnings).toHaveLength(1);
      const stored = await recent(token);
      expect(stored.entries).toHaveLength(100);
      expect(stored.memory).toMatchObject({ dropped: 1, waiting: 0 });
    } finally {
      codeLogTiming.flushEveryMs = 1000;
    }
  });
});
