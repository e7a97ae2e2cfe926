import { describe, expect, it } from 'vitest';
import { aegisFixture, aegisText, expectVectors } from './aegis-fixtures.js';
import { importFail, importOk } from './helpers.js';

/*
 * TOTP Authenticator: Aegis's real backup (password "Testtest1") and internal preferences file.
 * The app keeps no algorithm (SHA-1) and lower-cases names (Aegis's
 * checkImportedTotpAuthenticatorEntries); its files do hold the digits and period, which are
 * carried over (Aegis resets them to 6 and 30).
 */

const totpAuthenticator = (vector: { account: string | null }) => ({
  ...vector,
  account: vector.account?.toLowerCase() ?? null,
  algorithm: 'sha1',
});

describe('TOTP Authenticator', () => {
  it('encrypted backup: right password, no password, wrong password', async () => {
    const file = aegisFixture('totp_authenticator.bin');
    const result = await importOk(file, { password: 'Testtest1' });
    expect(result).toMatchObject({ format: 'totp-authenticator', app: 'TOTP Authenticator' });
    expectVectors(result.rows, 3, (vector) => ({ ...vector, ...totpAuthenticator(vector) }));
    expect(await importFail(file)).toMatchObject({ kind: 'password_required', app: 'TOTP Authenticator' });
    expect(await importFail(file, { password: 'nope' })).toMatchObject({
      kind: 'wrong_password',
      app: 'TOTP Authenticator',
    });
  });
  it('internal shared preferences', async () => {
    const result = await importOk(aegisText('totp_authenticator_internal.xml'));
    expect(result.format).toBe('totp-authenticator');
    expectVectors(result.rows, 3, (vector) => ({ ...vector, ...totpAuthenticator(vector) }));
  });
  it('a truncated backup is not opened', async () => {
    const text = aegisText('totp_authenticator.bin').trim();
    const cut = await importFail(text.slice(0, 64), { password: 'Testtest1' });
    expect(cut).toMatchObject({ kind: 'wrong_password', app: 'TOTP Authenticator' });
  });
});
