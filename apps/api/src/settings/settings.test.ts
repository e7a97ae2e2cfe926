import { randomBytes } from 'node:crypto';
import { beforeEach, expect, it } from 'vitest';
import { bearerCaller, createUserWithToken } from '../test/auth-helpers.js';
import { describeEachDatabase } from '../test/harness.js';

const defaults = [
  { key: 'lang', value: 'browser' },
  { key: 'displayMode', value: 'list' },
  { key: 'showAccountsIcons', value: true },
  { key: 'getOfficialIcons', value: true },
  { key: 'defaultGroup', value: 0 },
  { key: 'rememberActiveGroup', value: true },
  { key: 'activeGroup', value: 0 },
  { key: 'kickUserAfter', value: 15 },
  { key: 'useEncryption', value: false },
  { key: 'showOtpAsDot', value: false },
  { key: 'closeOtpOnCopy', value: false },
  { key: 'useBasicQrcodeReader', value: false },
  { key: 'useDirectCapture', value: false },
  { key: 'defaultCaptureMode', value: 'livescan' },
  { key: 'useWebauthnOnly', value: false },
  { key: 'useWebauthnAsDefault', value: false },
  { key: 'showNextOtp', value: true },
  { key: 'revealDottedOTP', value: false },
  { key: 'copyOtpOnDisplay', value: false },
  { key: 'clearSearchOnCopy', value: false },
  { key: 'viewDefaultGroupOnCopy', value: false },
  { key: 'getOtpOnRequest', value: true },
  { key: 'autoCloseTimeout', value: 2 },
  { key: 'AutoSaveQrcodedAccount', value: false },
  { key: 'theme', value: 'system' },
  { key: 'formatPassword', value: true },
  { key: 'formatPasswordBy', value: 0.5 },
  { key: 'sortCaseSensitive', value: false },
  { key: 'iconCollection', value: 'selfh' },
  { key: 'iconVariant', value: 'regular' },
  { key: 'iconVariantStrictFetch', value: false },
  { key: 'notifyOnNewAuthDevice', value: false },
  { key: 'notifyOnFailedLogin', value: false },
  { key: 'timezone', value: 'UTC' },
  { key: 'showEmailInFooter', value: true },
  { key: 'showGroupChips', value: false },
  { key: 'trashRetentionDays', value: 30 },
  { key: 'timeCheck', value: '' },
  { key: 'sortBy', value: 'manual' },
  { key: 'usageDays', value: 30 },
];

const err = (field: string, message: string) => ({ message, errors: { [field]: [message] } });

