import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { fixtures as F } from '../accounts/fixtures.js';
import { describeEachDatabase, type TestContext } from '../test/harness.js';
import { SessionClient, bearerCaller, multipart, registerWithSession } from '../test/auth-helpers.js';

/*
 * The CSRF matrix, run in both modes that authenticate by something the browser sends on its own:
 * the session cookie (normal mode) and the proxy's identity header (the SSO proxy adds it to any
 * request its own cookie lets through, a cross-site form post included).
 */

type Send = (
  method: InjectOptions['method'],
  url: string,
  payload?: InjectOptions['payload'],
  headers?: Record<string, string>,
  options?: { csrf?: boolean },
) => Promise<LightMyRequestResponse>;

const MISMATCH = { status: 419, body: { message: 'CSRF token mismatch.' } };
const answer = (response: LightMyRequestResponse) => ({ status: response.statusCode, body: response.json() });
const formEncoded = (fields: Record<string, string>) => ({
  payload: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

async function csrfMatrix(t: TestContext, client: SessionClient, identity = {}): Promise<void> {
  const send: Send = (method, url, payload, headers = {}, options) =>
    client.request(method, url, payload, { ...identity, ...headers }, options);
  // The accounts not in the trash (a DELETE moves them there).
  const accountIds = async () =>
    (
      await t.db
        .selectFrom('twofaccounts')
        .select('id')
        .where('trashed_at', 'is', null)
        .orderBy('id')
        .execute()
    ).map((row) => row.id);
  expect((await send('PUT', '/api/v1/settings/getOfficialIcons', { value: false })).statusCode).toBe(200);
  expect((await send('POST', '/api/v1/twofaccounts', { uri: F.HOTP_SHORT_URI })).statusCode).toBe(201);
  expect((await send('POST', '/api/v1/twofaccounts', { uri: F.TOTP_SHORT_URI })).statusCode).toBe(201);
  const [hotp, totp] = await accountIds();

  // Without the token, or with a wrong one: 419, and nothing is stored, changed or deleted.
  const form = formEncoded({ uri: F.TOTP_SHORT_URI });
  const parts = multipart([{ name: 'uri', value: F.TOTP_SHORT_URI }]);
  const setting = formEncoded({ value: '1' });
  const tokens: Record<string, string>[] = [{}, { 'x-xsrf-token': 'wrong' }, { 'x-csrf-token': 'wrong' }];
  for (const headers of tokens) {
    const refused: [InjectOptions['method'], string, InjectOptions['payload'], Record<string, string>][] = [
      ['POST', '/api/v1/twofaccounts', { uri: F.TOTP_SHORT_URI }, {}],
      ['POST', '/api/v1/twofaccounts', form.payload, form.headers],
      ['POST', '/api/v1/twofaccounts', parts.payload, parts.headers],
      ['PUT', '/api/v1/settings/showOtpAsDot', setting.payload, setting.headers],
      ['PUT', '/api/v1/settings/showOtpAsDot', { value: true }, {}],
      ['PATCH', `/api/v1/twofaccounts/withdraw?ids=${hotp},${totp}`, undefined, {}],
      ['DELETE', `/api/v1/twofaccounts?ids=${hotp},${totp}`, undefined, {}],
      ['DELETE', `/api/v1/twofaccounts/${totp}`, undefined, {}],
      ['POST', '/api/v1/groups', formEncoded({ name: 'Work' }).payload, formEncoded({}).headers],
      // A HOTP code spends the counter: its GET needs the token like an unsafe method.
      ['GET', `/api/v1/twofaccounts/${hotp}/otp`, undefined, {}],
    ];
    for (const [method, url, payload, extra] of refused) {
      const response = await send(method, url, payload, { ...extra, ...headers }, { csrf: false });
      expect(answer(response), `${method} ${url} ${JSON.stringify(extra)}`).toEqual(MISMATCH);
    }
  }
  expect(await accountIds()).toEqual([hotp, totp]);
  expect(await t.db.selectFrom('groups').select('id').execute()).toEqual([]);
  const readSetting = await send('GET', '/api/v1/settings/showOtpAsDot', undefined, {}, { csrf: false });
  expect(readSetting.json()).toEqual({ key: 'showOtpAsDot', value: false });
  // Safe methods need no token.
  const account = await send('GET', `/api/v1/twofaccounts/${hotp}`, undefined, {}, { csrf: false });
  expect(account.json()).toMatchObject({ counter: 0 });
  expect((await send('GET', '/api/v1/twofaccounts', undefined, {}, { csrf: false })).statusCode).toBe(200);
  expect(
    (await send('HEAD', `/api/v1/twofaccounts/${hotp}/otp`, undefined, {}, { csrf: false })).statusCode,
  ).toBe(200);

  // With the token: accepted, form-encoded and multipart bodies included.
  expect((await send('POST', '/api/v1/twofaccounts', form.payload, form.headers)).statusCode).toBe(201);
  expect((await send('POST', '/api/v1/twofaccounts', parts.payload, parts.headers)).statusCode).toBe(201);
  expect(answer(await send('PUT', '/api/v1/settings/showOtpAsDot', { value: true }))).toEqual({
    status: 200,
    body: { key: 'showOtpAsDot', value: true },
  });
  const code = await send('GET', `/api/v1/twofaccounts/${hotp}/otp`, undefined, {
    'x-xsrf-token': client.csrfToken!,
  });
  expect(code.json()).toMatchObject({ counter: 1 });
  expect((await send('DELETE', `/api/v1/twofaccounts?ids=${hotp},${totp}`)).statusCode).toBe(204);
  expect(await accountIds()).toHaveLength(2);
}

describeEachDatabase('CSRF of the session cookie (normal mode)', (t) => {
  it('unsafe requests need the token (JSON, form and multipart bodies); safe ones do not', async () => {
    const client = await registerWithSession(t);
    await csrfMatrix(t, client);
  });

  it('Bearer clients never need it', async () => {
    const client = await registerWithSession(t);
    const created = await client.request('POST', '/oauth/personal-access-tokens', { name: 'cli' });
    const bearer = bearerCaller(t, () => created.json().accessToken as string);
    await client.request('PUT', '/api/v1/settings/getOfficialIcons', { value: false });
    const form = formEncoded({ uri: F.TOTP_SHORT_URI });
    expect((await bearer('POST', '/api/v1/twofaccounts', form.payload, form.headers)).statusCode).toBe(201);
    expect((await bearer('PUT', '/api/v1/settings/showOtpAsDot', { value: true })).statusCode).toBe(200);
    expect((await bearer('DELETE', '/api/v1/twofaccounts?ids=1')).statusCode).toBe(204);
  });
});

describeEachDatabase(
  'CSRF of the proxy identity header (reverse-proxy mode)',
  (t) => {
    it('unsafe requests need the token (JSON, form and multipart bodies); safe ones do not', async () => {
      await csrfMatrix(t, new SessionClient(t), { 'remote-user': 'alice' });
    });

    it('an Authorization header does not stand in for the token (browsers send Basic credentials by themselves)', async () => {
      const client = new SessionClient(t);
      for (const authorization of ['Bearer abcdef', 'Basic YWxpY2U6c2VjcmV0']) {
        const response = await client.request(
          'POST',
          '/api/v1/groups',
          { name: 'Work' },
          { 'remote-user': 'alice', authorization },
          { csrf: false },
        );
        expect(answer(response)).toEqual(MISMATCH);
      }
      expect(await t.db.selectFrom('groups').select('id').execute()).toEqual([]);
    });

    it('gives the web app its CSRF cookie with every page, as in the normal mode', async () => {
      const page = await t.app.inject({
        method: 'GET',
        url: '/accounts',
        headers: { 'remote-user': 'alice' },
      });
      const client = new SessionClient(t);
      client.absorb(page);
      expect(client.csrfToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const created = await client.request(
        'POST',
        '/api/v1/groups',
        { name: 'Work' },
        { 'remote-user': 'alice' },
      );
      expect(created.statusCode).toBe(201);
    });
  },
  {
    env: {
      AUTHENTICATION_GUARD: 'reverse-proxy-guard',
      TRUSTED_PROXIES: '127.0.0.1',
    },
  },
);
