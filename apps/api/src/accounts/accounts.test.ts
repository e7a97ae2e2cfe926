import { beforeEach, expect, it } from 'vitest';
import { bearerCaller, createUserWithToken, switchEncryption } from '../test/auth-helpers.js';
import { describeEachDatabase } from '../test/harness.js';
import { fixtures as F } from './fixtures.js';

const err = (errors: Record<string, string[]>) => {
  const all = Object.values(errors).flat();
  const more = all.length - 1;
  const suffix = more === 0 ? '' : more === 1 ? ' (and 1 more error)' : ` (and ${more} more errors)`;
  return { message: `${all[0]}${suffix}`, errors };
};

const totp = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  group_id: null,
  otp_type: 'totp',
  account: 'account',
  service: null,
  icon: null,
  secret: 'A4GRFHVVRBGY7UIW',
  digits: 6,
  algorithm: 'sha1',
  period: 30,
  counter: null,
  ...extra,
});

describeEachDatabase('accounts', (t) => {
  let token = '';
  const call = bearerCaller(t, () => token);
  const create = async (body: Record<string, unknown>) => {
    const response = await call('POST', '/api/v1/twofaccounts', body);
    expect(response.statusCode).toBe(201);
    return response.json<{ id: number }>();
  };
  const minimal = (account = 'account', extra: Record<string, unknown> = {}) =>
    create({ account, otp_type: 'totp', secret: F.SECRET, ...extra });
  beforeEach(async () => {
    token = await createUserWithToken(t.db);
    await call('PUT', '/api/v1/settings/getOfficialIcons', { value: false });
  });

  it('needs credentials', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/twofaccounts',
      headers: { authorization: 'Bearer wrong' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('lists in the manual order, with the ids, withSecret and withOtp rules', async () => {
    await minimal('a');
    await minimal('b');
    await minimal('c');
    expect((await call('GET', '/api/v1/twofaccounts')).json()).toEqual(
      ['a', 'b', 'c'].map((account, i) => {
        const { secret: _secret, ...rest } = totp(i + 1, { account });
        return rest;
      }),
    );
    const withSecret = await call('GET', '/api/v1/twofaccounts?withSecret=1&ids=3,1,99,99999999999');
    expect(withSecret.json()).toEqual([totp(1, { account: 'a' }), totp(3, { account: 'c' })]);
    const falsy = await call('GET', '/api/v1/twofaccounts?withSecret=no');
    expect(falsy.json<Record<string, unknown>[]>()[0]).not.toHaveProperty('secret');
    const withOtp = await call('GET', '/api/v1/twofaccounts?withOtp=0&ids=2');
    expect(withOtp.json()).toEqual([
      {
        ...(({ secret: _s, ...rest }) => rest)(totp(2, { account: 'b' })),
        otp: { password: '504487', generated_at: 1700000000, next_password: '392673' },
      },
    ]);
    expect((await call('GET', '/api/v1/twofaccounts?ids=')).json()).toEqual(
      err({ ids: ['The ids field is required.'] }),
    );
    expect((await call('GET', '/api/v1/twofaccounts?ids=1,,2')).json()).toEqual(
      err({ ids: ['IDs must be comma separated, without trailing comma.'] }),
    );
    expect(
      (
        await call(
          'GET',
          `/api/v1/twofaccounts?ids=${Array.from({ length: 150 }, (_, i) => i + 1).join(',')}`,
        )
      ).statusCode,
    ).toBe(200);
  });

  it('lists what the database holds, whoever changed it (the in-memory list follows its version)', async () => {
    await minimal('a');
    await minimal('b');
    const accounts = async () =>
      (await call('GET', '/api/v1/twofaccounts')).json<{ account: string }[]>().map((a) => a.account);
    expect(await accounts()).toEqual(['a', 'b']);
    expect(await accounts()).toEqual(['a', 'b']);
    await t.db.updateTable('twofaccounts').set({ account: 'changed' }).where('id', '=', 2).execute();
    expect(await accounts()).toEqual(['a', 'changed']);
    await t.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('twofaccounts').where('id', '=', 1).execute();
      await trx.updateTable('twofaccounts').set({ account: 'again' }).where('id', '=', 2).execute();
    });
    expect(await accounts()).toEqual(['again']);
    await t.db.updateTable('twofaccounts').set({ counter: 7, otp_type: 'hotp', period: null }).execute();
    expect((await call('GET', '/api/v1/twofaccounts')).json()).toMatchObject([
      { otp_type: 'hotp', counter: 7 },
    ]);
    await switchEncryption(t, true);
    expect(await accounts()).toEqual(['again']);
    await t.db.updateTable('twofaccounts').set({ account: 'v1:garbage' }).execute();
    expect(await accounts()).toEqual(['*indecipherable*']);
  });

  it('shows one account; secret unless withSecret is falsy; 404 for unknown or non-numeric ids', async () => {
    await minimal();
    expect((await call('GET', '/api/v1/twofaccounts/1')).json()).toEqual(totp(1));
    expect((await call('GET', '/api/v1/twofaccounts/1?withSecret=0')).json()).not.toHaveProperty('secret');
    expect((await call('GET', '/api/v1/twofaccounts/1?withSecret=1&withOtp')).json()).toEqual(
      totp(1, { otp: { password: '504487', generated_at: 1700000000, next_password: '392673' } }),
    );
    for (const id of ['2', 'abc', '0', '-1', '99999999999', '1.5']) {
      const response = await call('GET', `/api/v1/twofaccounts/${id}`);
      expect({ id, status: response.statusCode, body: response.json() }).toEqual({
        id,
        status: 404,
        body: { message: 'not found' },
      });
    }
    expect(
      (await call('POST', '/api/v1/twofaccounts?withSecret=0', { account: 'x', otp_type: 'totp' })).json(),
    ).not.toHaveProperty('secret');
  });

  it('creates a random secret when none is given', async () => {
    const created = await create({ account: 'x', otp_type: 'hotp', secret: null });
    expect(created).toMatchObject({ otp_type: 'hotp', counter: 0, period: null });
    expect((created as unknown as { secret: string }).secret).toMatch(/^[A-Z2-7]{32}$/);
  });

  it('validates every parameter of the create form', async () => {
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{}, { account: ['The account field is required.'], otp_type: ['The otp type field is required.'] }],
      [
        { service: 'a:b', account: 12, otp_type: 'TOTP', secret: 12 },
        {
          service: ['The service field must not contain colon.'],
          account: ['The account field must be a string.'],
          secret: ['The secret field must be a string.'],
        },
      ],
      [
        { account: 'x'.repeat(256), otp_type: null, service: 's'.repeat(256) },
        {
          service: ['The service field must not be greater than 255 characters.'],
          account: ['The account field must not be greater than 255 characters.'],
          otp_type: ['The otp type field is required.'],
        },
      ],
      [
        {
          account: 'a',
          otp_type: 'totp',
          icon: '../x.png',
          group_id: -1,
          digits: 4,
          algorithm: 'shaX',
          period: 0,
          counter: -1,
        },
        {
          icon: ['The icon field format is invalid.'],
          group_id: ['The group id field must be at least 0.'],
          digits: ['The digits field must be between 5 and 10.'],
          algorithm: ['The selected algorithm is invalid.'],
          period: ['The period field must be at least 1.'],
          counter: ['The counter field must be at least 0.'],
        },
      ],
      [
        {
          account: 'a',
          otp_type: 'totp',
          group_id: 'x',
          digits: 11,
          period: 7.5,
          counter: '7a',
          secret: 'AB=CD',
        },
        {
          group_id: ['The group id field must be an integer.'],
          secret: ['The secret field must be a base32 encoded string.'],
          digits: ['The digits field must be between 5 and 10.'],
          period: ['The period field must be an integer.'],
          counter: ['The counter field must be an integer.'],
        },
      ],
      [{ account: 'a', otp_type: 'totp', group_id: 5 }, { group_id: ['The selected group id is invalid.'] }],
      [{ account: 'a', otp_type: 'totp', icon: '.hidden' }, { icon: ['The icon field format is invalid.'] }],
      [
        { account: 'a', otp_type: 'totp', counter: 9007199254740992 },
        { counter: ['The counter field must be an integer.'] },
      ],
    ];
    for (const [body, errors] of cases) {
      const response = await call('POST', '/api/v1/twofaccounts', body);
      expect({ body, status: response.statusCode, json: response.json() }).toEqual({
        body,
        status: 422,
        json: err(errors),
      });
    }
    const valid = await create({ account: 'MyAccount', otp_type: 'totp', algorithm: 'MD5', secret: 'eee' });
    expect(valid).toMatchObject({ algorithm: 'md5', secret: 'EEE=====' });
  });

  it('validates the URI form and names the failing parameter', async () => {
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ uri: null }, { uri: ['The uri field is required.'] }],
      [{ uri: '' }, { uri: ['The uri field is required.'] }],
      [{ uri: true }, { uri: ['The uri field must be a string.'] }],
      [{ uri: 8 }, { uri: ['The uri field must be a string.'] }],
      [
        { uri: 'otpXauth://totp/test@test.com?secret=A4GRFHZVRBGY7UIW' },
        { uri: ['The uri field is not a valid otpauth uri.'] },
      ],
      [
        { uri: 'otpauth://yaotp/a?secret=A4GRFHZVRBGY7UIW' },
        { uri: ['The uri field is not a valid otpauth uri.'] },
      ],
      [
        { uri: F.TOTP_SHORT_URI, custom_otp: 'notSteam' },
        { custom_otp: ['The selected custom otp is invalid.'] },
      ],
      [{ uri: F.TOTP_SHORT_URI, custom_otp: true }, { custom_otp: ['The selected custom otp is invalid.'] }],
      [
        { uri: 'otpauth://totp/account?secret=1.0' },
        { secret: ['The secret field must be a base32 encoded string.'] },
      ],
      [{ uri: 'otpauth://totp/account' }, { secret: ['The secret field is required.'] }],
      [
        { uri: 'otpauth://totp/account?secret=A4GRFHVVRBGY7UIW&digits=4&period=0&algorithm=shaX' },
        {
          algorithm: ['The selected algorithm is invalid.'],
          digits: ['The digits field must be between 5 and 10.'],
          period: ['The period field must be at least 1.'],
        },
      ],
      [
        { uri: 'otpauth://hotp/account?secret=A4GRFHVVRBGY7UIW&counter=-1' },
        { counter: ['The counter field must be at least 0.'] },
      ],
      [
        { uri: 'otpauth://hotp/account?secret=A4GRFHVVRBGY7UIW&counter=1x' },
        { counter: ['The counter field must be an integer.'] },
      ],
      [
        { uri: 'otpauth://totp/a%ZZ?secret=A4GRFHVVRBGY7UIW' },
        { uri: ['The uri field is not a valid otpauth uri.'] },
      ],
      [
        { uri: 'otpauth://totp/ACME:Prod:alice?secret=A4GRFHVVRBGY7UIW' },
        { account: ['The account field must not contain colon.'] },
      ],
      [{ uri: F.TOTP_SHORT_URI, group_id: 4 }, { group_id: ['The selected group id is invalid.'] }],
    ];
    for (const [body, errors] of cases) {
      const response = await call('POST', '/api/v1/twofaccounts', body);
      expect({ body, json: response.json() }).toEqual({ body, json: err(errors) });
    }
    const steam = await create({
      uri: F.TOTP_SHORT_URI,
      custom_otp: 'SteamTOTP',
      group_id: 0,
      service: 'ignored',
    });
    expect(steam).toEqual({
      ...totp(1, { otp_type: 'steamtotp', service: 'Steam', digits: 5 }),
      secret: 'A4GRFHVVRBGY7UIW',
    });
    const stored = await t.db.selectFrom('twofaccounts').select('uri').executeTakeFirstOrThrow();
    expect(stored.uri).toBe(F.TOTP_SHORT_URI);
    // otpauth://steam/, as Aegis writes Steam accounts (a Twofold addition: 2FAuth refuses the type).
    const aegisSteam = 'OTPAUTH://Steam/Valve:gabe?secret=A4GRFHVVRBGY7UIW&issuer=Valve&digits=5';
    const preview = await call('POST', '/api/v1/twofaccounts/preview', { uri: aegisSteam });
    expect([preview.statusCode, preview.json()]).toMatchObject([
      200,
      { otp_type: 'steamtotp', service: 'Steam', account: 'gabe', digits: 5, secret: 'A4GRFHVVRBGY7UIW' },
    ]);
    expect(await create({ uri: aegisSteam })).toMatchObject({ otp_type: 'steamtotp', service: 'Steam' });
  });

  it('puts new accounts in the default group, the active group or none', async () => {
    await call('POST', '/api/v1/groups', { name: 'One' });
    await call('POST', '/api/v1/groups', { name: 'Two' });
    expect(await minimal('a')).toMatchObject({ group_id: null });
    await call('PUT', '/api/v1/settings/defaultGroup', { value: 1 });
    expect(await minimal('b')).toMatchObject({ group_id: 1 });
    expect(await minimal('c', { group_id: 0 })).toMatchObject({ group_id: null });
    expect(await create({ uri: F.TOTP_SHORT_URI, group_id: 0 })).toMatchObject({ group_id: 1 });
    expect(await minimal('d', { group_id: 2 })).toMatchObject({ group_id: 2 });
    await call('PUT', '/api/v1/settings/defaultGroup', { value: -1 });
    expect(await minimal('e')).toMatchObject({ group_id: null });
    await call('PUT', '/api/v1/settings/activeGroup', { value: 2 });
    expect(await minimal('f', { group_id: null })).toMatchObject({ group_id: 2 });
  });

  it('updates: present/required rules, kept period and counter, type change defaults, group rules', async () => {
    await call('POST', '/api/v1/groups', { name: 'One' });
    await create({ ...F.FULL_CUSTOM_HOTP_PARAMS, group_id: 1 });
    const missing = await call('PUT', '/api/v1/twofaccounts/1', {});
    expect(missing.json()).toEqual(
      err({
        service: ['The service field must be present.'],
        account: ['The account field is required.'],
        icon: ['The icon field must be present.'],
        otp_type: ['The otp type field is required.'],
        secret: ['The secret field is required.'],
        digits: ['The digits field is required.'],
        algorithm: ['The algorithm field is required.'],
      }),
    );
    const base = {
      service: 'service',
      account: 'renamed',
      icon: null,
      otp_type: 'hotp',
      secret: 'a4grfhvvrbgy7uiw',
      digits: 8,
      algorithm: 'SHA1',
    };
    expect((await call('PUT', '/api/v1/twofaccounts/1', base)).json()).toEqual({
      id: 1,
      group_id: 1,
      otp_type: 'hotp',
      account: 'renamed',
      service: 'service',
      icon: null,
      secret: 'A4GRFHVVRBGY7UIW',
      digits: 8,
      algorithm: 'sha1',
      period: null,
      counter: 5,
    });
    expect(
      (await call('PUT', '/api/v1/twofaccounts/1', { ...base, counter: null, group_id: 0 })).json(),
    ).toMatchObject({
      counter: 0,
      group_id: null,
    });
    expect(
      (await call('PUT', '/api/v1/twofaccounts/1', { ...base, otp_type: 'totp', group_id: 1 })).json(),
    ).toMatchObject({
      otp_type: 'totp',
      period: 30,
      counter: null,
      group_id: 1,
    });
    expect(
      (await call('PUT', '/api/v1/twofaccounts/1', { ...base, otp_type: 'totp', period: 60 })).json(),
    ).toMatchObject({ period: 60 });
    expect((await call('PUT', '/api/v1/twofaccounts/1', { ...base, otp_type: 'totp' })).json()).toMatchObject(
      { period: 60, group_id: 1 },
    );
    expect((await call('PUT', '/api/v1/twofaccounts/1', { ...base, otp_type: 'hotp' })).json()).toMatchObject(
      { counter: 0, period: null },
    );
    expect((await call('PUT', '/api/v1/twofaccounts/1', { ...base, service: 'STEAM' })).json()).toMatchObject(
      {
        otp_type: 'steamtotp',
        service: 'Steam',
        digits: 5,
      },
    );
    expect((await call('PUT', '/api/v1/twofaccounts/1', { ...base, group_id: 7 })).json()).toEqual(
      err({ group_id: ['The selected group id is invalid.'] }),
    );
    expect((await call('PUT', '/api/v1/twofaccounts/2', base)).json()).toEqual({ message: 'not found' });
    expect((await call('PUT', '/api/v1/twofaccounts/2', {})).statusCode).toBe(404);
    expect((await call('PUT', '/api/v1/twofaccounts/1', { ...base, uri: F.TOTP_SHORT_URI })).statusCode).toBe(
      200,
    );
  });

  it('deletes one (404 when unknown), several, withdraws from groups', async () => {
    for (const name of ['a', 'b', 'c', 'd']) await minimal(name);
    await call('POST', '/api/v1/groups', { name: 'G' });
    await call('POST', '/api/v1/groups/1/assign', { ids: [1, 2, 3] });
    expect((await call('DELETE', '/api/v1/twofaccounts/1')).statusCode).toBe(204);
    expect((await call('DELETE', '/api/v1/twofaccounts/1')).json()).toEqual({ message: 'not found' });
    const withdraw = await call('PATCH', '/api/v1/twofaccounts/withdraw?ids=2,77', { some: 'options' });
    expect(withdraw.json()).toEqual({ message: 'accounts withdrawn' });
    expect((await call('GET', '/api/v1/groups/1')).json()).toMatchObject({ twofaccounts_count: 1 });
    expect((await call('PATCH', '/api/v1/twofaccounts/withdraw')).json()).toEqual(
      err({ ids: ['The ids field is required.'] }),
    );
    const hundred = Array.from({ length: 100 }, (_, i) => i + 1).join(',');
    expect((await call('PATCH', `/api/v1/twofaccounts/withdraw?ids=${hundred}`)).statusCode).toBe(200);
    expect((await call('DELETE', '/api/v1/twofaccounts')).json()).toEqual(
      err({ ids: ['The ids field is required.'] }),
    );
    expect((await call('DELETE', `/api/v1/twofaccounts?ids=${hundred}`)).statusCode).toBe(204);
    expect((await call('GET', '/api/v1/twofaccounts/count')).json()).toEqual({
      count: 0,
      owned: 0,
      shared: 0,
      total: 0,
    });
  });

  it('accepts form-encoded bodies (strings coerced as JSON values) and empty JSON bodies', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const created = await call(
      'POST',
      '/api/v1/twofaccounts',
      'account=a&otp_type=HOTP&digits=7&counter=5&secret=eeee&service=&group_id=',
      form,
    );
    expect({ status: created.statusCode, body: created.json() }).toEqual({
      status: 201,
      body: totp(1, {
        account: 'a',
        otp_type: 'hotp',
        secret: 'EEEE====',
        digits: 7,
        period: null,
        counter: 5,
      }),
    });
    const updated = await call(
      'PUT',
      '/api/v1/twofaccounts/1',
      'service=&icon=&account=b&otp_type=hotp&secret=eeee&digits=7a&algorithm=sha1',
      form,
    );
    expect(updated.json()).toEqual(err({ digits: ['The digits field must be an integer.'] }));
    const fromUri = await call(
      'POST',
      '/api/v1/twofaccounts',
      `uri=${encodeURIComponent(F.STEAM_TOTP_URI)}`,
      form,
    );
    expect(fromUri.json()).toMatchObject({ id: 2, otp_type: 'steamtotp', service: 'Steam', digits: 5 });
    // The browser extension sends `Content-Type: application/json` with no body on every request.
    const json = { 'content-type': 'application/json' };
    expect((await call('PATCH', '/api/v1/twofaccounts/withdraw?ids=1', '', json)).json()).toEqual({
      message: 'accounts withdrawn',
    });
    expect((await call('DELETE', '/api/v1/twofaccounts/2', '', json)).statusCode).toBe(204);
    expect((await call('POST', '/api/v1/twofaccounts', '', json)).json()).toEqual(
      err({ account: ['The account field is required.'], otp_type: ['The otp type field is required.'] }),
    );
  });

  it('reorders accounts by slots and keeps the order', async () => {
    for (const name of ['a', 'b', 'c', 'd', 'e']) await minimal(name);
    expect(
      (await call('POST', '/api/v1/twofaccounts/reorder', { orderedIds: [5, 4, 3, 2, 1] })).json(),
    ).toEqual({
      message: 'order saved',
      orderedIds: [5, 4, 3, 2, 1],
    });
    // A filtered view (accounts 4 and 2) only permutes them among the slots they hold.
    expect((await call('POST', '/api/v1/twofaccounts/reorder', { orderedIds: [2, 4, 42] })).json()).toEqual({
      message: 'order saved',
      orderedIds: [5, 2, 3, 4, 1],
    });
    await minimal('f');
    const order = (await call('GET', '/api/v1/twofaccounts')).json<{ id: number }[]>().map((a) => a.id);
    expect(order).toEqual([5, 2, 3, 4, 1, 6]);
    expect((await call('POST', '/api/v1/twofaccounts/reorder', { orderedIds: [1, '1'] })).json()).toEqual(
      err({ 'orderedIds.1': ['The ordered ids.1 field has a duplicate value.'] }),
    );
    expect((await call('POST', '/api/v1/twofaccounts/reorder', { orderedIds: [] })).json()).toEqual(
      err({ orderedIds: ['The ordered ids field is required.'] }),
    );
  });

  it('HOTP: concurrent OTP requests never share a counter value', async () => {
    await create({ account: 'h', otp_type: 'hotp', secret: F.SECRET });
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => call('GET', '/api/v1/twofaccounts/1/otp')),
    );
    const counters = responses.map((r) => r.json<{ counter: number }>().counter).sort((a, b) => a - b);
    expect(counters).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(new Set(responses.map((r) => r.json<{ password: string }>().password)).size).toBe(8);
    expect((await call('GET', '/api/v1/twofaccounts/1')).json()).toMatchObject({ counter: 8 });
    const head = await call('HEAD', '/api/v1/twofaccounts/1/otp');
    expect(head.statusCode).toBe(200);
    expect((await call('GET', '/api/v1/twofaccounts/1')).json()).toMatchObject({ counter: 8 });
  });

  it('OTP errors: unknown id, unsupported type, bad stored secret, bad parameters', async () => {
    expect((await call('GET', '/api/v1/twofaccounts/1/otp')).json()).toEqual({ message: 'not found' });
    await minimal('a');
    await minimal('b');
    await minimal('c');
    await t.db.updateTable('twofaccounts').set({ otp_type: 'motp' }).where('id', '=', 1).execute();
    await t.db.updateTable('twofaccounts').set({ secret: '1.0' }).where('id', '=', 2).execute();
    await t.db.updateTable('twofaccounts').set({ digits: 12 }).where('id', '=', 3).execute();
    expect((await call('GET', '/api/v1/twofaccounts/1/otp')).json()).toEqual({
      message: 'Unsupported OTP type',
    });
    expect((await call('GET', '/api/v1/twofaccounts/2/otp')).json()).toEqual({
      message: 'not a valid base32 encoded secret',
    });
    const params = await call('GET', '/api/v1/twofaccounts/3/otp');
    expect(params.statusCode).toBe(400);
    expect(params.json()).toEqual({
      message: 'invalid OTP parameters',
      reason: ['Digits must be between 5 and 10'],
    });
    // A list with a broken account still loads.
    expect((await call('GET', '/api/v1/twofaccounts?withOtp=1')).statusCode).toBe(200);
  });

  it('OTP preview: uri alone, parameters, Steam, secret required', async () => {
    expect((await call('POST', '/api/v1/twofaccounts/otp', { uri: F.STEAM_TOTP_URI })).json()).toEqual({
      password: 'RP245',
      otp_type: 'steamtotp',
      generated_at: 1700000000,
      period: 30,
      next_password: '9PBGT',
    });
    expect(
      (
        await call('POST', '/api/v1/twofaccounts/otp', { uri: F.TOTP_SHORT_URI, custom_otp: 'steamtotp' })
      ).json(),
    ).toMatchObject({
      otp_type: 'steamtotp',
    });
    expect((await call('POST', '/api/v1/twofaccounts/otp?x=1', { uri: F.TOTP_SHORT_URI })).json()).toEqual({
      message: 'bad request',
      reason: {
        uri: "The uri parameter must be provided alone or only in combination with the 'custom_otp' parameter",
      },
    });
    expect((await call('POST', '/api/v1/twofaccounts/otp', { uri: F.INVALID_OTPAUTH_URI })).json()).toEqual(
      err({ uri: ['The uri field is not a valid otpauth uri.'] }),
    );
    expect(
      (await call('POST', '/api/v1/twofaccounts/otp', { account: 'a', otp_type: 'totp' })).json(),
    ).toEqual(err({ secret: ['Cannot create an OTP without a secret'] }));
    expect((await call('POST', '/api/v1/twofaccounts/otp', { ...F.FULL_CUSTOM_TOTP_PARAMS })).json()).toEqual(
      {
        password: '3147263',
        otp_type: 'totp',
        generated_at: 1700000000,
        period: 40,
        next_password: '2644348',
      },
    );
    expect((await call('GET', '/api/v1/twofaccounts/count')).json()).toMatchObject({ count: 0 });
  });

  it('preview and QR code of an account', async () => {
    expect((await call('POST', '/api/v1/twofaccounts/preview', { uri: F.STEAM_TOTP_URI })).json()).toEqual({
      otp_type: 'steamtotp',
      account: 'account',
      service: 'Steam',
      icon: null,
      secret: F.STEAM_SECRET,
      digits: 5,
      algorithm: 'sha1',
      period: 30,
      counter: null,
    });
    expect((await call('POST', '/api/v1/twofaccounts/preview', {})).json()).toEqual(
      err({ uri: ['The uri field is required.'] }),
    );
    await create({ uri: F.TOTP_FULL_CUSTOM_URI });
    const qr = (await call('GET', '/api/v1/twofaccounts/1/qrcode')).json<{ qrcode: string }>();
    const svg = Buffer.from(qr.qrcode.replace('data:image/svg+xml;base64,', ''), 'base64').toString('utf8');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    const { decodeQrImage } = await import('../qrcode/qrcode.service.js');
    expect(await decodeQrImage(Buffer.from(svg))).toEqual({
      kind: 'text',
      text: 'otpauth://totp/service%3Aaccount?algorithm=sha256&digits=7&issuer=service&period=40&secret=A4GRFHVVRBGY7UIW',
    });
  });

  it('answers 405 for a wrong method on a known path', async () => {
    const response = await call('POST', '/api/v1/twofaccounts/count');
    expect(response.statusCode).toBe(405);
    // The allowed list comes from spa/fallbacks.ts, which also counts the `{id}` routes matching `count`.
    expect(response.json<{ message: string }>().message).toMatch(
      /^The POST method is not supported for route api\/v1\/twofaccounts\/count\. Supported methods: GET, HEAD/,
    );
  });
});

