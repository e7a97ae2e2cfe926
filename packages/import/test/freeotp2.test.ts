import { describe, expect, it } from 'vitest';
import { aegisFixture, aegisText, expectVectors } from './aegis-fixtures.js';
import { importFail, importOk } from './helpers.js';
import { readSerializedStringMap } from '../src/java-serial.js';

/*
 * FreeOTP 2's encrypted backup (Java-serialised HashMap, PBKDF2 master key, AES-GCM) and FreeOTP
 * 1.x's shared preferences, with Aegis's real files: API 23 (PBKDF2-SHA1, an older HashMap) and
 * API 34 (PBKDF2-SHA512). Aegis expects the exact vectors of both v2 files, and FreeOTP 1.x's
 * counters one behind.
 */

describe('FreeOTP 2 encrypted backup', () => {
  it.each(['freeotp_v2_api23.xml', 'freeotp_v2_api34.xml'])(
    '%s: right password',
    async (name) => {
      const result = await importOk(aegisFixture(name), { password: 'test' });
      expect(result).toMatchObject({ format: 'freeotp-2', app: 'FreeOTP' });
      // Both files hold six of the seven vectors (no Steam entry).
      expectVectors(result.rows, 6);
    },
    30_000,
  );
  it('no password, wrong password, truncated', async () => {
    const file = aegisFixture('freeotp_v2_api23.xml');
    expect(await importFail(file)).toMatchObject({ kind: 'password_required', app: 'FreeOTP' });
    expect(await importFail(file, { password: 'nope' })).toMatchObject({
      kind: 'wrong_password',
      app: 'FreeOTP',
    });
    const cut = await importFail(file.subarray(0, file.length >> 1), { password: 'test' });
    expect(cut).toMatchObject({ kind: 'no_format' });
  }, 30_000);
  it('the serialised-map reader refuses other streams', () => {
    expect(
      readSerializedStringMap(new Uint8Array([0xac, 0xed, 0, 5, 0x73, 0x72, 0, 3, 0x41, 0x42, 0x43]), 10),
    ).toBe(null);
    expect(readSerializedStringMap(aegisFixture('freeotp_v2_api23.xml').subarray(0, 300), 1000)).toBe(null);
    expect(readSerializedStringMap(aegisFixture('freeotp_v2_api23.xml'), 1000)?.has('masterKey')).toBe(true);
  });
});

describe('FreeOTP 1.x shared preferences', () => {
  it('tokens.xml: the vectors, counters one behind as FreeOTP+', async () => {
    const result = await importOk(aegisText('freeotp.xml'));
    expect(result.format).toBe('freeotp-xml');
    expectVectors(result.rows, 4);
  });
});
