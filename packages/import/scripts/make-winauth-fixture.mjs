/*
 * Builds WinAuth's password-protected export: `node scripts/make-winauth-fixture.mjs` from
 * packages/import. With "Encrypt with password", WinAuth writes its text export (one otpauth URI
 * per line, with WinAuth's `icon` parameter) alone in a zip encrypted with the traditional
 * PKWARE cipher (ZipCrypto). Password `test`.
 */
import { writeFileSync } from 'node:fs';
import * as zip from '@zip.js/zip.js';

zip.configure({ useWebWorkers: false });

const text = [
  'otpauth://totp/Deno%3AMason?secret=4SJHB4GSD43FZBAI7C2HLRJGPQ&digits=6&period=30&icon=Google',
  'otpauth://totp/Airbnb%3AElijah?secret=7ELGJSGXNCCTV3O6LKJWYFV2RA&digits=8&period=50&algorithm=SHA512',
].join('\r\n');

const writer = new zip.ZipWriter(new zip.Uint8ArrayWriter(), { password: 'test', zipCrypto: true });
await writer.add('winauth-2026-11-28.txt', new zip.TextReader(`${text}\r\n`));
writeFileSync(new URL('../test/fixtures/built/winauth.zip', import.meta.url), await writer.close());
