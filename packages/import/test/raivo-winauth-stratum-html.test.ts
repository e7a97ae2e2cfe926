import { describe, expect, it } from 'vitest';
import { SEVEN, fields, importFail, importOk } from './helpers.js';

/*
 * Raivo OTP's JSON (alone and in its password-protected zip), WinAuth's password-protected zip
 * and Stratum's HTML export, each built here the way the app writes it: Raivo's
 * `raivo-otp-export.json` with its numbers as strings; WinAuth's text export alone in a ZipCrypto
 * zip; Stratum's page with one `<tr>` per authenticator holding the URI in `<code>`.
 */

const [deno, spdx, airbnb, issuu, , , steam] = SEVEN;
const bare = (secret: string) => secret.replace(/=+$/, '');

async function zipOf(files: Record<string, string>, options: { password?: string; zipCrypto?: boolean }) {
  const zip = await import('@zip.js/zip.js');
  const writer = new zip.ZipWriter(new zip.Uint8ArrayWriter(), { useWebWorkers: false, ...options });
  for (const [name, text] of Object.entries(files)) await writer.add(name, new zip.TextReader(text));
  return writer.close();
}

const raivoJson = JSON.stringify([
  {
    issuer: 'Deno',
    account: 'Mason',
    secret: bare(deno.secret),
    kind: 'TOTP',
    algorithm: 'SHA1',
    digits: '6',
    timer: '30',
    counter: '0',
    pinned: 'true',
    iconType: 'raivo_repository',
    iconValue: 'deno.land/deno.png',
  },
  {
    issuer: 'SPDX',
    account: 'James',
    secret: bare(spdx.secret),
    kind: 'TOTP',
    algorithm: 'SHA256',
    digits: '7',
    timer: '20',
    counter: '0',
    pinned: 'false',
    iconType: '',
    iconValue: '',
  },
  {
    issuer: 'Issuu',
    account: 'James',
    secret: bare(issuu.secret),
    kind: 'HOTP',
    algorithm: 'SHA1',
    digits: '6',
    timer: '30',
    counter: '1',
    pinned: 'false',
    iconType: '',
    iconValue: '',
  },
  {
    issuer: 'Broken',
    account: 'x',
    secret: 'not base32!',
    kind: 'TOTP',
    algorithm: 'SHA1',
    digits: '6',
    timer: '30',
    counter: '0',
  },
]);

describe('Raivo OTP', () => {
  const expectRows = (result: Awaited<ReturnType<typeof importOk>>) => {
    expect(result).toMatchObject({ format: 'raivo', app: 'Raivo OTP' });
    expect(result.rows.slice(0, 3).map(fields)).toEqual([deno, spdx, issuu]);
    expect(result.rows.map((row) => row.favorite)).toEqual([true, undefined, undefined, undefined]);
    expect(result.rows[3]).toMatchObject({
      service: 'Broken',
      error: { message: 'The secret field must be a base32 encoded string.' },
    });
  };
  it('raivo-otp-export.json alone', async () => {
    expectRows(await importOk(raivoJson));
  });
  it('the export zip (AES, under the export password), next to its PDF: right, no and wrong password', async () => {
    const file = await zipOf(
      { 'raivo-otp-export.json': raivoJson, 'raivo-otp-export.pdf': '%PDF-1.4' },
      { password: 'raivo-pass' },
    );
    expectRows(await importOk(file, { password: 'raivo-pass' }));
    expect(await importFail(file)).toMatchObject({ kind: 'password_required', app: 'Raivo OTP' });
    expect(await importFail(file, { password: 'nope' })).toEqual({
      kind: 'wrong_password',
      app: 'Raivo OTP',
      message: 'Wrong password, the Raivo OTP data cannot be decrypted',
    });
  });
});

describe('WinAuth password-protected zip', () => {
  const text = [
    `otpauth://totp/Deno%3AMason?secret=${bare(deno.secret)}&digits=6&period=30&icon=Google&skew=0`,
    `otpauth://totp/Airbnb%3AElijah?secret=${bare(airbnb.secret)}&digits=8&period=50&algorithm=SHA512`,
  ].join('\r\n');
  it('the fixture of scripts/make-winauth-fixture.mjs (password test)', async () => {
    const { readFileSync } = await import('node:fs');
    const file = new Uint8Array(readFileSync(new URL('./fixtures/built/winauth.zip', import.meta.url)));
    expect((await importOk(file, { password: 'test' })).rows.map(fields)).toEqual([deno, airbnb]);
  });
  it('one text file in a ZipCrypto zip: right, no and wrong password', async () => {
    const file = await zipOf({ 'winauth-2026-11-28.txt': text }, { password: 'test', zipCrypto: true });
    const result = await importOk(file, { password: 'test' });
    expect(result).toMatchObject({ format: 'winauth', app: 'WinAuth' });
    expect(result.rows.map(fields)).toEqual([deno, airbnb]);
    expect(await importFail(file)).toMatchObject({ kind: 'password_required', app: 'WinAuth' });
    expect(await importFail(file, { password: 'nope' })).toMatchObject({
      kind: 'wrong_password',
      app: 'WinAuth',
    });
  });
  it('a zip of one text file that is not an otpauth list is refused, without echoing it', async () => {
    const plain = await zipOf({ 'notes.txt': 'JBSWY3DPEHPK3PXP my secret' }, {});
    expect(await importFail(plain)).toEqual({
      kind: 'no_format',
      message: 'Data do not match any supported format',
    });
    const encrypted = await zipOf(
      { 'notes.txt': 'JBSWY3DPEHPK3PXP my secret' },
      { password: 'pw', zipCrypto: true },
    );
    expect(await importFail(encrypted, { password: 'pw' })).toEqual({
      kind: 'unreadable',
      app: 'WinAuth',
      message: 'Invalid or unreadable WinAuth data',
    });
  });
});

describe('Stratum HTML export', () => {
  const row = (issuer: string, username: string, uri: string) => `
    <tr>
        <td>${issuer}</td>
        <td>${username}</td>
        <td><code>${uri}</code></td>
        <td><img src="data:image/png;base64,iVBORw0KGgo="></td>
    </tr>`;
  const page = (rows: string) => `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>Stratum Backup</title></head>
<body><table><thead><tr><th>Issuer</th><th>Username</th><th>URI</th><th>QR Code</th></tr></thead>
<tbody>${rows}</tbody></table></body>
</html>`;
  it('one row per authenticator, Steam included', async () => {
    const html = page(
      row('Deno', 'Mason', `otpauth://totp/Deno:Mason?secret=${bare(deno.secret)}&issuer=Deno`) +
        row(
          'Airbnb',
          'Elijah',
          `otpauth://totp/Airbnb:Elijah?secret=${bare(airbnb.secret)}&issuer=Airbnb&algorithm=SHA512&digits=8&period=50`,
        ) +
        row('Steam', 'Sophia', `otpauth://steam/Steam:Sophia?secret=${bare(steam.secret)}&issuer=Steam`),
    );
    const result = await importOk(html);
    expect(result).toMatchObject({ format: 'stratum-html', app: 'Stratum' });
    expect(result.rows.map(fields)).toEqual([deno, airbnb, steam]);
  });
  it('an HTML page without otpauth URIs is not a format', async () => {
    expect(await importFail(page(''))).toMatchObject({ kind: 'no_format' });
  });
  it('a long run of spaces inside <code> is read in linear time', async () => {
    const html = page(`<code>otpauth://totp/x?${' '.repeat(2_000_000)}`);
    expect(await importFail(html)).toMatchObject({ kind: 'no_format' });
  });
});
