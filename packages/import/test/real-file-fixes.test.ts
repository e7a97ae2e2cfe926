import { describe, expect, it } from 'vitest';
import { aegisFixture, aegisText, expectVectors } from './aegis-fixtures.js';
import { SEVEN, fields, importFail, importOk } from './helpers.js';

/*
 * Files that came back wrong: a recent 2FAS export with `"reference": ""`, a 2FAS account name
 * kept only in `otp.link`, andOTP's headerless backup of before 0.6, and Bitwarden TOTP URIs
 * with an empty label. Real files from Aegis's importer tests where one exists
 * (fixtures/aegis/README.md), minimal constructed ones otherwise.
 */

const wrongPassword = (app: string) => ({
  kind: 'wrong_password',
  app,
  message: `Wrong password, the ${app} data cannot be decrypted`,
});

describe('2FAS: an empty reference is no reference', () => {
  const real = JSON.parse(aegisText('2fas_authenticator_encrypted_v4.2fas')) as Record<string, unknown>;
  const emptyRef = JSON.stringify({ ...real, reference: '' });

  it('the real encrypted v4 export opens with its password (Aegis fixture)', async () => {
    const result = await importOk(aegisFixture('2fas_authenticator_encrypted_v4.2fas'), { password: 'test' });
    expectVectors(result.rows, 5);
  });
  it('with "reference": "" the right password gives the rows, a wrong one is wrong_password', async () => {
    expectVectors((await importOk(emptyRef, { password: 'test' })).rows, 5);
    expect(await importFail(emptyRef, { password: 'nope' })).toEqual(wrongPassword('2FAS Auth'));
    expect(await importFail(emptyRef)).toMatchObject({ kind: 'password_required', app: '2FAS Auth' });
  });
});

describe('2FAS: an account name kept only in otp.link', () => {
  it('label and account empty: the account comes from the link, not the service name', async () => {
    const plain = JSON.parse(aegisText('2fas_authenticator_plain_v4.2fas')) as {
      services: { otp: Record<string, unknown> }[];
    };
    for (const service of plain.services) {
      service.otp.label = '';
      service.otp.account = '';
    }
    expectVectors((await importOk(JSON.stringify(plain))).rows, 5);
  });
  it('an empty tokenType is TOTP, an empty name takes the otp issuer', async () => {
    const plain = JSON.parse(aegisText('2fas_authenticator_plain_v4.2fas')) as {
      services: { name: string; otp: Record<string, unknown> }[];
    };
    plain.services[0]!.otp.tokenType = '';
    plain.services[0]!.name = '';
    const row = (await importOk(JSON.stringify(plain))).rows[0]!;
    expect(fields(row)).toEqual(SEVEN[0]);
  });
});

describe('andOTP before 0.6 (headerless, SHA-256 key)', () => {
  const file = aegisFixture('andotp_encrypted_old.bin');
  it('opens with its password (Aegis fixture); issuer and account read from the old label', async () => {
    const result = await importOk(file, { password: 'test' });
    // The old andOTP did not export Steam entries: the file holds the first six vectors.
    expect(result.format).toBe('andotp');
    expect(result.rows.map(fields)).toEqual(SEVEN.slice(0, 6));
  });
  it('no password → password_required; wrong password → wrong_password', async () => {
    expect(await importFail(file)).toMatchObject({ kind: 'password_required', app: 'andOTP' });
    expect(await importFail(file, { password: 'nope' })).toEqual(wrongPassword('andOTP'));
  });
  it('the newer andOTP backup still opens (Aegis fixture)', async () => {
    const result = await importOk(aegisFixture('andotp_encrypted.bin'), { password: 'test' });
    expect(result.rows.map(fields)).toEqual(SEVEN);
  });
  it('a binary image is not taken for an old andOTP backup', async () => {
    const png = new Uint8Array(64);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0xfe]);
    expect(await importFail(png, { password: 'pw' })).toMatchObject({ kind: 'no_format' });
  });
});

describe('Bitwarden: an otpauth URI with an empty label', () => {
  const uri = 'otpauth://totp/?secret=4SJHB4GSD43FZBAI7C2HLRJGPQ&issuer=Deno';
  const expected = { ...SEVEN[0], service: 'Deno' };
  it('JSON: the account is the username, else the item name', async () => {
    const json = (username: string | null) =>
      JSON.stringify({
        encrypted: false,
        items: [{ type: 1, name: 'Deno', login: { username, totp: uri } }],
      });
    const withUser = await importOk(json('Mason'));
    expect(withUser.rows.map(fields)).toEqual([expected]);
    const noUser = await importOk(json(null));
    expect(noUser.rows.map(fields)).toEqual([{ ...expected, account: 'Deno' }]);
  });
  it('CSV: the same, also without a slash before the query', async () => {
    const csv = [
      'folder,favorite,type,name,notes,fields,login_uri,login_username,login_password,login_totp',
      `,,login,Deno,,,,Mason,,${uri}`,
      `,,login,Deno,,,,,,${uri.replace('totp/?', 'totp?')}`,
    ].join('\n');
    const result = await importOk(csv);
    expect(result.rows.map(fields)).toEqual([expected, { ...expected, account: 'Deno' }]);
  });
});

describe('Proton: an entry name with a URI of empty label', () => {
  it('the entry name is the account', async () => {
    const json = JSON.stringify({
      version: 1,
      entries: [
        {
          content: {
            name: 'Mason',
            uri: 'otpauth://totp/Deno:?secret=4SJHB4GSD43FZBAI7C2HLRJGPQ&issuer=Deno',
            entry_type: 'Totp',
          },
        },
      ],
    });
    expect((await importOk(json)).rows.map(fields)).toEqual([SEVEN[0]]);
  });
});
