import { describe, expect, it } from 'vitest';
import { fixtures as F } from '../accounts/fixtures.js';
import { decodeGoogleMigration } from './google-rows.js';
import { parseImport } from './formats.js';
import type { SourceRow } from './rows.js';
import { TWOFAUTH_JSON } from './fixtures.js';

const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAACXBIWXMAAA7EAAAOxAGVKw4bAAAAC0lEQVQImWP4DwQACfsD/eNV8pwAAAAASUVORK5CYII=';

const rows = (input: string | Buffer): SourceRow[] => {
  const result = parseImport(input);
  if (!result.ok) throw new Error(JSON.stringify(result.failure));
  return result.rows;
};
const brief = (row: SourceRow) => ({
  otp_type: row.otp_type,
  service: row.service,
  account: row.account,
  secret: row.secret,
  digits: row.digits,
  algorithm: row.algorithm,
  period: row.period,
  counter: row.counter,
  ...(row.error ? { error: row.error.key } : {}),
});

describe('Google Authenticator migration (formats.md §4)', () => {
  it('decodes the 2FAuth fixture', () => {
    const result = decodeGoogleMigration([F.GOOGLE_AUTH_MIGRATION_URI]);
    expect(result?.rows.map(brief)).toEqual([
      {
        otp_type: 'totp',
        service: 'service',
        account: 'account',
        secret: 'A4GRFHVVRBGY7UIW',
        digits: 6,
        algorithm: 'sha1',
        period: 30,
        counter: null,
      },
      {
        otp_type: 'totp',
        service: 'service_bis',
        account: 'account_bis',
        secret: 'A4GRFHVVRBGY7UIW',
        digits: 6,
        algorithm: 'sha1',
        period: 30,
        counter: null,
      },
    ]);
    expect(result?.notices).toEqual([]);
  });

  it('decodes the encoder fixture (HOTP, sha256, 8 digits, percent-encoded base64)', () => {
    const uri =
      'otpauth-migration://offline?data=CjoKFDEyMzQ1Njc4OTAxMjM0NTY3ODkwEhFhbGljZUBleGFtcGxlLmNvbRoHRXhhbXBsZSACKAIwATgqEAEYASAAKJWa7zo%3D';
    expect(decodeGoogleMigration([uri])?.rows.map(brief)).toEqual([
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

  it('refuses truncated data and field 0, ignores a repeated QR code', () => {
    expect(decodeGoogleMigration([F.GOOGLE_AUTH_MIGRATION_URI_WITH_INVALID_DATA])).toBeUndefined();
    expect(decodeGoogleMigration(['otpauth-migration://offline?data=AEoATACEAEYASAA'])).toBeUndefined();
    expect(
      decodeGoogleMigration([F.GOOGLE_AUTH_MIGRATION_URI, F.GOOGLE_AUTH_MIGRATION_URI])?.rows,
    ).toHaveLength(2);
  });

  it('reports missing parts of a batch', () => {
    // batch_size 2, batch_index 1 of the encoder fixture's payload rewritten by hand
    const payload = Buffer.from(
      '0a3a0a1431323334353637383930313233343536373839301211616c696365406578616d706c652e636f6d1a074578616d706c65200228023001382a10011802200128959aef3a',
      'hex',
    );
    const uri = `otpauth-migration://offline?data=${encodeURIComponent(payload.toString('base64'))}`;
    expect(decodeGoogleMigration([uri])?.notices).toEqual(['QR code 1 of 2 not scanned']);
  });
});

describe('import detection and formats (formats.md §5.3, §5.4, §5.14)', () => {
  it('reads 2FAuth JSON with the Steam rule applied later and icons kept', () => {
    expect(rows(JSON.stringify(TWOFAUTH_JSON)).map(brief)).toEqual([
      {
        otp_type: 'totp',
        service: 'service',
        account: 'account',
        secret: 'A4GRFHVVRBGY7UIW',
        digits: 7,
        algorithm: 'sha256',
        period: 40,
        counter: null,
      },
      {
        otp_type: 'hotp',
        service: 'service',
        account: 'account',
        secret: 'A4GRFHVVRBGY7UIW',
        digits: 7,
        algorithm: 'sha256',
        period: null,
        counter: 5,
      },
      {
        otp_type: 'steamtotp',
        service: 'Steam',
        account: 'account',
        secret: 'XJGTDRUUKZH3X7TQN2QZUGCGXZCC5LXE',
        digits: 5,
        algorithm: 'sha256',
        period: 40,
        counter: null,
      },
    ]);
    const withIcon = structuredClone(TWOFAUTH_JSON);
    Object.assign(withIcon.data[0]!, { icon: 'test.png', icon_mime: 'image/png', icon_file: PNG });
    Object.assign(withIcon.data[1]!, { otp_type: 'Xotp' });
    const result = rows(JSON.stringify(withIcon));
    expect(result[0]!.icon?.mime).toBe('image/png');
    expect(brief(result[1]!)).toMatchObject({ error: 'error.unsupported_otp_type' });
  });

  it('reads plain otpauth lists and refuses intruders', () => {
    const valid = `${F.TOTP_FULL_CUSTOM_URI_NO_IMG}\n${F.HOTP_FULL_CUSTOM_URI_NO_IMG}\n\n${F.STEAM_TOTP_URI}\n\n`;
    expect(rows(valid).map((row) => row.otp_type)).toEqual(['totp', 'hotp', 'steamtotp']);
    const withInvalid = rows(`${F.TOTP_FULL_CUSTOM_URI_NO_IMG}\notpauth://totp/`);
    expect(withInvalid.map((row) => row.error?.key)).toEqual([undefined, 'validation.uri_label']);
    for (const unsupported of [
      `${F.TOTP_FULL_CUSTOM_URI}\nThis is an intruder line\n${F.STEAM_TOTP_URI}`,
      '\n\nXJGTDRUUKZH3X7TQN2QZUGCGXZCC5LXE',
      ' \n \t\n',
      '',
      'lorem ipsum\nlorem ipsum',
      `${F.TOTP_SHORT_URI}\n${F.INVALID_OTPAUTH_URI}`,
      F.INVALID_GOOGLE_AUTH_MIGRATION_URI,
      '{"app":"2fauth_v1","data":[ , ]}',
      '{"db":{"entries":[]}}',
      Buffer.from([0xff, 0xfe, 0x00, 0x81]),
    ]) {
      expect(parseImport(unsupported)).toEqual({ ok: false, failure: { kind: 'no_format' } });
    }
    expect(parseImport(F.GOOGLE_AUTH_MIGRATION_URI_WITH_INVALID_DATA)).toEqual({
      ok: false,
      failure: { kind: 'unreadable', app: 'Google Authenticator' },
    });
    expect(parseImport('{"app":"2fauth_v8","schema":1,"data":"nope"}')).toEqual({
      ok: false,
      failure: { kind: 'unreadable', app: '2FAuth' },
    });
  });

  it("reads 2FAuth's otpauth export variant and a BOM", () => {
    const variant = { app: '2fauth_v8.0.1', datetime: 'x', data: [{ uri: F.TOTP_SHORT_URI }] };
    expect(rows(`\uFEFF${JSON.stringify(variant)}`).map(brief)).toEqual([
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
});
