import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/harness.js';
import { SessionClient, bearerCaller, john, registerWithSession, type Caller } from '../test/auth-helpers.js';
import {
  SoftAuthenticator,
  type CreationOptionsJson,
  type RequestOptionsJson,
} from '../test/soft-authenticator.js';
import { purgeExpiredLogs } from './security-log-purge.js';

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:120.0) Gecko/20100101 Firefox/120.0';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';

interface Row {
  id: number;
  ip_address: string | null;
  user_agent: string | null;
  browser: string | false;
  platform: string | false;
  device: string;
  login_at: string | null;
  logout_at: string | null;
  login_successful: boolean;
  duration: string | null;
  login_method: string | null;
  event?: string;
}

const readers = new WeakMap<SessionClient, Caller>();

describeEachDatabase('authentication log', (t) => {
  const reader = async (client: SessionClient): Promise<Caller> => {
    let caller = readers.get(client);
    if (!caller) {
      const created = await client.request('POST', '/oauth/personal-access-tokens', { name: 'log reader' });
      const token = created.json<{ accessToken: string }>().accessToken;
      caller = bearerCaller(t, () => token);
      readers.set(client, caller);
    }
    return caller;
  };
  const signIn = (client: SessionClient, password = john.password, userAgent = FIREFOX) =>
    client.request('POST', '/user/login', { email: john.email, password }, { 'user-agent': userAgent });
  /** Reads through a personal access token: moving the clock would end a session (418). */
  const log = async (client: SessionClient, query = '') => {
    const response = await (await reader(client))('GET', `/api/v1/users/1/authentications${query}`);
    expect(response.statusCode).toBe(200);
    return response.json<Row[]>();
  };

  it('logs a password sign-in with the parsed user agent, and closes it on sign-out', async () => {
    const owner = await registerWithSession(t);
    await reader(owner);
    const client = new SessionClient(t);
    t.clock.set(Date.UTC(2023, 10, 15, 9, 5));
    expect((await signIn(client, john.password, IPHONE)).statusCode).toBe(200);
    t.clock.advance(300);
    expect((await client.request('GET', '/user/logout')).statusCode).toBe(200);
    const [latest] = await log(owner);
    expect(latest).toEqual({
      id: expect.any(Number),
      ip_address: '127.0.0.1',
      user_agent: IPHONE,
      browser: 'Safari',
      platform: 'iOS',
      device: 'phone',
      login_at: 'Wed, Nov 15, 2023 9:05 AM',
      logout_at: 'Wed, Nov 15, 2023 9:10 AM',
      login_successful: true,
      duration: '5 minutes',
      login_method: 'password',
    });
  });

  it('shows times in the timezone preference', async () => {
    const owner = await registerWithSession(t);
    await owner.request('PUT', '/api/v1/user/preferences/timezone', { value: 'Europe/Paris' });
    await reader(owner);
    t.clock.set(Date.UTC(2023, 10, 15, 23, 30));
    await signIn(new SessionClient(t));
    expect((await log(owner))[0]!.login_at).toBe('Thu, Nov 16, 2023 12:30 AM');
  });

  it('logs failed sign-ins of the user and the lockout, never the password', async () => {
    const owner = await registerWithSession(t);
    const attacker = new SessionClient(t);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await signIn(attacker, 'wrong password 123')).statusCode).toBe(401);
    }
    // Locked: refused without a new row.
    expect((await signIn(attacker, 'wrong password 123')).statusCode).toBe(429);
    // Another e-mail is nobody's log.
    await attacker.request('POST', '/user/login', { email: 'someone@example.com', password: 'whatever1' });
    const rows = await log(owner, '?withEvent=1');
    const events = rows.map((row) => row.event);
    expect(events.filter((event) => event === 'failed')).toHaveLength(5);
    expect(events.filter((event) => event === 'lockout')).toHaveLength(1);
    expect(rows.find((row) => row.event === 'failed')).toMatchObject({
      login_successful: false,
      login_method: 'password',
      browser: 'Firefox',
      platform: 'Windows',
      device: 'desktop',
    });
    // Newest first.
    expect(rows[0]!.event).toBe('lockout');
    expect(JSON.stringify(rows)).not.toContain('wrong password');
    expect(t.logs.join('\n')).not.toContain('wrong password');
  });

  it('logs security-device sign-ins and failures, and a recovery', async () => {
    const owner = await registerWithSession(t);
    const key = new SoftAuthenticator();
    const creation = (await owner.request('POST', '/webauthn/register/options')).json<CreationOptionsJson>();
    expect((await owner.request('POST', '/webauthn/register', key.create(creation))).statusCode).toBe(204);

    const client = new SessionClient(t);
    const options = (await client.request('POST', '/webauthn/login/options', {})).json<RequestOptionsJson>();
    expect((await client.request('POST', '/webauthn/login', key.get(options))).statusCode).toBe(200);
    const other = new SessionClient(t);
    const otherOptions = (
      await other.request('POST', '/webauthn/login/options', {})
    ).json<RequestOptionsJson>();
    const assertion = key.get(otherOptions) as { response: { signature: string } };
    assertion.response.signature = Buffer.from('forged').toString('base64url');
    expect((await other.request('POST', '/webauthn/login', assertion)).statusCode).toBe(401);

    await new SessionClient(t).request('POST', '/webauthn/lost', { email: john.email });
    const text = t.mailbox.messages.at(-1)?.text ?? '';
    const token = new URL(/https?:\/\/\S+/.exec(text)![0]).searchParams.get('token')!;
    const recovering = new SessionClient(t);
    const recoverOptions = await recovering.request('POST', '/webauthn/recover/options', {
      email: john.email,
      token,
    });
    const spare = new SoftAuthenticator();
    const recovered = await recovering.request(
      'POST',
      '/webauthn/recover',
      spare.create(recoverOptions.json<CreationOptionsJson>()),
      { email: john.email, token, unique: 'false' },
    );
    expect(recovered.statusCode).toBe(200);

    const rows = (await log(owner, '?withEvent=1')).reverse();
    expect(rows.map((row) => [row.event, row.login_method, row.login_successful])).toEqual([
      ['login', 'password', true], // the registration signs in
      ['login', 'webauthn', true],
      ['failed', 'webauthn', false],
      ['login', 'recovery', true],
    ]);
  });

  it('logs a password reset that signs in', async () => {
    await registerWithSession(t);
    await new SessionClient(t).request('POST', '/user/password/lost', { email: john.email });
    const text = t.mailbox.messages.at(-1)?.text ?? '';
    const token = new URL(/https?:\/\/\S+/.exec(text)![0]).searchParams.get('token')!;
    const client = new SessionClient(t);
    const reset = await client.request('POST', '/user/password/reset', {
      token,
      email: john.email,
      password: 'another good password',
      password_confirmation: 'another good password',
    });
    expect(reset.statusCode).toBe(200);
    expect((await log(client, '?withEvent=1'))[0]).toMatchObject({ event: 'login', login_method: 'reset' });
  });

  it('filters by period (months) and limit, and purges rows past the retention', async () => {
    const owner = await registerWithSession(t); // one row at the start
    await reader(owner);
    t.clock.advance(62 * 24 * 3600);
    await signIn(new SessionClient(t));
    await signIn(new SessionClient(t));
    expect(await log(owner)).toHaveLength(3);
    expect(await log(owner, '?period=1')).toHaveLength(2);
    expect(await log(owner, '?period=3')).toHaveLength(3);
    expect(await log(owner, '?limit=1')).toHaveLength(1);
    expect(await log(owner, '?period=1&limit=5')).toHaveLength(2);

    // The token expires within the year: the table is counted directly.
    const count = async () => (await t.db.selectFrom('auth_log').select('id').execute()).length;
    t.clock.advance(365 * 24 * 3600 - 30 * 24 * 3600);
    await purgeExpiredLogs(t.app.deps);
    expect(await count()).toBe(2);
    t.clock.advance(60 * 24 * 3600);
    await purgeExpiredLogs(t.app.deps);
    expect(await count()).toBe(0);
  });

  it.each(['period', 'limit'])('refuses a %s that is not a number (422 on the field)', async (field) => {
    const owner = await registerWithSession(t);
    const expected = { [field]: [`The ${field} field must be a number.`] };
    const read = await reader(owner);
    for (const query of [
      `${field}=`,
      `${field}`,
      `${field}=null`,
      `${field}=true`,
      `${field}=abc`,
      `${field}[]=1`,
    ]) {
      const response = await read('GET', `/api/v1/users/1/authentications?${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(response.json().errors, query).toEqual(expected);
    }
  });

  it('refuses a period or limit out of bounds or not whole, naming the field (never a 500)', async () => {
    const owner = await registerWithSession(t);
    const read = await reader(owner);
    const cases: [string, Record<string, string[]>][] = [
      ['period=2147483648', { period: ['The period field must be between 1 and 1200.'] }],
      ['period=1e309', { period: ['The period field must be an integer.'] }],
      ['period=-1', { period: ['The period field must be between 1 and 1200.'] }],
      ['period=0', { period: ['The period field must be between 1 and 1200.'] }],
      ['period=1.5', { period: ['The period field must be an integer.'] }],
      ['period=1201', { period: ['The period field must be between 1 and 1200.'] }],
      ['limit=1e309', { limit: ['The limit field must be an integer.'] }],
      ['limit=-1e309', { limit: ['The limit field must be an integer.'] }],
      ['limit=2.5', { limit: ['The limit field must be an integer.'] }],
      ['limit=9007199254740993', { limit: ['The limit field must be an integer.'] }],
      ['limit=100001', { limit: ['The limit field must be between -100000 and 100000.'] }],
      [
        'period=99999999999&limit=-100001',
        {
          period: ['The period field must be between 1 and 1200.'],
          limit: ['The limit field must be between -100000 and 100000.'],
        },
      ],
    ];
    for (const [query, expected] of cases) {
      const response = await read('GET', `/api/v1/users/1/authentications?${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(response.json().errors, query).toEqual(expected);
    }
    for (const query of ['period=1200', 'period=1', 'limit=100000', 'limit=-100000', 'limit=0', 'limit=-1']) {
      expect((await read('GET', `/api/v1/users/1/authentications?${query}`)).statusCode, query).toBe(200);
    }
  });

  it('answers 404 for another user id', async () => {
    const owner = await registerWithSession(t);
    for (const id of ['2', '0', 'abc']) {
      const response = await owner.request('GET', `/api/v1/users/${id}/authentications`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'not found' });
    }
  });
});

describeEachDatabase(
  'authentication log: reverse-proxy sign-ins',
  (t) => {
    it('logs a proxy visit once per user, address and browser (not every request)', async () => {
      const { createUserWithToken } = await import('../test/auth-helpers.js');
      await createUserWithToken(t.db);
      const visit = () =>
        t.app.inject({
          method: 'GET',
          url: '/api/v1/user',
          headers: { 'remote-user': 'alice', 'user-agent': FIREFOX },
        });
      expect((await visit()).statusCode).toBe(200);
      expect((await visit()).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const rows = await t.db
        .selectFrom('auth_log')
        .select(['event', 'login_method', 'user_agent'])
        .execute();
      expect(rows).toEqual([{ event: 'login', login_method: 'proxy', user_agent: FIREFOX }]);
    });
  },
  { env: { AUTHENTICATION_GUARD: 'reverse-proxy-guard', TRUSTED_PROXIES: '127.0.0.1' } },
);
