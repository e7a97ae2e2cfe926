import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { aegisFixture } from './aegis-fixtures.js';
import { SEVEN, fields, importFail, importOk } from './helpers.js';

/*
 * Proton Pass (zip and PGP), 1Password (.1pux): files built by scripts/make-password-manager-fixtures.mjs
 * in each app's export layout. Authenticator Plus: Aegis's real `authenticator_plus.zip` (password
 * `testtesttest`), which Aegis's DatabaseImporterTest expects to give the seven test vectors.
 */
const built = (name: string) =>
  new Uint8Array(readFileSync(new URL(`./fixtures/built/${name}`, import.meta.url)));
const vector = (service: string) => SEVEN.find((row) => row.service === service)!;

describe('Proton Pass', () => {
  const expectRows = (result: Awaited<ReturnType<typeof importOk>>) => {
    expect(result).toMatchObject({ format: 'proton-pass', app: 'Proton Pass', skipped: 2 });
    const valid = result.rows.filter((row) => row.error === undefined);
    expect(valid.map(fields)).toEqual([vector('Deno'), vector('SPDX'), vector('Airbnb'), vector('Steam')]);
    expect(valid.map((row) => row.group)).toEqual(['Personal', 'Personal', 'Personal', 'Work']);
    expect(result.rows.filter((row) => row.error)).toMatchObject([
      { account: 'someone', error: { message: 'Unsupported OTP type' } },
    ]);
  };
  it('the zip export', async () => {
    expectRows(await importOk(built('proton_pass.zip')));
  });
  it('its data.json pasted', async () => {
    const zip = await import('@zip.js/zip.js');
    const reader = new zip.ZipReader(new zip.Uint8ArrayReader(built('proton_pass.zip')), {
      useWebWorkers: false,
    });
    const [entry] = await reader.getEntries();
    if (entry === undefined || entry.directory) throw new Error('no data.json in the fixture');
    expectRows(await importOk(await entry.getData(new zip.TextWriter())));
  });
  it('the PGP-encrypted export: right, wrong and no password', async () => {
    const file = built('proton_pass.pgp');
    expectRows(await importOk(file, { password: 'test' }));
    expect(await importFail(file)).toMatchObject({
      kind: 'password_required',
      app: 'Proton Pass',
      message: 'Unreadable, the data seem encrypted',
    });
    expect(await importFail(file, { password: 'nope' })).toMatchObject({
      kind: 'wrong_password',
      app: 'Proton Pass',
    });
  });
  it('Proton Pass 1.32: the PGP message holds data.json itself, not a zip', async () => {
    const zip = await import('@zip.js/zip.js');
    const reader = new zip.ZipReader(new zip.Uint8ArrayReader(built('proton_pass.zip')), {
      useWebWorkers: false,
    });
    const [entry] = await reader.getEntries();
    if (entry === undefined || entry.directory) throw new Error('no data.json in the fixture');
    const openpgp = await import('openpgp');
    const armored = await openpgp.encrypt({
      message: await openpgp.createMessage({ binary: await entry.getData(new zip.Uint8ArrayWriter()) }),
      passwords: ['test'],
    });
    expectRows(await importOk(String(armored), { password: 'test' }));
    expect(await importFail(String(armored), { password: 'nope' })).toMatchObject({
      kind: 'wrong_password',
      app: 'Proton Pass',
    });
    const notJson = await openpgp.encrypt({
      message: await openpgp.createMessage({ binary: new TextEncoder().encode('{"version": "1.32"}') }),
      passwords: ['test'],
    });
    expect(await importFail(String(notJson), { password: 'test' })).toEqual({
      kind: 'unreadable',
      app: 'Proton Pass',
      message: 'Invalid or unreadable Proton Pass data',
    });
  });
  it('older versions: the armored message in base64', async () => {
    const base64 = Buffer.from(built('proton_pass.pgp')).toString('base64');
    expectRows(await importOk(base64, { password: 'test' }));
  });
  it('a damaged PGP message is refused with a 4xx kind', async () => {
    const text = new TextDecoder().decode(built('proton_pass.pgp'));
    const failure = await importFail(text.slice(0, 200), { password: 'test' });
    expect(['unreadable', 'wrong_password']).toContain(failure.kind);
  });
});

describe('1Password .1pux', () => {
  it('rows from URIs and bare secrets; archived items too; mOTP is an invalid row', async () => {
    const result = await importOk(built('onepassword.1pux'));
    expect(result).toMatchObject({ format: '1password', app: '1Password', skipped: 1 });
    const valid = result.rows.filter((row) => row.error === undefined);
    expect(valid.map(fields)).toEqual([vector('Issuu'), vector('Air Canada'), vector('Deno'), vector('WWE')]);
    expect(valid.map((row) => row.group)).toEqual(['Private', 'Private', 'Private', 'Shared']);
    expect(result.rows.filter((row) => row.error)).toMatchObject([
      { account: 'someone', error: { message: 'Unsupported OTP type' } },
    ]);
  });
  it('a truncated .1pux is refused, not read', async () => {
    const bytes = built('onepassword.1pux');
    const failure = await importFail(bytes.slice(0, bytes.length - 30));
    expect(['no_format', 'unreadable']).toContain(failure.kind);
  });
});

describe('Authenticator Plus (Aegis fixture)', () => {
  it('the password-protected zip: right, wrong and no password', async () => {
    const file = aegisFixture('authenticator_plus.zip');
    const result = await importOk(file, { password: 'testtesttest' });
    expect(result).toMatchObject({ format: 'authenticator-plus', app: 'Authenticator Plus' });
    expect(result.rows.map(fields)).toEqual(SEVEN);
    expect(await importFail(file)).toMatchObject({ kind: 'password_required', app: 'Authenticator Plus' });
    expect(await importFail(file, { password: 'nope' })).toMatchObject({
      kind: 'wrong_password',
      app: 'Authenticator Plus',
    });
  });
});

describe('Proton Pass PGP: what is refused before any work', () => {
  it('an Argon2 S2K or a message for a key, not a password', async () => {
    const openpgp = await import('openpgp');
    const zip = built('proton_pass.zip');
    const argon2 = await openpgp.encrypt({
      message: await openpgp.createMessage({ binary: zip }),
      passwords: ['test'],
      config: { s2kType: openpgp.enums.s2k.argon2 },
    });
    expect(await importFail(String(argon2), { password: 'test' })).toMatchObject({
      kind: 'unsupported_encryption',
      app: 'Proton Pass',
    });
    const { privateKey } = await openpgp.generateKey({
      userIDs: [{ name: 'x' }],
      type: 'ecc',
      format: 'object',
    });
    const forKey = await openpgp.encrypt({
      message: await openpgp.createMessage({ binary: zip }),
      encryptionKeys: privateKey.toPublic(),
    });
    expect(await importFail(String(forKey), { password: 'test' })).toMatchObject({
      kind: 'unsupported_encryption',
    });
  });
});

describe('zip archives: size bounds', () => {
  it('an export.data of 40 MiB (a few KiB compressed) is refused, not inflated', async () => {
    const zip = await import('@zip.js/zip.js');
    const writer = new zip.ZipWriter(new zip.Uint8ArrayWriter(), { useWebWorkers: false });
    await writer.add('export.data', new zip.Uint8ArrayReader(new Uint8Array(40 * 1024 * 1024).fill(0x20)));
    const bomb = await writer.close();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(await importFail(bomb)).toMatchObject({ kind: 'unreadable', app: '1Password' });
  });
});
