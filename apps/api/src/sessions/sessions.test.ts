import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/harness.js';
import { SessionClient, john, registerWithSession } from '../test/auth-helpers.js';

const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

interface Listed {
  id: string;
  name: string | null;
  ip_address: string | null;
  browser: string | false;
  platform: string | false;
  device: string;
  created_at: string;
  last_active_at: string;
  current: boolean;
}

describeEachDatabase('open sessions', (t) => {
  async function signInElsewhere(): Promise<SessionClient> {
    const client = new SessionClient(t, '10.1.2.3');
    const response = await client.request(
      'POST',
      '/user/login',
      { email: john.email, password: john.password },
      { 'user-agent': CHROME },
    );
    expect(response.statusCode).toBe(200);
    return client;
  }

  it('lists the sessions, the current one marked, without their keys', async () => {
    const owner = await registerWithSession(t);
    t.clock.advance(10);
    await signInElsewhere();
    const response = await owner.request('GET', '/user/sessions');
    expect(response.statusCode).toBe(200);
    const list = response.json<Listed[]>();
    expect(list).toHaveLength(2);
    const other = list.find((session) => !session.current)!;
    expect(other).toMatchObject({
      ip_address: '10.1.2.3',
      browser: 'Chrome',
      platform: 'Linux',
      device: 'desktop',
    });
    expect(list.filter((session) => session.current)).toHaveLength(1);
    const keys = (await t.db.selectFrom('sessions').select('id').execute()).map((row) => row.id);
    for (const key of keys) expect(response.body).not.toContain(key);
  });

  it('names a session by the offline copy its device keeps, and leaves the others unnamed', async () => {
    const owner = await registerWithSession(t);
    const other = await signInElsewhere();
    const made = await other.request('POST', '/api/v1/device-copies', { name: 'Work laptop' });
    expect(made.statusCode).toBe(201);
    const list = (await owner.request('GET', '/user/sessions')).json<Listed[]>();
    expect(list.find((session) => !session.current)?.name).toBe('Work laptop');
    expect(list.find((session) => session.current)?.name).toBeNull();
  });

  it('ends another session: its next request is refused, and the log shows the sign-out', async () => {
    const owner = await registerWithSession(t);
    const other = await signInElsewhere();
    expect((await other.request('GET', '/api/v1/user')).statusCode).toBe(200);
    const list = (await owner.request('GET', '/user/sessions')).json<Listed[]>();
    const target = list.find((session) => !session.current)!;
    expect((await owner.request('DELETE', `/user/sessions/${target.id}`)).statusCode).toBe(204);
    expect((await other.request('GET', '/api/v1/user')).statusCode).toBe(401);
    expect((await owner.request('GET', '/api/v1/user')).statusCode).toBe(200);
    expect((await owner.request('DELETE', `/user/sessions/${target.id}`)).statusCode).toBe(404);
    const rows = await t.db.selectFrom('auth_log').select(['event', 'logout_at']).orderBy('id').execute();
    expect(rows.at(-1)).toMatchObject({ event: 'login', logout_at: expect.any(Date) });
  });

  it('ends all the other sessions at once, never the current one', async () => {
    const owner = await registerWithSession(t);
    const first = await signInElsewhere();
    const second = await signInElsewhere();
    expect((await owner.request('DELETE', '/user/sessions')).statusCode).toBe(204);
    expect((await first.request('GET', '/api/v1/user')).statusCode).toBe(401);
    expect((await second.request('GET', '/api/v1/user')).statusCode).toBe(401);
    const left = (await owner.request('GET', '/user/sessions')).json<Listed[]>();
    expect(left.map((session) => session.current)).toEqual([true]);
  });

  it('is for the web session only: a token cannot list or end sessions', async () => {
    const owner = await registerWithSession(t);
    const created = await owner.request('POST', '/oauth/personal-access-tokens', { name: 'x' });
    const token = created.json<{ accessToken: string }>().accessToken;
    const response = await t.app.inject({
      method: 'GET',
      url: '/user/sessions',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(401);
  });
});
