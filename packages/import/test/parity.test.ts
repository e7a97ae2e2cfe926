import { describe, expect, it } from 'vitest';
import * as F from './fixtures.js';
import { fields, importFail, importOk } from './helpers.js';

/* Cases the API's first-release importer covered, kept with the same answers. */

describe('parity with the first-release importer', () => {
  it('the Google encoder fixture (HOTP, sha256, 8 digits, percent-encoded base64)', async () => {
    const uri =
      'otpauth-migration://offline?data=CjoKFDEyMzQ1Njc4OTAxMjM0NTY3ODkwEhFhbGljZUBleGFtcGxlLmNvbRoHRXhhbXBsZSACKAIwATgqEAEYASAAKJWa7zo%3D';
    expect((await importOk(uri)).rows.map(fields)).toEqual([
      {
        otp_type: 'hotp',
        service: 'Example',
        account: 'alice@example.com',
        secret: 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ',
        digits: 8,
        algorithm: 'sha256',
        period: null,
        counter: 42,
      },
    ]);
  });
  it('a QR code scanned twice counts once; a missing part is a notice', async () => {
    expect((await importOk(`${F.GOOGLE}\n${F.GOOGLE}`)).rows).toHaveLength(2);
    const payload = Buffer.from(
      '0a3a0a1431323334353637383930313233343536373839301211616c696365406578616d706c652e636f6d1a074578616d706c65200228023001382a10011802200128959aef3a',
      'hex',
    );
    const uri = `otpauth-migration://offline?data=${encodeURIComponent(payload.toString('base64'))}`;
    expect((await importOk(uri)).notices).toEqual(['QR code 1 of 2 not scanned']);
  });
  it.each([
    ['a db without header', '{"db":{"entries":[]}}'],
    ['binary that is not andOTP', new Uint8Array([0xff, 0xfe, 0x00, 0x81])],
    ['malformed 2FAuth JSON', '{"app":"2fauth_v1","data":[ , ]}'],
  ])('%s → no format', async (_name, input) => {
    expect(await importFail(input)).toMatchObject({ kind: 'no_format' });
  });
  it('2FAuth with a non-array data is unreadable', async () => {
    expect(await importFail('{"app":"2fauth_v8","schema":1,"data":"nope"}')).toMatchObject({
      kind: 'unreadable',
      app: '2FAuth',
    });
  });
  it("2FAuth's otpauth export variant behind a BOM", async () => {
    const variant = {
      app: '2fauth_v8.0.1',
      datetime: 'x',
      data: [{ uri: 'otpauth://totp/account?secret=A4GRFHVVRBGY7UIW' }],
    };
    expect((await importOk(`\uFEFF${JSON.stringify(variant)}`)).rows.map(fields)).toEqual([
      {
        otp_type: 'totp',
        service: null,
        account: 'account',
        secret: 'A4GRFHVVRBGY7UIW',
        digits: 6,
        algorithm: 'sha1',
        period: 30,
        counter: null,
      },
    ]);
  });
  it('row errors carry the API translation keys', async () => {
    const result = await importOk('otpauth://totp/service:account?secret=A4GRFHVVRBGY7UIW\notpauth://totp/');
    expect(result.rows.map((row) => row.error?.key)).toEqual([undefined, 'validation.uri_label']);
  });
  it('a BOM-prefixed uploaded file is read as text', async () => {
    const bytes = new TextEncoder().encode(`\uFEFF${F.AEGIS_PLAIN_TXT}`);
    expect((await importOk(bytes)).rows).toHaveLength(7);
  });
});