describeEachDatabase('settings, preferences and features', (t) => {
  let token = '';
  const call = bearerCaller(t, () => token);
  beforeEach(async () => {
    token = await createUserWithToken(t.db);
  });

  it('every settings route needs credentials', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/settings'],
      ['GET', '/api/v1/settings/lang'],
      ['POST', '/api/v1/settings'],
      ['PUT', '/api/v1/settings/lang'],
      ['DELETE', '/api/v1/settings/x'],
      ['GET', '/api/v1/user/preferences'],
      ['GET', '/api/v1/user/preferences/lang'],
      ['PUT', '/api/v1/user/preferences/lang'],
      ['GET', '/api/v1/features'],
      ['GET', '/api/v1/features/sharing'],
      ['GET', '/api/v1/icons/packs'],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect({ url, status: response.statusCode, body: response.json() }).toEqual({
        url,
        status: 401,
        body: { message: 'Unauthenticated.' },
      });
    }
  });

  it('lists every native key with its default, in the documented order', async () => {
    const response = await call('GET', '/api/v1/settings');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(defaults);
  });

  it('reads one setting; unknown or non-letter keys are 404', async () => {
    expect((await call('GET', '/api/v1/settings/kickUserAfter')).json()).toEqual({
      key: 'kickUserAfter',
      value: 15,
    });
    for (const key of ['nothing', 'my-key', 'a1']) {
      const response = await call('GET', `/api/v1/settings/${key}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'not found' });
    }
  });

  it('validates native values and keeps their JSON type', async () => {
    const cases: [string, unknown, number, unknown][] = [
      ['showOtpAsDot', true, 200, { key: 'showOtpAsDot', value: true }],
      ['showOtpAsDot', 'true', 422, err('value', 'The value field must be true or false.')],
      ['showOtpAsDot', 1, 422, err('value', 'The value field must be true or false.')],
      ['showOtpAsDot', null, 422, err('value', 'The value field is required.')],
      ['showOtpAsDot', '', 422, err('value', 'The value field is required.')],
      ['kickUserAfter', '30', 200, { key: 'kickUserAfter', value: 30 }],
      ['kickUserAfter', 7, 422, err('value', 'The selected value is invalid.')],
      ['kickUserAfter', 'x', 422, err('value', 'The value field must be an integer.')],
      ['kickUserAfter', 1.5, 422, err('value', 'The value field must be an integer.')],
      ['lang', 'tlh', 422, err('value', 'The selected value is invalid.')],
      // Side effect: the messages of authenticated requests follow `lang`.
      ['lang', 'fr', 200, { key: 'lang', value: 'fr' }],
      ['lang', 'tlh', 422, err('value', 'Le champ valeur sélectionné est invalide.')],
      ['lang', 'browser', 200, { key: 'lang', value: 'browser' }],
      ['displayMode', 3, 422, err('value', 'The selected value is invalid.')],
      ['formatPasswordBy', 2, 200, { key: 'formatPasswordBy', value: 2 }],
      ['formatPasswordBy', 4, 422, err('value', 'The selected value is invalid.')],
      ['defaultGroup', -1, 200, { key: 'defaultGroup', value: -1 }],
      ['defaultGroup', 5, 422, err('value', 'The selected value is invalid.')],
      ['activeGroup', -1, 422, err('value', 'The selected value is invalid.')],
      ['activeGroup', 99999999999, 422, err('value', 'The selected value is invalid.')],
    ];
    for (const [key, value, status, body] of cases) {
      const response = await call('PUT', `/api/v1/settings/${key}`, { value });
      expect({ key, value, status: response.statusCode, body: response.json() }).toEqual({
        key,
        value,
        status,
        body,
      });
    }
    const missing = await call('PUT', '/api/v1/settings/lang', {});
    expect(missing.json()).toEqual(err('value', 'The value field is required.'));
    const group = await call('POST', '/api/v1/groups', { name: 'Work' });
    expect(
      (await call('PUT', '/api/v1/settings/defaultGroup', { value: group.json<{ id: number }>().id })).json(),
    ).toEqual({
      key: 'defaultGroup',
      value: 1,
    });
    expect((await call('GET', '/api/v1/settings/kickUserAfter')).json()).toEqual({
      key: 'kickUserAfter',
      value: 30,
    });
  });

  it('WebAuthn options need a device, and are refused in proxy mode', async () => {
    for (const key of ['useWebauthnOnly', 'useWebauthnAsDefault']) {
      const response = await call('PUT', `/api/v1/settings/${key}`, { value: true });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual(err('value', 'Set at least one device to enable these options'));
      expect((await call('PUT', `/api/v1/settings/${key}`, { value: false })).statusCode).toBe(200);
    }
    await t.db
      .insertInto('webauthn_credentials')
      .values({
        id: 'cred',
        name: null,
        public_key: 'k',
        counter: 0,
        created_at: new Date(),
        updated_at: new Date(),
      })
      .execute();
    expect((await call('PUT', '/api/v1/settings/useWebauthnOnly', { value: true })).json()).toEqual({
      key: 'useWebauthnOnly',
      value: true,
    });
  });

  it('custom settings: create, list after the native keys in creation order, update, delete', async () => {
    expect((await call('POST', '/api/v1/settings', { key: 'myKey', value: 'MyValue' })).statusCode).toBe(201);
    const second = await call('POST', '/api/v1/settings', { key: 'another', value: 12 });
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual({ key: 'another', value: 12 });
    await call('POST', '/api/v1/settings', { key: 'flag', value: false });
    const list = (await call('GET', '/api/v1/settings')).json<unknown[]>();
    expect(list.slice(defaults.length)).toEqual([
      { key: 'myKey', value: 'MyValue' },
      { key: 'another', value: 12 },
      { key: 'flag', value: false },
    ]);
    expect((await call('PUT', '/api/v1/settings/myKey', { value: 'changed' })).json()).toEqual({
      key: 'myKey',
      value: 'changed',
    });
    expect((await call('PUT', '/api/v1/settings/brandNew', { value: true })).json()).toEqual({
      key: 'brandNew',
      value: true,
    });
    expect((await call('GET', '/api/v1/settings/brandNew')).json()).toEqual({ key: 'brandNew', value: true });
    expect((await call('DELETE', '/api/v1/settings/myKey')).statusCode).toBe(204);
    expect((await call('GET', '/api/v1/settings/myKey')).statusCode).toBe(404);
    expect((await call('DELETE', '/api/v1/settings/myKey')).json()).toEqual({ message: 'not found' });
    const native = await call('DELETE', '/api/v1/settings/lang');
    expect(native.statusCode).toBe(400);
    expect(native.json()).toEqual({
      message: 'bad request',
      reason: ['Only user-created setting can be deleted'],
    });
  });

  it('custom settings: key and value rules', async () => {
    const cases: [unknown, unknown][] = [
      [{ value: 'x' }, err('key', 'The key field is required.')],
      [{ key: 'my key', value: 'x' }, err('key', 'The key field must only contain letters.')],
      [
        { key: 'a'.repeat(129), value: 'x' },
        err('key', 'The key field must not be greater than 128 characters.'),
      ],
      [{ key: 'lang', value: 'x' }, err('key', 'The key has already been taken.')],
      [{ key: 'ok' }, err('value', 'The value field is required.')],
      [
        { key: 'ok', value: { a: 1 } },
        err('value', 'The value field must be a string, a number or a boolean.'),
      ],
      [{ key: 'ok', value: [1] }, err('value', 'The value field must be a string, a number or a boolean.')],
      [
        { key: 'ok', value: 'x'.repeat(1001) },
        err('value', 'The value field must not be greater than 1000 characters.'),
      ],
    ];
    for (const [body, expected] of cases) {
      const response = await call('POST', '/api/v1/settings', body as never);
      expect({ body, status: response.statusCode, json: response.json() }).toEqual({
        body,
        status: 422,
        json: expected,
      });
    }
    await call('POST', '/api/v1/settings', { key: 'taken', value: 1 });
    expect((await call('POST', '/api/v1/settings', { key: 'taken', value: 2 })).json()).toEqual(
      err('key', 'The key has already been taken.'),
    );
  });

  it('preferences: the native keys but useEncryption, locked false; PUT answers 201', async () => {
    const list = await call('GET', '/api/v1/user/preferences');
    expect(list.json()).toEqual(
      defaults.filter((item) => item.key !== 'useEncryption').map((item) => ({ ...item, locked: false })),
    );
    expect((await call('GET', '/api/v1/user/preferences/showNextOtp')).json()).toEqual({
      key: 'showNextOtp',
      value: true,
      locked: false,
    });
    await call('POST', '/api/v1/settings', { key: 'custom', value: 1 });
    for (const name of ['useEncryption', 'custom', 'nothing']) {
      expect((await call('GET', `/api/v1/user/preferences/${name}`)).statusCode).toBe(404);
      expect((await call('PUT', `/api/v1/user/preferences/${name}`, { value: true })).json()).toEqual({
        message: 'not found',
      });
    }
    const put = await call('PUT', '/api/v1/user/preferences/theme', { value: 'dark' });
    expect(put.statusCode).toBe(201);
    expect(put.json()).toEqual({ key: 'theme', value: 'dark' });
    expect((await call('GET', '/api/v1/settings/theme')).json()).toEqual({ key: 'theme', value: 'dark' });
    expect((await call('PUT', '/api/v1/user/preferences/theme', { value: 'blue' })).json()).toEqual(
      err('value', 'The selected value is invalid.'),
    );
  });

  it('timezone takes an IANA name the runtime knows, and nothing else', async () => {
    const put = await call('PUT', '/api/v1/user/preferences/timezone', { value: 'Europe/Paris' });
    expect(put.json()).toEqual({ key: 'timezone', value: 'Europe/Paris' });
    for (const value of ['Mars/Olympus', 'UTC; DROP', 3, true]) {
      expect((await call('PUT', '/api/v1/user/preferences/timezone', { value })).json()).toEqual(
        err('value', 'The selected value is invalid.'),
      );
    }
    expect((await call('GET', '/api/v1/user/preferences/timezone')).json()).toEqual({
      key: 'timezone',
      value: 'Europe/Paris',
      locked: false,
    });
  });

  it('features and icon packs are fixed', async () => {
    expect((await call('GET', '/api/v1/features')).json()).toEqual([
      { name: 'iconPack', state: 'disabled' },
      { name: 'sharing', state: 'disabled' },
      { name: 'allUsersSharingScope', state: 'disabled' },
      { name: 'showNextOtp', state: 'enabled' },
      { name: 'groupChips', state: 'disabled' },
    ]);
    expect((await call('GET', '/api/v1/features/showNextOtp')).json()).toEqual({
      name: 'showNextOtp',
      state: 'enabled',
    });
    expect((await call('GET', '/api/v1/features/nope')).json()).toEqual({ message: 'not found' });
    expect((await call('GET', '/api/v1/icons/packs')).json()).toEqual([]);
  });
});

describeEachDatabase(
  'settings in proxy mode',
  (t) => {
    it('PUT of the WebAuthn keys is not applicable (400)', async () => {
      // Proxy authentication is the identity engineer's; this checks our rule directly.
      const { putNativeSetting } = await import('./settings.service.js');
      await expect(putNativeSetting(t.app.deps, 'useWebauthnOnly', true)).rejects.toMatchObject({
        statusCode: 400,
        wireMessage: { key: 'error.proxy_not_applicable' },
      });
      await expect(putNativeSetting(t.app.deps, 'showOtpAsDot', true)).resolves.toBe(true);
    });
  },
  {
    env: {
      AUTHENTICATION_GUARD: 'reverse-proxy-guard',
      TRUSTED_PROXIES: '127.0.0.1',
      APP_KEY: randomBytes(32).toString('base64'),
    },
  },
);