describeEachDatabase('id lists sent as arrays', (t) => {
  let token = '';
  const call = bearerCaller(t, () => token);
  beforeEach(async () => {
    token = await createUserWithToken(t.db);
    await call('PUT', '/api/v1/settings/getOfficialIcons', { value: false });
  });

  it('reads ids[]=1&ids[]=2 and ids=1&ids=2 as the ids they name, never as "no ids"', async () => {
    const ids: number[] = [];
    for (const account of ['a', 'b', 'c']) {
      const created = await call('POST', '/api/v1/twofaccounts', {
        account,
        otp_type: 'totp',
        secret: F.SECRET,
      });
      ids.push(created.json<{ id: number }>().id);
    }
    const [first, second, third] = ids as [number, number, number];
    const listed = async (query: string) =>
      (await call('GET', `/api/v1/twofaccounts?${query}`)).json<{ id: number }[]>().map((item) => item.id);
    expect(await listed(`ids[]=${first}&ids[]=${third}`)).toEqual([first, third]);
    expect(await listed(`ids%5B%5D=${second}`)).toEqual([second]);
    expect(await listed(`ids=${first}&ids=${second}`)).toEqual([first, second]);
    const exported = await call('GET', `/api/v1/twofaccounts/export?ids[]=${second}`);
    expect(exported.json<{ data: { account: string }[] }>().data.map((item) => item.account)).toEqual(['b']);
    expect((await call('DELETE', `/api/v1/twofaccounts?ids[]=${third}`)).statusCode).toBe(204);
    expect(await listed('')).toEqual([first, second]);
    const empty = await call('GET', '/api/v1/twofaccounts?ids[]=');
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json<{ errors: object }>().errors)).toEqual(['ids']);
  });
});
