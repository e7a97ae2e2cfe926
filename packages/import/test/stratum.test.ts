import { describe, expect, it } from 'vitest';
import { aegisFixture, aegisText, expectVectors } from './aegis-fixtures.js';
import { importFail, importOk } from './helpers.js';

/* Stratum (Authenticator Pro): Aegis's real plain, encrypted and legacy encrypted backups. */

describe('Stratum / Authenticator Pro', () => {
  it('plain JSON: the seven vectors', async () => {
    const result = await importOk(aegisFixture('stratum_plain.json'));
    expect(result).toMatchObject({ format: 'stratum', app: 'Stratum' });
    expectVectors(result.rows, 7);
  });
  it('the on-device database (databases/authenticator.db3, SQLite)', async () => {
    const result = await importOk(aegisFixture('stratum_internal.db'));
    expect(result).toMatchObject({ format: 'stratum', app: 'Stratum' });
    expectVectors(result.rows, 7);
  });
  it('categories become groups; mOTP and Yandex entries are invalid rows, the rest imports', async () => {
    const json = JSON.parse(aegisText('stratum_plain.json')) as {
      Authenticators: { Type: number; Secret: string }[];
      Categories: object[];
      AuthenticatorCategories: object[];
    };
    json.Categories.push({ Id: 'c1', Name: 'Work', Ranking: 0 });
    json.AuthenticatorCategories.push({
      CategoryId: 'c1',
      AuthenticatorSecret: json.Authenticators[0]!.Secret,
    });
    json.Authenticators[1]!.Type = 3;
    json.Authenticators[2]!.Type = 5;
    const rows = (await importOk(JSON.stringify(json))).rows;
    expect(rows[0]!.group).toBe('Work');
    expect(rows[1]).toMatchObject({
      service: 'SPDX',
      account: 'James',
      error: { message: 'Unsupported OTP type' },
    });
    expect(rows[2]).toMatchObject({ service: 'Airbnb', error: { message: 'Unsupported OTP type' } });
    expect(rows.filter((row) => row.error === undefined)).toHaveLength(5);
  });
  it('encrypted (Argon2id, AES-GCM): right password, no password, wrong password, truncated', async () => {
    const file = aegisFixture('stratum_encrypted.bin');
    expectVectors((await importOk(file, { password: 'test' })).rows, 7);
    expect(await importFail(file)).toMatchObject({ kind: 'password_required', app: 'Stratum' });
    expect(await importFail(file, { password: 'nope' })).toMatchObject({
      kind: 'wrong_password',
      app: 'Stratum',
    });
    expect(await importFail(file.subarray(0, 40), { password: 'test' })).toMatchObject({
      kind: 'unreadable',
      app: 'Stratum',
    });
  }, 30_000);
  it('legacy encrypted (PBKDF2-SHA1, AES-CBC): right password, wrong password', async () => {
    const file = aegisFixture('stratum_encrypted_legacy.bin');
    expectVectors((await importOk(file, { password: 'test' })).rows, 7);
    expect(await importFail(file, { password: 'nope' })).toMatchObject({
      kind: 'wrong_password',
      app: 'Stratum',
    });
    expect(await importFail(file.subarray(0, file.length - 5), { password: 'test' })).toMatchObject({
      kind: 'wrong_password',
    });
  }, 30_000);
});
