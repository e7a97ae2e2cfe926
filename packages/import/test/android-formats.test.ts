import { describe, expect, it } from 'vitest';
import { aegisFixture, aegisText, expectVectors } from './aegis-fixtures.js';
import { fields, importFail, importOk } from './helpers.js';

/*
 * Authy, Battle.net Authenticator, Duo Mobile and FreeOTP+/FreeOTP internal files, with the real
 * files of Aegis's importer tests (fixtures/aegis/README.md) and the entries its
 * DatabaseImporterTest expects of each.
 */

describe('Authy (shared preferences)', () => {
  // Authy keeps no algorithm or period: SHA-1 and 30 s (Aegis's checkImportedAuthyEntries).
  const authy = (vector: ReturnType<typeof fields>) => ({ ...vector, algorithm: 'sha1', period: 30 });
  it('plain file', async () => {
    const result = await importOk(aegisFixture('authy_plain.xml'));
    expect(result).toMatchObject({ format: 'authy', app: 'Authy' });
    expectVectors(result.rows, 3, authy);
  });
  it('encrypted file: right password, no password, wrong password', async () => {
    const file = aegisFixture('authy_encrypted.xml');
    expectVectors((await importOk(file, { password: 'testtest' })).rows, 3, authy);
    expect(await importFail(file)).toMatchObject({ kind: 'password_required', app: 'Authy' });
    expect(await importFail(file, { password: 'test' })).toMatchObject({
      kind: 'wrong_password',
      app: 'Authy',
    });
  });
  it("Authy's own tokens (hex seed, 10 s) and a broken token list", async () => {
    const xml = `<?xml version='1.0' encoding='utf-8' standalone='yes' ?>
<map>
    <string name="com.authy.storage.tokens.authy.key">[{&quot;name&quot;:&quot;Twitch&quot;,&quot;digits&quot;:7,&quot;secretSeed&quot;:&quot;e49270f0d21f365c8408f8b475c5267c&quot;}]</string>
</map>`;
    const [row] = (await importOk(xml)).rows;
    expect(fields(row!)).toMatchObject({ service: 'Twitch', account: 'Twitch', digits: 7, period: 10 });
    expect(row!.secret).toBe('4SJHB4GSD43FZBAI7C2HLRJGPQ======');
    const broken = xml.replace('[{', '[{,');
    expect(await importFail(broken)).toMatchObject({ kind: 'unreadable', app: 'Authy' });
  });
});

describe('Battle.net Authenticator (shared preferences)', () => {
  it('the masked secret and serial', async () => {
    const result = await importOk(aegisFixture('battle_net_authenticator.xml'));
    expect(result).toMatchObject({ format: 'battle-net', app: 'Battle.net' });
    // Aegis's vector: TOTP SHA1, 8 digits, 30 s, "US-2211-2050-3346", issuer "Battle.net".
    expect(result.rows.map(fields)).toEqual([
      {
        service: 'Battle.net',
        account: 'US-2211-2050-3346',
        otp_type: 'totp',
        secret: 'BMGRXPGFARQQF4GMT25JATL2VYLAHDBI',
        digits: 8,
        algorithm: 'sha1',
        period: 30,
        counter: null,
      },
    ]);
  });
  it('a secret that is not masked hex is an invalid row', async () => {
    const xml = aegisText('battle_net_authenticator.xml').replace(
      /DEVICE_SECRET">[0-9a-f]+/,
      'DEVICE_SECRET">zz',
    );
    const [row] = (await importOk(xml)).rows;
    expect(row).toMatchObject({
      service: 'Battle.net',
      account: 'US-2211-2050-3346',
      error: { key: 'validation.base32' },
    });
  });
});

describe('Duo Mobile (accounts JSON)', () => {
  it('TOTP, and HOTP with its counter; Duo keeps no issuer', async () => {
    const result = await importOk(aegisFixture('duo.json'));
    expect(result).toMatchObject({ format: 'duo', app: 'Duo Mobile' });
    // Aegis's test clears the issuer and compares the HOTP counter apart: the file says 3.
    expectVectors(result.rows, 2, (vector) => ({
      ...vector,
      service: null,
      ...(vector.otp_type === 'hotp' ? { counter: 3 } : {}),
    }));
  });
  it('an account without an OTP secret (Duo Push) is an invalid row, the rest imports', async () => {
    const json = JSON.parse(aegisText('duo.json')) as { otpGenerator: object; name: string }[];
    json.push({ name: 'Push only', otpGenerator: {} });
    const rows = (await importOk(JSON.stringify(json))).rows;
    expect(rows).toHaveLength(3);
    expect(rows[2]).toMatchObject({ account: 'Push only', error: { key: 'validation.base32' } });
    expect(rows.slice(0, 2).every((row) => row.error === undefined)).toBe(true);
  });
});

describe('FreeOTP+ internal / FreeOTP 1.x (shared preferences)', () => {
  it('tokens in tokenOrder, counters one behind', async () => {
    const result = await importOk(aegisFixture('freeotp_plus_internal.xml'));
    expect(result).toMatchObject({ format: 'freeotp-xml', app: 'FreeOTP' });
    expectVectors(result.rows, 6);
    expect(result.rows.map((row) => row.service)).toEqual([
      'WWE',
      'Air Canada',
      'Issuu',
      'Airbnb',
      'SPDX',
      'Deno',
    ]);
  });
});

describe('shared preferences that are not a known app, or broken', () => {
  it('are refused with no_format', async () => {
    for (const xml of [
      '<?xml version=\'1.0\' ?><map><int name="a" value="1" /></map>',
      '<map><string name="x">unclosed</map>',
      '<html><body>hello</body></html>',
      aegisText('authy_plain.xml').slice(0, 300),
    ])
      expect(await importFail(xml)).toMatchObject({ kind: 'no_format' });
  });
});
