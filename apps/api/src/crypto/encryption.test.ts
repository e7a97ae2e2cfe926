import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { AppKeys } from '../config/app-key.js';
import { fixtures as F } from '../accounts/fixtures.js';
import { bearerCaller, createUserWithToken, switchEncryption } from '../test/auth-helpers.js';
import { describeEachDatabase, type TestContext } from '../test/harness.js';
import { associatedData, decryptValue, encryptValue } from './encryption.js';

const DECIPHER =
  'The secret cannot be deciphered. This is mainly caused by a wrong encryption key or by corrupted data stored in the database.';

describeEachDatabase('encryption at rest', (t) => {
  let token = '';
  const extraApps: FastifyInstance[] = [];
  const appWith = async (keys: AppKeys) => {
    const app = await buildApp({
      config: t.config,
      db: t.db,
      dbDriver: t.driver,
      keys,
      clock: t.clock,
      mailer: t.mailbox,
      logger: pino({ level: 'silent' }),
      webRoot: null,
    });
    extraApps.push(app);
    return app;
  };
  const callOn = (target: TestContext | { app: FastifyInstance }) => bearerCaller(target, () => token);
  const call = callOn(t);
  beforeEach(async () => {
    token = await createUserWithToken(t.db);
    await call('PUT', '/api/v1/settings/getOfficialIcons', { value: false });
  });
  afterEach(async () => {
    for (const app of extraApps.splice(0)) await app.close();
  });
  const storedRows = () =>
    t.db
      .selectFrom('twofaccounts')
      .select(['id', 'service', 'account', 'secret', 'uri'])
      .orderBy('id')
      .execute();

  it('binds each ciphertext to its table, column and row', () => {
    const key = randomBytes(32);
    const sealed = encryptValue(key, 'secret', associatedData('twofaccounts', 'secret', 1));
    expect(sealed).toMatch(/^v1:[A-Za-z0-9+/]+=*$/);
    expect(
      decryptValue({ current: key, previous: [] }, sealed, associatedData('twofaccounts', 'secret', 1)),
    ).toEqual({
      ok: true,
      value: 'secret',
      keyIndex: 0,
    });
    expect(
      decryptValue({ current: key, previous: [] }, sealed, associatedData('twofaccounts', 'secret', 2)).ok,
    ).toBe(false);
    expect(
      decryptValue({ current: key, previous: [] }, sealed, associatedData('twofaccounts', 'account', 1)).ok,
    ).toBe(false);
    expect(
      decryptValue(
        { current: randomBytes(32), previous: [key] },
        sealed,
        associatedData('twofaccounts', 'secret', 1),
      ),
    ).toMatchObject({
      ok: true,
      keyIndex: 1,
    });
    expect(
      decryptValue({ current: key, previous: [] }, 'plain', associatedData('twofaccounts', 'secret', 1)).ok,
    ).toBe(false);
  });

  it('switches every row on and off in one go; reads and writes stay clear to clients', async () => {
    await call('POST', '/api/v1/twofaccounts', { uri: F.TOTP_FULL_CUSTOM_URI_NO_IMG });
    await call('POST', '/api/v1/twofaccounts', { account: 'plain', otp_type: 'hotp', secret: F.SECRET });
    expect((await switchEncryption(t, true)).json()).toEqual({
      key: 'useEncryption',
      value: true,
    });
    for (const row of await storedRows()) {
      expect(row.account).toMatch(/^v1:/);
      expect(row.secret).toMatch(/^v1:/);
      expect(row.service === null || row.service.startsWith('v1:')).toBe(true);
      expect(row.uri === null || row.uri.startsWith('v1:')).toBe(true);
    }
    expect((await switchEncryption(t, true)).statusCode).toBe(200);
    await call('POST', '/api/v1/twofaccounts', {
      service: 'new',
      account: 'written',
      otp_type: 'totp',
      secret: F.SECRET,
    });
    expect((await storedRows())[2]!.account).toMatch(/^v1:/);
    expect(
      (await call('GET', '/api/v1/twofaccounts?withSecret=1&withOtp=1'))
        .json<Record<string, unknown>[]>()
        .map((a) => [a.account, a.secret]),
    ).toEqual([
      ['account', 'A4GRFHVVRBGY7UIW'],
      ['plain', 'A4GRFHVVRBGY7UIW'],
      ['written', 'A4GRFHVVRBGY7UIW'],
    ]);
    expect((await call('GET', '/api/v1/twofaccounts/2/otp')).json()).toEqual({
      password: '539470',
      otp_type: 'hotp',
      counter: 1,
    });
    const migration = await call('POST', '/api/v1/twofaccounts/migration', {
      payload: F.TOTP_FULL_CUSTOM_URI_NO_IMG,
    });
    expect(migration.json<{ id: number }[]>()[0]!.id).toBe(-1);
    expect((await call('GET', '/api/v1/twofaccounts/export?ids=1')).json()).toMatchObject({
      data: [{ account: 'account', service: 'service', legacy_uri: F.TOTP_FULL_CUSTOM_URI_NO_IMG }],
    });
    expect((await switchEncryption(t, false)).json()).toEqual({
      key: 'useEncryption',
      value: false,
    });
    expect((await storedRows()).map((row) => [row.account, row.secret, row.uri])).toEqual([
      ['account', 'A4GRFHVVRBGY7UIW', F.TOTP_FULL_CUSTOM_URI_NO_IMG],
      ['plain', 'A4GRFHVVRBGY7UIW', null],
      ['written', 'A4GRFHVVRBGY7UIW', null],
    ]);
  });

  it('account writes racing a switch never leave a mix of clear and encrypted rows', async () => {
    await call('POST', '/api/v1/twofaccounts', { account: 'first', otp_type: 'hotp', secret: F.SECRET });
    const create = (i: number) =>
      call('POST', '/api/v1/twofaccounts', { account: `racer${i}`, otp_type: 'totp', secret: F.SECRET });
    const responses = await Promise.all([
      create(1),
      create(2),
      switchEncryption(t, true),
      create(3),
      call('PUT', '/api/v1/twofaccounts/1', {
        service: null,
        account: 'edited',
        icon: null,
        otp_type: 'hotp',
        secret: F.SECRET,
        digits: 6,
        algorithm: 'sha1',
      }),
      call('GET', '/api/v1/twofaccounts/1/otp'),
      create(4),
    ]);
    expect(responses.map((response) => response.statusCode)).toEqual([201, 201, 200, 201, 200, 200, 201]);
    const rows = await storedRows();
    expect(rows).toHaveLength(5);
    for (const row of rows) {
      expect(row.account).toMatch(/^v1:/);
      expect(row.secret).toMatch(/^v1:/);
    }
    const list = await call('GET', '/api/v1/twofaccounts?withSecret=1');
    expect(list.json<{ account: string; secret: string }[]>().map((a) => a.secret)).toEqual(
      Array(5).fill(F.SECRET),
    );
    expect(
      list
        .json<{ account: string }[]>()
        .map((a) => a.account)
        .sort(),
    ).toEqual(['edited', 'racer1', 'racer2', 'racer3', 'racer4']);
  });

  it('one undecryptable account never breaks a list; OTP, QR, export and switch-off refuse it; PUT repairs, DELETE works', async () => {
    await call('POST', '/api/v1/twofaccounts', {
      service: 'one',
      account: 'one',
      otp_type: 'totp',
      secret: F.SECRET,
    });
    await call('POST', '/api/v1/twofaccounts', {
      service: 'two',
      account: 'two',
      otp_type: 'totp',
      secret: F.SECRET,
    });
    await switchEncryption(t, true);
    // A ciphertext moved to another row does not decrypt.
    const [first] = await storedRows();
    await t.db.updateTable('twofaccounts').set({ secret: first!.secret }).where('id', '=', 2).execute();
    const list = await call('GET', '/api/v1/twofaccounts?withOtp=1&withSecret=1');
    expect(list.statusCode).toBe(200);
    expect(list.json<unknown[]>()[1]).toEqual({
      id: 2,
      group_id: null,
      otp_type: 'totp',
      account: 'two',
      service: 'two',
      icon: null,
      secret: '*indecipherable*',
      digits: 6,
      algorithm: 'sha1',
      period: 30,
      counter: null,
      indecipherable: true,
    });
    expect(list.json<Record<string, unknown>[]>()[0]).toHaveProperty('otp');
    expect((await call('GET', '/api/v1/twofaccounts/2/otp')).json()).toEqual({ message: DECIPHER });
    expect((await call('GET', '/api/v1/twofaccounts/2/qrcode')).json()).toEqual({
      message: 'Unable to decrypt uri',
    });
    expect((await call('GET', '/api/v1/twofaccounts/export?ids=2')).json()).toMatchObject({
      data: [{ secret: '*indecipherable*' }],
    });
    const off = await switchEncryption(t, false);
    expect(off.statusCode).toBe(400);
    expect(off.json()).toEqual({
      message:
        'Decryption failed, your database is still protected. This is mainly caused by an integrity issue of encrypted data for one or more accounts.',
    });
    expect((await call('GET', '/api/v1/settings/useEncryption')).json()).toEqual({
      key: 'useEncryption',
      value: true,
    });
    expect((await storedRows()).every((row) => row.account.startsWith('v1:'))).toBe(true);
    const repaired = await call('PUT', '/api/v1/twofaccounts/2', {
      service: 'two',
      account: 'two',
      icon: null,
      otp_type: 'totp',
      secret: F.SECRET,
      digits: 6,
      algorithm: 'sha1',
    });
    expect(repaired.json()).not.toHaveProperty('indecipherable');
    await t.db.updateTable('twofaccounts').set({ account: 'not encrypted' }).where('id', '=', 1).execute();
    expect((await call('DELETE', '/api/v1/twofaccounts/1')).statusCode).toBe(204);
    // In the trash it is still stored, and still cannot be written in clear: deleting it for good
    // lets encryption be switched off.
    expect((await switchEncryption(t, false)).statusCode).toBe(400);
    expect((await call('DELETE', '/api/v1/trash?ids=1')).statusCode).toBe(204);
    expect((await switchEncryption(t, false)).statusCode).toBe(200);
  });

  it('a failure while encrypting rolls everything back', async () => {
    await call('POST', '/api/v1/twofaccounts', { account: 'a', otp_type: 'totp', secret: F.SECRET });
    const broken = await appWith({ current: Buffer.alloc(5), previous: [] });
    const response = await switchEncryption({ app: broken }, true);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Encryption failed, your database remains unprotected.' });
    expect((await storedRows())[0]!.account).toBe('a');
    expect((await call('GET', '/api/v1/settings/useEncryption')).json()).toEqual({
      key: 'useEncryption',
      value: false,
    });
  });

  it('APP_PREVIOUS_KEYS: old values are read, then re-encrypted under the new key at start', async () => {
    const oldKey = randomBytes(32);
    const newKey = randomBytes(32);
    const before = await appWith({ current: oldKey, previous: [] });
    await callOn({ app: before })('POST', '/api/v1/twofaccounts', {
      service: 's',
      account: 'a',
      otp_type: 'totp',
      secret: F.SECRET,
    });
    await switchEncryption({ app: before }, true);
    const sealedBefore = (await storedRows())[0]!;
    const rotated = await appWith({ current: newKey, previous: [oldKey] });
    expect((await callOn({ app: rotated })('GET', '/api/v1/twofaccounts/1')).json()).toMatchObject({
      account: 'a',
      secret: F.SECRET,
    });
    const sealedAfter = (await storedRows())[0]!;
    expect(sealedAfter.secret).not.toBe(sealedBefore.secret);
    const onlyNew = await appWith({ current: newKey, previous: [] });
    expect((await callOn({ app: onlyNew })('GET', '/api/v1/twofaccounts/1')).json()).toMatchObject({
      account: 'a',
      service: 's',
    });
  });
});
