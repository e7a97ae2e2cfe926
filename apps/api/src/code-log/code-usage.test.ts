import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/harness.js';
import { bearerCaller, registerWithSession, type Caller, type SessionClient } from '../test/auth-helpers.js';

type Usage = Record<string, { last_used_at: string; uses: number }>;

describeEachDatabase('sort by use: viewed codes and usage', (t) => {
  /** The user (session), three TOTP accounts (ids 1 to 3) and a `codes` token. */
  async function setUp(): Promise<{ session: SessionClient; token: Caller }> {
    const session = await registerWithSession(t);
    await session.request('PUT', '/api/v1/settings/getOfficialIcons', { value: false });
    for (const name of ['one', 'two', 'three']) {
      const uri = `otpauth://totp/${name}?secret=A4GRFHVVRBGY7UIW`;
      expect((await session.request('POST', '/api/v1/twofaccounts', { uri })).statusCode).toBe(201);
    }
    const created = await session.request('POST', '/oauth/personal-access-tokens', {
      name: 'phone',
      scope: 'codes',
    });
    expect(created.statusCode).toBe(200);
    const value = created.json<{ accessToken: string }>().accessToken;
    return { session, token: bearerCaller(t, () => value) };
  }
  const usageOf = async (session: SessionClient, query = '') => {
    const response = await session.request('GET', `/api/v1/otp-logs/usage${query}`);
    expect(response.statusCode).toBe(200);
    return response.json<Usage>();
  };
  const viewRows = () =>
    t.db
      .selectFrom('code_views')
      .select(['twofaccount_id', 'times', 'requester_kind'])
      .orderBy('id')
      .execute();

  it('counts the code log and the viewed codes, with the last read of each account', async () => {
    const { session, token } = await setUp();
    expect(await usageOf(session)).toEqual({});
    // To the start of a minute, so that the three reads below share the code log's minute.
    t.clock.advance(60 - ((t.clock.now().getTime() / 1000) % 60));
    expect((await session.request('GET', '/api/v1/twofaccounts/1/otp')).statusCode).toBe(200);
    t.clock.advance(10);
    expect((await session.request('GET', '/api/v1/twofaccounts/2/otp')).statusCode).toBe(200);
    t.clock.advance(10);
    // The same row of the code log: its last code counts, not its first.
    const read = t.clock.now();
    expect((await session.request('GET', '/api/v1/twofaccounts/1/otp')).statusCode).toBe(200);
    t.clock.advance(90);
    const viewed = t.clock.now();
    // A `codes` token may report what it showed; an id twice is two codes.
    const report = await token('POST', '/api/v1/otp-logs/viewed', { ids: [2, 3, 2] });
    expect(report.statusCode).toBe(204);
    expect(report.body).toBe('');
    expect(await usageOf(session)).toEqual({
      '1': { last_used_at: read.toISOString(), uses: 2 },
      '2': { last_used_at: viewed.toISOString(), uses: 3 },
      '3': { last_used_at: viewed.toISOString(), uses: 1 },
    });
  });

  it('merges the views of one requester, account and minute into one row', async () => {
    const { session, token } = await setUp();
    // To 5 s into the next minute.
    t.clock.advance(65 - ((t.clock.now().getTime() / 1000) % 60));
    expect((await session.request('POST', '/api/v1/otp-logs/viewed', { ids: [1] })).statusCode).toBe(204);
    t.clock.advance(30);
    expect((await session.request('POST', '/api/v1/otp-logs/viewed', { ids: [1, 1] })).statusCode).toBe(204);
    const later = t.clock.now();
    // Another requester in the same minute, then the same requester in the next minute: new rows.
    expect((await token('POST', '/api/v1/otp-logs/viewed', { ids: [1] })).statusCode).toBe(204);
    t.clock.advance(30);
    expect((await session.request('POST', '/api/v1/otp-logs/viewed', { ids: [1] })).statusCode).toBe(204);
    expect(await viewRows()).toEqual([
      { twofaccount_id: 1, times: 3, requester_kind: 'session' },
      { twofaccount_id: 1, times: 1, requester_kind: 'token' },
      { twofaccount_id: 1, times: 1, requester_kind: 'session' },
    ]);
    expect((await usageOf(session))['1']).toEqual({
      last_used_at: new Date(later.getTime() + 30_000).toISOString(),
      uses: 5,
    });
  });

  it('looks back over the usageDays preference (30 days by default) or the days asked for', async () => {
    const { session } = await setUp();
    // A token outlives the session over the days this test spans.
    const created = await session.request('POST', '/oauth/personal-access-tokens', { name: 'laptop' });
    const value = created.json<{ accessToken: string }>().accessToken;
    const full = bearerCaller(t, () => value);
    const usage = async (query = '') => (await full('GET', `/api/v1/otp-logs/usage${query}`)).json<Usage>();
    expect((await full('POST', '/api/v1/otp-logs/viewed', { ids: [1] })).statusCode).toBe(204);
    t.clock.advance(10 * 86_400);
    expect((await full('POST', '/api/v1/otp-logs/viewed', { ids: [2] })).statusCode).toBe(204);
    t.clock.advance(25 * 86_400);
    expect(Object.keys(await usage())).toEqual(['2']);
    expect(Object.keys(await usage('?days=90')).sort()).toEqual(['1', '2']);
    expect((await full('PUT', '/api/v1/settings/usageDays', { value: 7 })).statusCode).toBe(200);
    expect(await usage()).toEqual({});
    const refused = await full('PUT', '/api/v1/settings/usageDays', { value: 8 });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json<{ errors: object }>().errors)).toEqual(['value']);
  });

  it('skips accounts not stored or in the trash', async () => {
    const { session } = await setUp();
    expect((await session.request('DELETE', '/api/v1/twofaccounts/3')).statusCode).toBe(204);
    const report = await session.request('POST', '/api/v1/otp-logs/viewed', { ids: [1, 3, 99] });
    expect(report.statusCode).toBe(204);
    expect(await viewRows()).toEqual([{ twofaccount_id: 1, times: 1, requester_kind: 'session' }]);
    expect(Object.keys(await usageOf(session))).toEqual(['1']);
  });

  it('refuses bad input with a 422 naming the field, and anonymous callers', async () => {
    const { session } = await setUp();
    for (const body of [{}, { ids: [] }, { ids: ['x'] }, { ids: [0] }, { ids: 5 }]) {
      const response = await session.request('POST', '/api/v1/otp-logs/viewed', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(response.json<{ errors: object }>().errors)[0]).toMatch(/^ids/);
    }
    for (const query of ['?days=0', '?days=x', '?days=4000']) {
      const response = await session.request('GET', `/api/v1/otp-logs/usage${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(Object.keys(response.json<{ errors: object }>().errors)).toEqual(['days']);
    }
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v1/otp-logs/viewed',
      payload: { ids: [1] },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await viewRows()).toEqual([]);
  });
});
