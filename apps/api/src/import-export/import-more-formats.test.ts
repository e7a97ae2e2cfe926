import { beforeEach, describe, expect, it } from 'vitest';
import { aegisFixture, aegisText } from '../../../../packages/import/test/aegis-fixtures.js';
import { bearerCaller, createUserWithToken, multipart } from '../test/auth-helpers.js';
import { describeEachDatabase } from '../test/harness.js';

/*
 * The formats added after the first set (Authy, Battle.net, Duo, FreeOTP internal, andOTP's
 * headerless backup) and the real files that came back wrong (2FAS `"reference": ""`) through the
 * HTTP route: the password flow as statuses, truncated and foreign files as 4xx. The files are
 * Aegis's importer test data, kept in packages/import/test/fixtures/aegis.
 */

type Row = Record<string, unknown>;
const ENCRYPTED = 'Unreadable, the data seem encrypted';
const wrong = (app: string) => {
  const message = `Wrong password, the ${app} data cannot be decrypted`;
  return { message, errors: { password: [message] } };
};

describeEachDatabase('import of Android-internal and repaired formats (POST /migration)', (t) => {
  let token = '';
  const call = bearerCaller(t, () => token);
  const migrate = (payload: string, password?: string) =>
    call('POST', '/api/v1/twofaccounts/migration?withSecret=1', {
      payload,
      ...(password === undefined ? {} : { password }),
    });
  const upload = (file: Uint8Array, filename: string, password?: string) => {
    const body = multipart([
      { name: 'file', value: Buffer.from(file), filename },
      ...(password === undefined ? [] : [{ name: 'password', value: password }]),
    ]);
    return call('POST', '/api/v1/twofaccounts/migration?withSecret=1', body.payload, body.headers);
  };
  beforeEach(async () => {
    token = await createUserWithToken(t.db);
    await call('PUT', '/api/v1/settings/getOfficialIcons', { value: false });
  });

  describe('encrypted: no password 400, wrong password 422 on password, right password rows', () => {
    it('Authy shared preferences (pasted)', async () => {
      const payload = aegisText('authy_encrypted.xml');
      const none = await migrate(payload);
      expect([none.statusCode, none.json()]).toEqual([
        400,
        { message: ENCRYPTED, reason: 'password_required' },
      ]);
      const bad = await migrate(payload, 'nope');
      expect([bad.statusCode, bad.json()]).toEqual([422, wrong('Authy')]);
      const ok = await migrate(payload, 'testtest');
      expect(ok.statusCode).toBe(200);
      expect(ok.json<Row[]>().map((row) => row.service)).toEqual(['Deno', 'SPDX', 'Airbnb']);
    });
    it("andOTP's headerless backup of before 0.6 (uploaded)", async () => {
      const file = aegisFixture('andotp_encrypted_old.bin');
      const none = await upload(file, 'otp_accounts.json.aes');
      expect([none.statusCode, none.json()]).toEqual([
        400,
        { message: ENCRYPTED, reason: 'password_required' },
      ]);
      const bad = await upload(file, 'otp_accounts.json.aes', 'nope');
      expect([bad.statusCode, bad.json()]).toEqual([422, wrong('andOTP')]);
      const ok = await upload(file, 'otp_accounts.json.aes', 'test');
      expect(ok.json<Row[]>().map((row) => [row.service, row.account])).toEqual([
        ['Deno', 'Mason'],
        ['SPDX', 'James'],
        ['Airbnb', 'Elijah'],
        ['Issuu', 'James'],
        ['Air Canada', 'Benjamin'],
        ['WWE', 'Mason'],
      ]);
    });
    it('FreeOTP 2 encrypted backup (uploaded; PBKDF2-SHA512 in the worker thread)', async () => {
      const file = aegisFixture('freeotp_v2_api34.xml');
      const none = await upload(file, 'externalBackup.xml');
      expect([none.statusCode, none.json()]).toEqual([
        400,
        { message: ENCRYPTED, reason: 'password_required' },
      ]);
      const bad = await upload(file, 'externalBackup.xml', 'nope');
      expect([bad.statusCode, bad.json()]).toEqual([422, wrong('FreeOTP')]);
      expect((await upload(file, 'externalBackup.xml', 'test')).json<Row[]>()).toHaveLength(6);
      const cut = await upload(file.subarray(0, 400), 'externalBackup.xml', 'test');
      expect(cut.statusCode).toBe(400);
    });
    it('2FAS with "reference": "" (a recent 2FAS version)', async () => {
      const file = JSON.parse(aegisText('2fas_authenticator_encrypted_v4.2fas')) as object;
      const payload = JSON.stringify({ ...file, reference: '' });
      const bad = await migrate(payload, 'nope');
      expect([bad.statusCode, bad.json()]).toEqual([422, wrong('2FAS Auth')]);
      expect((await migrate(payload, 'test')).json<Row[]>()).toHaveLength(5);
    });
  });

  describe('plain', () => {
    it('Battle.net (uploaded), Duo and FreeOTP+ internal (pasted)', async () => {
      const battle = await upload(
        aegisFixture('battle_net_authenticator.xml'),
        'com.blizzard.bma_preferences.xml',
      );
      expect(battle.json<Row[]>().map((row) => [row.service, row.account, row.digits])).toEqual([
        ['Battle.net', 'US-2211-2050-3346', 8],
      ]);
      const duo = await migrate(aegisText('duo.json'));
      expect(duo.json<Row[]>().map((row) => [row.otp_type, row.account, row.counter])).toEqual([
        ['totp', 'Mason', null],
        ['hotp', 'James', 3],
      ]);
      expect((await migrate(aegisText('freeotp_plus_internal.xml'))).json<Row[]>()).toHaveLength(6);
    });
  });

  describe('SQLite databases (uploaded)', () => {
    it('Google Authenticator rows; a truncated database is a 400', async () => {
      const file = aegisFixture('google_authenticator.sqlite');
      const ok = await upload(file, 'databases');
      expect(ok.statusCode).toBe(200);
      expect(ok.json<Row[]>()).toHaveLength(6);
      const cut = await upload(file.subarray(0, 2048), 'databases');
      expect(cut.statusCode).toBe(400);
    });
  });

  describe('truncated files and files of another format: a clear 4xx', () => {
    it.each([
      ['authy_encrypted.xml', 'testtest'],
      ['battle_net_authenticator.xml', undefined],
      ['duo.json', undefined],
      ['freeotp_plus_internal.xml', undefined],
    ])('%s cut in half', async (name, password) => {
      const text = aegisText(name);
      const response = await migrate(text.slice(0, Math.floor(text.length / 2)), password);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/format|unreadable/);
    });
    it('an XML file of no known app, a PNG upload', async () => {
      const xml = await migrate('<?xml version="1.0"?><map><string name="theme">dark</string></map>');
      expect([xml.statusCode, xml.json()]).toEqual([
        400,
        { message: 'Data do not match any supported format' },
      ]);
      const png = new Uint8Array(200).fill(0xa7);
      png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      const response = await upload(png, 'image.png', 'pw');
      expect([response.statusCode, response.json()]).toEqual([
        400,
        { message: 'Data do not match any supported format' },
      ]);
    });
  });
});
