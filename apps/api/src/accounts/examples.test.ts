import { beforeEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../test/harness.js';
import { asSignedInUser, bearerCaller, createUserWithToken } from '../test/auth-helpers.js';
import { fixtures as F } from './fixtures.js';

/*
 * The worked examples E1–E23: exact answers of the 2FAuth-compatible API for representative
 * requests. Each test starts from an empty database; the examples that need stored accounts
 * create the same six accounts first (E1–E5, ids 1 to 6), so any test can run alone.
 */
describeEachDatabase('worked examples E1–E23', (t) => {
  let token = '';
  const call = bearerCaller(t, () => token);
  beforeEach(async () => {
    token = await createUserWithToken(t.db);
    await call('PUT', '/api/v1/settings/getOfficialIcons', { value: false });
  });

  const expectCall = async (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload: unknown,
    status: number,
    body?: unknown,
  ) => {
    const response = await call(method, url, payload as never);
    expect({ url, status: response.statusCode }).toEqual({ url, status });
    if (body !== undefined) expect(response.json()).toEqual(body);
    return response;
  };

  /** E1–E5: creates accounts 1 to 6 and checks each answer. */
  const createExampleAccounts = async () => {
    // E1
    await expectCall('POST', '/api/v1/twofaccounts', { uri: F.TOTP_FULL_CUSTOM_URI }, 201, {
      id: 1,
      group_id: null,
      otp_type: 'totp',
      account: 'account',
      service: 'service',
      icon: null,
      secret: 'A4GRFHVVRBGY7UIW',
      digits: 7,
      algorithm: 'sha256',
      period: 40,
      counter: null,
    });
    // E2
    await expectCall(
      'POST',
      '/api/v1/twofaccounts',
      { account: 'account', otp_type: 'totp', secret: F.SECRET },
      201,
      {
        id: 2,
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
      },
    );
    await expectCall(
      'POST',
      '/api/v1/twofaccounts',
      { account: 'account', otp_type: 'hotp', secret: F.SECRET },
      201,
      {
        id: 3,
        group_id: null,
        otp_type: 'hotp',
        account: 'account',
        service: null,
        icon: null,
        secret: 'A4GRFHVVRBGY7UIW',
        digits: 6,
        algorithm: 'sha1',
        period: null,
        counter: 0,
      },
    );
    // E3
    await expectCall('POST', '/api/v1/twofaccounts', F.FULL_CUSTOM_HOTP_PARAMS, 201, {
      id: 4,
      group_id: null,
      otp_type: 'hotp',
      account: 'account',
      service: 'service',
      icon: null,
      secret: 'A4GRFHVVRBGY7UIW',
      digits: 7,
      algorithm: 'sha256',
      period: null,
      counter: 5,
    });
    // E4
    await expectCall(
      'POST',
      '/api/v1/twofaccounts',
      {
        service: 'steam',
        account: 'account',
        otp_type: 'totp',
        secret: F.STEAM_SECRET,
        digits: 6,
        period: 60,
      },
      201,
      {
        id: 5,
        group_id: null,
        otp_type: 'steamtotp',
        account: 'account',
        service: 'Steam',
        icon: null,
        secret: F.STEAM_SECRET,
        digits: 5,
        algorithm: 'sha1',
        period: 30,
        counter: null,
      },
    );
    // E5
    await expectCall(
      'POST',
      '/api/v1/twofaccounts',
      { account: 'padded', otp_type: 'totp', secret: 'eeee' },
      201,
      {
        id: 6,
        group_id: null,
        otp_type: 'totp',
        account: 'padded',
        service: null,
        icon: null,
        secret: 'EEEE====',
        digits: 6,
        algorithm: 'sha1',
        period: 30,
        counter: null,
      },
    );
  };

  /** A seventh account (the one E19 creates), same service, account and secret as account 2's. */
  const createSeventhAccount = () =>
    expectCall(
      'POST',
      '/api/v1/twofaccounts',
      { service: 'service', account: 'account', otp_type: 'totp', secret: F.SECRET },
      201,
    );

  const row = (account: string, service: string, id = 0) => ({
    id,
    group_id: null,
    otp_type: 'totp',
    account,
    service,
    icon: null,
    secret: 'A4GRFHVVRBGY7UIW',
    digits: 6,
    algorithm: 'sha1',
    period: 30,
    counter: null,
    group: null,
  });

  it('E1–E5: creates accounts from a URI or parameters, normalised (Steam, padding, defaults)', async () => {
    await createExampleAccounts();
  });

  it('E6: previews a URI without storing it', async () => {
    await expectCall(
      'POST',
      '/api/v1/twofaccounts/preview',
      { uri: F.TOTP_MICROSOFT_CORPORATE_URI_INCLUDING_SHARP },
      200,
      {
        otp_type: 'totp',
        account: 'account#EXT#@microsoft.com',
        service: 'Microsoft',
        icon: null,
        secret: 'A4GRFHVVRBGY7UIW',
        digits: 6,
        algorithm: 'sha1',
        period: 30,
        counter: null,
      },
    );
    await expectCall(
      'POST',
      '/api/v1/twofaccounts/preview',
      { uri: F.INVALID_OTPAUTH_URI_MISMATCHING_ISSUER },
      200,
      {
        otp_type: 'totp',
        account: 'account',
        service: 'service',
        icon: null,
        secret: 'A4GRFHVVRBGY7UIW',
        digits: 6,
        algorithm: 'sha1',
        period: 30,
        counter: null,
      },
    );
  });

  it('E7: rejects an invalid URI, a URI without label and a migration without payload', async () => {
    await expectCall('POST', '/api/v1/twofaccounts', { uri: F.INVALID_OTPAUTH_URI }, 422, {
      message: 'The uri field is not a valid otpauth uri.',
      errors: { uri: ['The uri field is not a valid otpauth uri.'] },
    });
    await expectCall(
      'POST',
      '/api/v1/twofaccounts/preview',
      { uri: 'otpauth://totp/?secret=A4GRFHVVRBGY7UIW' },
      422,
      {
        message: 'The uri must have a label.',
        errors: { label: ['The uri must have a label.'] },
      },
    );
    await expectCall(
      'POST',
      '/api/v1/twofaccounts/migration',
      { uri: F.INVALID_GOOGLE_AUTH_MIGRATION_URI },
      422,
      {
        message: 'The payload field is required when file is not present. (and 1 more error)',
        errors: {
          payload: ['The payload field is required when file is not present.'],
          file: ['The file field is required when payload is not present.'],
        },
      },
    );
  });

  it('E8: names every invalid field', async () => {
    await expectCall(
      'POST',
      '/api/v1/twofaccounts',
      { account: 'My:Account', otp_type: 'Xotp', secret: '1.0' },
      422,
      {
        message: 'The account field must not contain colon. (and 2 more errors)',
        errors: {
          account: ['The account field must not contain colon.'],
          otp_type: ['The otp type field is not supported.'],
          secret: ['The secret field must be a base32 encoded string.'],
        },
      },
    );
  });

  it('E9–E10: TOTP and HOTP codes of stored accounts; HOTP advances the stored counter', async () => {
    await createExampleAccounts();
    await expectCall('GET', '/api/v1/twofaccounts/2/otp', undefined, 200, {
      password: '504487',
      otp_type: 'totp',
      generated_at: 1700000000,
      period: 30,
      next_password: '392673',
    });
    // E10
    await expectCall('GET', '/api/v1/twofaccounts/3/otp', undefined, 200, {
      password: '539470',
      otp_type: 'hotp',
      counter: 1,
    });
    await expectCall('GET', '/api/v1/twofaccounts/3/otp', undefined, 200, {
      password: '534829',
      otp_type: 'hotp',
      counter: 2,
    });
    expect((await call('GET', '/api/v1/twofaccounts/3')).json()).toMatchObject({ counter: 2 });
  });

  it('E11–E13: codes of unstored accounts leave stored counters alone; uri must come alone', async () => {
    await createExampleAccounts();
    await expectCall('POST', '/api/v1/twofaccounts/otp', { uri: F.HOTP_FULL_CUSTOM_URI }, 200, {
      password: '0790401',
      otp_type: 'hotp',
      counter: 6,
    });
    // E12
    await expectCall('POST', '/api/v1/twofaccounts/otp', F.FULL_CUSTOM_HOTP_PARAMS, 200, {
      password: '0790401',
      otp_type: 'hotp',
      counter: 6,
      uri: 'otpauth://hotp/service%3Aaccount?algorithm=sha256&counter=6&digits=7&issuer=service&secret=A4GRFHVVRBGY7UIW',
    });
    expect((await call('GET', '/api/v1/twofaccounts/4')).json()).toMatchObject({ counter: 5 });
    // E13
    await expectCall('POST', '/api/v1/twofaccounts/otp', { uri: F.TOTP_FULL_CUSTOM_URI_NO_IMG }, 200, {
      password: '3147263',
      otp_type: 'totp',
      generated_at: 1700000000,
      period: 40,
      next_password: '2644348',
    });
    await expectCall(
      'POST',
      '/api/v1/twofaccounts/otp',
      { uri: 'otpauth://totp/service:account?secret=A4GRFHVVRBGY7UIW', key: 'value' },
      400,
      {
        message: 'bad request',
        reason: {
          uri: "The uri parameter must be provided alone or only in combination with the 'custom_otp' parameter",
        },
      },
    );
  });

  it('E14: Steam code', async () => {
    await createExampleAccounts();
    await expectCall('GET', '/api/v1/twofaccounts/5/otp', undefined, 200, {
      password: 'RP245',
      otp_type: 'steamtotp',
      generated_at: 1700000000,
      period: 30,
      next_password: '9PBGT',
    });
  });

  it('E15: list with codes for TOTP and Steam, none for HOTP', async () => {
    await createExampleAccounts();
    // Two HOTP codes (as in E10) bring account 3's counter to 2.
    await call('GET', '/api/v1/twofaccounts/3/otp');
    await call('GET', '/api/v1/twofaccounts/3/otp');
    await expectCall('GET', '/api/v1/twofaccounts?ids=2,3,5&withOtp=1', undefined, 200, [
      {
        id: 2,
        group_id: null,
        otp_type: 'totp',
        account: 'account',
        service: null,
        icon: null,
        digits: 6,
        algorithm: 'sha1',
        period: 30,
        counter: null,
        otp: { password: '504487', generated_at: 1700000000, next_password: '392673' },
      },
      {
        id: 3,
        group_id: null,
        otp_type: 'hotp',
        account: 'account',
        service: null,
        icon: null,
        digits: 6,
        algorithm: 'sha1',
        period: null,
        counter: 2,
      },
      {
        id: 5,
        group_id: null,
        otp_type: 'steamtotp',
        account: 'account',
        service: 'Steam',
        icon: null,
        digits: 5,
        algorithm: 'sha1',
        period: 30,
        counter: null,
        otp: { password: 'RP245', generated_at: 1700000000, next_password: '9PBGT' },
      },
    ]);
  });

  it('E16: count', async () => {
    await createExampleAccounts();
    await expectCall('GET', '/api/v1/twofaccounts/count', undefined, 200, {
      count: 6,
      owned: 6,
      shared: 0,
      total: 6,
    });
  });

  it('E17: bounded, well-formed id lists; unknown ids delete nothing', async () => {
    await expectCall('PATCH', '/api/v1/twofaccounts/withdraw?ids=1,2,', undefined, 422, {
      message: 'IDs must be comma separated, without trailing comma.',
      errors: { ids: ['IDs must be comma separated, without trailing comma.'] },
    });
    const ids101 = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
    await expectCall('DELETE', `/api/v1/twofaccounts?ids=${ids101}`, undefined, 400, {
      message: 'bad request',
      reason: ['Too many ids in the query parameter, max 100 allowed'],
    });
    await expectCall('DELETE', '/api/v1/twofaccounts?ids=900,901', undefined, 204);
  });

  it('E18: migration payload preview', async () => {
    await expectCall(
      'POST',
      '/api/v1/twofaccounts/migration',
      { payload: F.GOOGLE_AUTH_MIGRATION_URI, withSecret: true },
      200,
      [row('account', 'service'), row('account_bis', 'service_bis')],
    );
  });

  it('E19: import marks an account that already exists with id -1', async () => {
    await createSeventhAccount();
    await expectCall('POST', '/api/v1/twofaccounts/import', { uri: F.GOOGLE_AUTH_MIGRATION_URI }, 200, [
      row('account', 'service', -1),
      row('account_bis', 'service_bis'),
    ]);
  });

  it('E20: unreadable migration data', async () => {
    await expectCall(
      'POST',
      '/api/v1/twofaccounts/migration',
      { payload: F.GOOGLE_AUTH_MIGRATION_URI_WITH_INVALID_DATA },
      400,
      {
        message: 'Invalid or unreadable Google Authenticator data',
      },
    );
  });

  it('E21: QR code of a stored account; 404 for an unknown one', async () => {
    await createExampleAccounts();
    const qr = await expectCall('GET', '/api/v1/twofaccounts/1/qrcode', undefined, 200);
    expect(qr.json<{ qrcode: string }>().qrcode).toMatch(/^data:image\/svg\+xml;base64,PHN2Zy/);
    await expectCall('GET', '/api/v1/twofaccounts/1000/qrcode', undefined, 404, { message: 'not found' });
  });

  it('E22: groups: create, assign, list with the pseudo-group All, reserved names', async () => {
    await createExampleAccounts();
    await createSeventhAccount();
    await expectCall('POST', '/api/v1/groups', { name: 'Work' }, 201, {
      id: 1,
      name: 'Work',
      show_in_chips: false,
      twofaccounts_count: 0,
    });
    await expectCall('POST', '/api/v1/groups/1/assign', { ids: [1, 2] }, 200, {
      id: 1,
      name: 'Work',
      show_in_chips: false,
      twofaccounts_count: 2,
    });
    await expectCall('GET', '/api/v1/groups', undefined, 200, [
      { id: 0, name: 'All', show_in_chips: null, twofaccounts_count: 7 },
      { id: 1, name: 'Work', show_in_chips: false, twofaccounts_count: 2 },
    ]);
    await expectCall('POST', '/api/v1/groups', { name: 'all' }, 422, {
      message: 'Reserved name, please choose something else',
      errors: { name: ['Reserved name, please choose something else'] },
    });
    await expectCall('DELETE', '/api/v1/groups/0', undefined, 403, {
      message: 'forbidden',
      reason: 'This action is unauthorized.',
    });
  });

  it('E23: settings and preferences: only custom settings can be deleted', async () => {
    await expectCall('DELETE', '/api/v1/settings/lang', undefined, 400, {
      message: 'bad request',
      reason: ['Only user-created setting can be deleted'],
    });
    await expectCall('PUT', '/api/v1/user/preferences/showOtpAsDot', { value: true }, 201, {
      key: 'showOtpAsDot',
      value: true,
    });
    await expectCall('GET', '/api/v1/settings/showOtpAsDot', undefined, 200, {
      key: 'showOtpAsDot',
      value: true,
    });
    await expectCall('GET', '/api/v1/user/preferences/useEncryption', undefined, 404, {
      message: 'not found',
    });
  });

  it('E23: encryption: on, then a different key makes secrets indecipherable', async () => {
    await createExampleAccounts();
    await expectCall('POST', '/api/v1/groups', { name: 'Work' }, 201);
    await expectCall('POST', '/api/v1/groups/1/assign', { ids: [1, 2] }, 200);
    // Encryption at rest is switched by the signed-in user only (every token is refused it).
    const asUser = asSignedInUser(t);
    const switched = await asUser('PUT', '/api/v1/settings/useEncryption', { value: true });
    expect(switched.statusCode).toBe(200);
    expect(switched.json()).toEqual({ key: 'useEncryption', value: true });
    const clear = await expectCall('GET', '/api/v1/twofaccounts/2', undefined, 200);
    expect(clear.json()).toMatchObject({ account: 'account', secret: 'A4GRFHVVRBGY7UIW' });
    const stored = await t.db
      .selectFrom('twofaccounts')
      .select(['account', 'secret'])
      .where('id', '=', 2)
      .executeTakeFirstOrThrow();
    expect(stored.account).toMatch(/^v1:/);
    expect(stored.secret).toMatch(/^v1:/);
    // "After restarting with a different APP_KEY": the harness gives each app build a new key.
    await t.rebuild();
    await expectCall('GET', '/api/v1/twofaccounts/2', undefined, 200, {
      id: 2,
      group_id: 1,
      otp_type: 'totp',
      account: '*indecipherable*',
      service: null,
      icon: null,
      secret: '*indecipherable*',
      digits: 6,
      algorithm: 'sha1',
      period: 30,
      counter: null,
      indecipherable: true,
    });
    await expectCall('GET', '/api/v1/twofaccounts/2/otp', undefined, 400, {
      message:
        'The secret cannot be deciphered. This is mainly caused by a wrong encryption key or by corrupted data stored in the database.',
    });
    const refused = await asUser('PUT', '/api/v1/settings/useEncryption', { value: false });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      message:
        'Decryption failed, your database is still protected. This is mainly caused by an integrity issue of encrypted data for one or more accounts.',
    });
  });
});
