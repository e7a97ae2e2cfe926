import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeAccount } from './account.js';
import { encodeBase32 } from './base32.js';
import { decodeBase64, encodeBase64 } from './base64.js';
import {
  decodeMigrationPayload,
  decodeMigrationUri,
  decodeMigrationUris,
  encodeMigrationUris,
  isMigrationUri,
  type MigrationEntry,
  type MigrationPayload,
} from './migration.js';
import { ProtobufWriter, readFields, toInt32 } from './protobuf.js';
import { canonicalSecret } from './secret.js';
import type { OtpAccount, Result } from './types.js';

const FIXTURE =
  'otpauth-migration://offline?data=CiQKCgcNEp61iE2P0RYSB2FjY291bnQaB3NlcnZpY2UgASgBMAIKLAoKBw0SnrWITY/RFhILYWNjb3VudF9iaXMaC3NlcnZpY2VfYmlzIAEoATACEAEYASAA';
const FIXTURE_HEX =
  '0a240a0a070d129eb5884d8fd11612076163636f756e741a07736572766963652001280130020a2c0a0a070d129eb5884d8fd116120b6163636f756e745f6269731a0b736572766963655f626973200128013002100118012000';
const ENCODER_URI =
  'otpauth-migration://offline?data=CjoKFDEyMzQ1Njc4OTAxMjM0NTY3ODkwEhFhbGljZUBleGFtcGxlLmNvbRoHRXhhbXBsZSACKAIwATgqEAEYASAAKJWa7zo%3D';
const ENCODER_HEX =
  '0a3a0a1431323334353637383930313233343536373839301211616c696365406578616d706c652e636f6d1a074578616d706c65200228023001382a10011801200028959aef3a';

const fromHex = (hex: string): Uint8Array => Uint8Array.from(Buffer.from(hex, 'hex'));
const toHex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');

function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`unexpected error: ${JSON.stringify(result.errors)}`);
  return result.value;
}

function accounts(payload: MigrationPayload | { entries: readonly MigrationEntry[] }): OtpAccount[] {
  return payload.entries.map((entry) => {
    if (!entry.ok) throw new Error(`invalid entry: ${JSON.stringify(entry)}`);
    return entry.account;
  });
}

const uriOf = (payload: Uint8Array): string =>
  `otpauth-migration://offline?data=${encodeURIComponent(encodeBase64(payload))}`;

/** One OtpParameters message, fields in order; `undefined` leaves a field out (proto3 zero). */
function entry(fields: {
  secret?: Uint8Array;
  name?: string;
  issuer?: string;
  algorithm?: number;
  digits?: number;
  type?: number;
  counter?: number | bigint;
  period?: number;
  /** Field 8 as a length-delimited value (wire type 2), as Google's exports of 2025 write it. */
  periodText?: string;
}): Uint8Array {
  const writer = new ProtobufWriter();
  if (fields.secret !== undefined) writer.bytes(1, fields.secret);
  if (fields.name !== undefined) writer.string(2, fields.name);
  if (fields.issuer !== undefined) writer.string(3, fields.issuer);
  if (fields.algorithm !== undefined) writer.uint(4, fields.algorithm);
  if (fields.digits !== undefined) writer.uint(5, fields.digits);
  if (fields.type !== undefined) writer.uint(6, fields.type);
  if (fields.counter !== undefined) writer.uint(7, fields.counter);
  if (fields.period !== undefined) writer.uint(8, fields.period);
  if (fields.periodText !== undefined) writer.string(8, fields.periodText);
  return writer.finish();
}

function payload(entries: Uint8Array[], batch?: { size: number; index: number; id: number }): Uint8Array {
  const writer = new ProtobufWriter();
  for (const item of entries) writer.bytes(1, item);
  writer.uint(2, 1);
  if (batch !== undefined) writer.uint(3, batch.size).uint(4, batch.index).uint(5, batch.id);
  return writer.finish();
}

const KEY = fromHex('070d129eb5884d8fd116');
const account = (fields: Partial<OtpAccount>): OtpAccount => ({
  otp_type: 'totp',
  service: 'service',
  account: 'account',
  secret: 'A4GRFHVVRBGY7UIW',
  digits: 6,
  algorithm: 'sha1',
  period: 30,
  counter: null,
  ...fields,
});

describe("2FAuth's GOOGLE_AUTH_MIGRATION_URI", () => {
  it('decodes to the two expected accounts and the batch information', () => {
    const bytes = decodeBase64(FIXTURE.slice(FIXTURE.indexOf('=') + 1));
    expect(bytes && toHex(bytes)).toBe(FIXTURE_HEX);
    const decoded = value(decodeMigrationUri(FIXTURE));
    expect(decoded.batch).toEqual({ version: 1, size: 1, index: 0, id: 0 });
    expect(accounts(decoded)).toEqual([
      account({}),
      account({ service: 'service_bis', account: 'account_bis' }),
    ]);
  });

  it('refuses the wrong scheme as not a migration URI', () => {
    const wrong = FIXTURE.replace('otpauth-migration', 'otpauthmigration');
    expect(isMigrationUri(wrong)).toBe(false);
    expect(decodeMigrationUri(wrong)).toMatchObject({
      ok: false,
      error: { field: 'uri', code: 'not_migration_uri' },
    });
    for (const text of [
      '',
      'otpauth://totp/a?secret=AAAA',
      'otpauth-migration://online?data=AAAA',
      'otpauth-migration:/offline?data=x',
    ]) {
      expect(decodeMigrationUri(text)).toMatchObject({ ok: false, error: { code: 'not_migration_uri' } });
    }
  });

  it.each([
    [
      'truncated data (41 characters: 1 modulo 4)',
      'otpauth-migration://offline?data=CiQKCgcNEp61iE2P0RYSB2FjY291bnQaB3NlcnZpY',
    ],
    [
      'truncated data (a length running past the end)',
      'otpauth-migration://offline?data=CiQKCgcNEp61iE2P0RYSB2FjY291bnQaB3NlcnZp',
    ],
    ['field number 0', 'otpauth-migration://offline?data=AEoATACEAEYASAA'],
    ['no data parameter', 'otpauth-migration://offline?other=CiQK'],
    ['empty data', 'otpauth-migration://offline?data='],
    ['not base64', 'otpauth-migration://offline?data=Ci*QK'],
    ['a malformed escape', 'otpauth-migration://offline?data=CiQK%ZZ'],
    ['a varint longer than 10 bytes', uriOf(fromHex('10ffffffffffffffffffff01'))],
    ['wire type 3', uriOf(fromHex('0b'))],
    ['otp_parameters as a varint', uriOf(fromHex('0801'))],
  ])('fails the whole payload on %s', (_, uri) => {
    expect(decodeMigrationUri(uri)).toEqual({
      ok: false,
      error: {
        field: 'data',
        code: 'invalid_data',
        message: 'Invalid or unreadable Google Authenticator data',
      },
      errors: [expect.objectContaining({ code: 'invalid_data' })],
    });
  });
});

describe('getting the bytes out: the + pitfall', () => {
  // A payload whose base64 contains `+` and `/`.
  const bytes = payload([entry({ secret: fromHex('fbeffe'), name: 'a>?b>>>', type: 2 })]);
  const base64 = encodeBase64(bytes);

  it('has + and / in its base64', () => {
    expect(base64).toMatch(/\+/);
    expect(base64).toMatch(/\//);
  });

  it.each([
    ['percent-encoded', base64.replace(/\+/g, '%2B').replace(/\//g, '%2F').replace(/=/g, '%3D')],
    ['raw + and /', base64],
    ['form-decoded earlier (+ became a space)', base64.replace(/\+/g, ' ')],
    ['form-decoded earlier (+ became %20)', base64.replace(/\+/g, '%20')],
    ['URL-safe alphabet', base64.replace(/\+/g, '-').replace(/\//g, '_')],
    ['without padding', base64.replace(/=+$/, '')],
    ['followed by another parameter', `${base64}&foo=bar`],
  ])('%s', (_, data) => {
    const decoded = value(decodeMigrationUri(`otpauth-migration://offline?data=${data}`));
    expect(accounts(decoded)).toEqual([
      account({ service: null, account: 'a>?b>>>', secret: encodeBase32(fromHex('fbeffe')) + '===' }),
    ]);
  });

  it('compares scheme and host without case, and finds data after other parameters', () => {
    expect(
      accounts(value(decodeMigrationUri(`OTPAUTH-MIGRATION://OFFLINE?x=1&data=${base64}`))),
    ).toHaveLength(1);
    expect(accounts(value(decodeMigrationUri(`  ${FIXTURE}\n`)))).toHaveLength(2);
  });
});

describe('the protobuf wire format', () => {
  it('reads negative int32 as 10-byte varints', () => {
    const minusOne = readFields(fromHex('28ffffffffffffffffff01'));
    expect(minusOne).toHaveLength(1);
    expect(minusOne[0]?.wire === 0 && toInt32(minusOne[0].value)).toBe(-1);
    const big = readFields(fromHex('28ebe0928afbffffffff01'));
    expect(big[0]?.wire === 0 && toInt32(big[0].value)).toBe(-1320898453);
    expect(toHex(new ProtobufWriter().uint(5, -1320898453).finish())).toBe('28ebe0928afbffffffff01');
  });

  it('decodes negative batch ids', () => {
    for (const id of [-1, -1320898453, -2147483648, 2147483647, 123456789]) {
      const decoded = value(
        decodeMigrationPayload(payload([entry({ secret: KEY, name: 'a' })], { size: 3, index: 2, id })),
      );
      expect(decoded.batch).toEqual({ version: 1, size: 3, index: 2, id });
    }
  });

  it('skips unknown fields of every wire type, in the payload and in entries', () => {
    const inner = new ProtobufWriter()
      .bytes(1, KEY)
      .string(2, 'a')
      .uint(15, 7)
      .bytes(16, Uint8Array.from([1, 2]))
      .finish();
    const withFixed = Uint8Array.from([...inner, 0x49, 1, 2, 3, 4, 5, 6, 7, 8, 0x55, 1, 2, 3, 4]);
    const outer = new ProtobufWriter().bytes(1, withFixed).uint(9, 1).finish();
    expect(accounts(value(decodeMigrationPayload(outer)))).toEqual([
      account({ service: null, account: 'a' }),
    ]);
    expect(value(decodeMigrationPayload(outer)).batch).toBeNull();
  });

  it('accepts other versions and an empty payload', () => {
    const v2 = new ProtobufWriter()
      .bytes(1, entry({ secret: KEY, name: 'a' }))
      .uint(2, 2)
      .finish();
    expect(value(decodeMigrationPayload(v2)).batch).toEqual({ version: 2, size: 0, index: 0, id: 0 });
    expect(value(decodeMigrationPayload(new Uint8Array(0)))).toEqual({ batch: null, entries: [] });
  });
});

describe('enum tables and mapping', () => {
  const decodeOne = (fields: Parameters<typeof entry>[0]): MigrationEntry => {
    const [first] = value(
      decodeMigrationPayload(payload([entry({ secret: KEY, name: 'acc', ...fields })])),
    ).entries;
    if (first === undefined) throw new Error('no entry');
    return first;
  };
  const ok = (fields: Parameters<typeof entry>[0]): OtpAccount => {
    const decoded = decodeOne(fields);
    if (!decoded.ok) throw new Error(JSON.stringify(decoded));
    return decoded.account;
  };

  it.each([
    [undefined, 'sha1'],
    [0, 'sha1'],
    [1, 'sha1'],
    [2, 'sha256'],
    [3, 'sha512'],
    [4, 'md5'],
  ])('algorithm %s → %s', (algorithm, expected) => {
    expect(ok({ algorithm }).algorithm).toBe(expected);
  });

  it.each([
    [undefined, 6],
    [0, 6],
    [1, 6],
    [2, 8],
  ])('digits enum %s → %i digits (never 1 or 2)', (digits, expected) => {
    expect(ok({ digits }).digits).toBe(expected);
  });

  it.each([
    [undefined, 'totp'],
    [0, 'totp'],
    [1, 'hotp'],
    [2, 'totp'],
  ])('type %s → %s', (type, expected) => {
    expect(ok({ type }).otp_type).toBe(expected);
  });

  it('HOTP counters, absent means 0; the period field of 2FAuth for TOTP only', () => {
    expect(ok({ type: 1, counter: 42 })).toMatchObject({ otp_type: 'hotp', counter: 42, period: null });
    expect(ok({ type: 1 })).toMatchObject({ counter: 0 });
    expect(ok({ type: 2, counter: 42, period: 60 })).toMatchObject({ counter: null, period: 60 });
    expect(ok({ type: 2, period: 0 })).toMatchObject({ period: 30 });
    expect(ok({ type: 2, period: -5 })).toMatchObject({ period: 30 });
    expect(ok({ type: 1, counter: Number.MAX_SAFE_INTEGER })).toMatchObject({
      counter: Number.MAX_SAFE_INTEGER,
    });
  });

  it('field 8 as a string (Google, 2025) is skipped: the period stays 30, the entry imports', () => {
    expect(ok({ type: 2, periodText: 'c0ffee-8f2a' })).toMatchObject({ otp_type: 'totp', period: 30 });
    expect(ok({ type: 1, counter: 4, periodText: '' })).toMatchObject({ otp_type: 'hotp', counter: 4 });
    // A varint field 8 next to the string is still the period.
    expect(ok({ type: 2, period: 60, periodText: 'x' })).toMatchObject({ period: 60 });
    const decoded = value(
      decodeMigrationPayload(payload([entry({ secret: KEY, name: 'a', periodText: 'id', type: 2 })])),
    );
    expect(decoded.entries.map((item) => item.ok)).toEqual([true]);
  });

  it('name and issuer: only the issuer’s own prefix is removed, a name is never split without an issuer', () => {
    expect(ok({ name: 'Issuer:alice', issuer: 'Issuer' })).toMatchObject({
      service: 'Issuer',
      account: 'alice',
    });
    expect(ok({ name: 'Issuer:   alice', issuer: 'Issuer' })).toMatchObject({ account: 'alice' });
    expect(ok({ name: 'Other:alice', issuer: 'Issuer' })).toMatchObject({
      service: 'Issuer',
      account: 'Other:alice',
    });
    expect(ok({ name: 'Issuer:alice' })).toMatchObject({ service: null, account: 'Issuer:alice' });
    expect(ok({ name: 'issuer:alice', issuer: 'Issuer' })).toMatchObject({ account: 'issuer:alice' });
  });

  it('keeps UTF-8 names intact and applies the Steam rule', () => {
    expect(ok({ name: 'Zoë 漢字 🔐', issuer: 'Ünïcödé' })).toMatchObject({
      service: 'Ünïcödé',
      account: 'Zoë 漢字 🔐',
    });
    expect(ok({ name: 'gamer', issuer: 'steam', digits: 2, algorithm: 3 })).toEqual({
      otp_type: 'steamtotp',
      service: 'Steam',
      account: 'gamer',
      secret: 'A4GRFHVVRBGY7UIW',
      digits: 5,
      algorithm: 'sha1',
      period: 30,
      counter: null,
    });
  });

  it.each<[string, Parameters<typeof entry>[0], string, string]>([
    [
      'an empty secret',
      { secret: new Uint8Array(0) },
      'secret',
      'The secret field must be a base32 encoded string.',
    ],
    ['an unknown algorithm', { algorithm: 5 }, 'algorithm', 'The selected algorithm is invalid.'],
    ['an unknown digits enum', { digits: 3 }, 'digits', 'The digits field must be between 5 and 10.'],
    [
      'a digit count instead of the enum',
      { digits: 6 },
      'digits',
      'The digits field must be between 5 and 10.',
    ],
    ['an unknown type', { type: 3 }, 'otp_type', 'Unsupported OTP type'],
    ['a negative counter', { type: 1, counter: -1 }, 'counter', 'The counter field must be at least 0.'],
    [
      'a counter beyond 2⁵³',
      { type: 1, counter: 2n ** 60n },
      'counter',
      'The counter field must be an integer.',
    ],
    ['an empty name', { name: '' }, 'account', 'The account field is required.'],
    ['a blank name', { name: '  ' }, 'account', 'The account field is required.'],
    [
      'a name that is only the prefix',
      { name: 'X:', issuer: 'X' },
      'account',
      'The account field is required.',
    ],
  ])('%s only makes that entry invalid', (_, fields, field, message) => {
    const decoded = value(
      decodeMigrationPayload(
        payload([
          entry({ secret: KEY, name: 'acc', issuer: 'svc', ...fields }),
          entry({ secret: KEY, name: 'good' }),
        ]),
      ),
    );
    expect(decoded.entries[0]).toMatchObject({ ok: false, error: { field, message } });
    expect(decoded.entries[1]).toMatchObject({ ok: true, account: { account: 'good' } });
  });

  it('an invalid entry carries the source values for the preview row', () => {
    const decoded = value(
      decodeMigrationPayload(
        payload([entry({ secret: new Uint8Array(0), name: 'Svc:acc', issuer: 'Svc', type: 1 })]),
      ),
    );
    expect(decoded.entries[0]).toMatchObject({ ok: false, service: 'Svc', account: 'acc', otp_type: 'hotp' });
    const unknown = value(decodeMigrationPayload(payload([entry({ secret: KEY, name: 'a', type: 9 })])));
    expect(unknown.entries[0]).toMatchObject({ ok: false, service: null, account: 'a', otp_type: 'totp' });
  });
});

describe('several QR codes', () => {
  const part = (index: number, size: number, id: number, name: string): string =>
    uriOf(payload([entry({ secret: KEY, name })], { size, index, id }));

  it('combines a batch, ignores a code scanned twice and reports missing ones', () => {
    const result = value(
      decodeMigrationUris([part(0, 3, -77, 'a'), '', part(2, 3, -77, 'c'), part(0, 3, -77, 'a'), '   ']),
    );
    expect(accounts(result).map((a) => a.account)).toEqual(['a', 'c']);
    expect(result.missing).toEqual([{ batchId: -77, index: 1, size: 3 }]);
    expect(result.notices).toEqual(['QR code 2 of 3 not scanned']);
  });

  it('keeps separate batches apart, and single codes without a batch id apart too', () => {
    const result = value(
      decodeMigrationUris([
        part(0, 1, 5, 'a'),
        part(0, 1, 6, 'b'),
        FIXTURE,
        FIXTURE.replace('YWNjb3VudF9iaXMa', 'YWNjb3VudF9iaXQa'),
      ]),
    );
    expect(accounts(result).map((a) => a.account)).toEqual([
      'a',
      'b',
      'account',
      'account_bis',
      'account',
      'account_bit',
    ]);
    expect(result.notices).toEqual([]);
    // The very same code twice is still one scan.
    expect(accounts(value(decodeMigrationUris([FIXTURE, FIXTURE])))).toHaveLength(2);
  });

  it('fails as a whole when one code is unreadable', () => {
    expect(decodeMigrationUris([FIXTURE, 'otpauth-migration://offline?data=AEoATACEAEYASAA'])).toMatchObject({
      ok: false,
      error: { code: 'invalid_data' },
    });
  });
});

describe('encoding', () => {
  const alice = account({
    otp_type: 'hotp',
    service: 'Example',
    account: 'alice@example.com',
    secret: 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ',
    algorithm: 'sha256',
    digits: 8,
    period: null,
    counter: 42,
  });

  it('produces the encoder test byte for byte', () => {
    const exported = encodeMigrationUris([alice], { batchId: 123456789 });
    expect(exported).toEqual({ uris: [ENCODER_URI], batchId: 123456789, skipped: [] });
    expect(
      toHex(decodeBase64(decodeURIComponent(ENCODER_URI.split('data=')[1] ?? '')) ?? new Uint8Array()),
    ).toBe(ENCODER_HEX);
    const decoded = value(decodeMigrationUri(ENCODER_URI));
    expect(decoded.batch).toEqual({ version: 1, size: 1, index: 0, id: 123456789 });
    expect(accounts(decoded)).toEqual([alice]);
  });

  it('percent-encodes + / and = so that the data survives form decoding', () => {
    const exported = encodeMigrationUris([account({ secret: encodeBase32(fromHex('fbeffefbeffe')) })], {
      batchId: -1,
    });
    const data = exported.uris[0]?.split('data=')[1] ?? '';
    expect(data).toMatch(/%2B|%2F/);
    expect(data).not.toMatch(/[+/=]/);
    expect(new URLSearchParams(exported.uris[0]?.split('?')[1]).get('data')).toBe(decodeURIComponent(data));
  });

  it('writes at most 10 accounts per QR code, one batch id, batch_size and batch_index', () => {
    const many = Array.from({ length: 23 }, (_, i) => account({ account: `user${i}` }));
    const exported = encodeMigrationUris(many, { batchId: -1320898453 });
    expect(exported.uris).toHaveLength(3);
    const decoded = exported.uris.map((uri) => value(decodeMigrationUri(uri)));
    expect(decoded.map((d) => d.entries.length)).toEqual([10, 10, 3]);
    expect(decoded.map((d) => d.batch)).toEqual(
      [0, 1, 2].map((index) => ({ version: 1, size: 3, index, id: -1320898453 })),
    );
    expect(accounts(value(decodeMigrationUris(exported.uris)))).toEqual(many);
  });

  it('splits further when a code would not fit in a QR code', () => {
    const long = Array.from({ length: 10 }, (_, i) =>
      account({
        account: `${'x'.repeat(150)}${i}`,
        secret: canonicalSecret(encodeBase32(new Uint8Array(64).fill(i))),
      }),
    );
    const exported = encodeMigrationUris(long, { batchId: 9 });
    expect(exported.uris.length).toBeGreaterThan(1);
    for (const uri of exported.uris) expect(uri.length).toBeLessThanOrEqual(2331);
    expect(accounts(value(decodeMigrationUris(exported.uris)))).toEqual(long);
    expect(encodeMigrationUris(long, { batchId: 9, maxPerCode: 3 }).uris).toHaveLength(4);
  });

  it('leaves out and lists what Google cannot represent; never writes a period', () => {
    const input = [
      account({ account: 'ok' }),
      account({ otp_type: 'steamtotp', service: 'Steam', digits: 5 }),
      account({ digits: 7 }),
      account({ period: 60 }),
      account({ account: 'hotp', otp_type: 'hotp', period: null, counter: 3 }),
      account({ secret: '1.0' }),
      account({ account: 'y'.repeat(3000) }),
      account({ account: 'md5', algorithm: 'md5', digits: 8 }),
    ];
    const exported = encodeMigrationUris(input, { batchId: 1 });
    expect(exported.skipped).toEqual([
      { index: 1, reason: 'steam', message: 'Google Authenticator does not support Steam accounts' },
      { index: 2, reason: 'digits', message: 'Google Authenticator only supports 6 or 8 digits' },
      { index: 3, reason: 'period', message: 'Google Authenticator only supports a 30-second period' },
      { index: 5, reason: 'secret', message: 'The secret field must be a base32 encoded string.' },
      { index: 6, reason: 'too_large', message: 'The account does not fit in a QR code' },
    ]);
    expect(accounts(value(decodeMigrationUris(exported.uris))).map((a) => a.account)).toEqual([
      'ok',
      'hotp',
      'md5',
    ]);
    const fields = readFields(
      decodeBase64(decodeURIComponent(exported.uris[0]?.split('data=')[1] ?? '')) ?? new Uint8Array(),
    );
    for (const item of fields) {
      if (item.field === 1 && item.wire === 2)
        expect(readFields(item.bytes).some((f) => f.field === 8)).toBe(false);
    }
  });

  it('exports nothing as no code, and picks a random non-zero int32 batch id', () => {
    expect(encodeMigrationUris([]).uris).toEqual([]);
    const ids = new Set(Array.from({ length: 20 }, () => encodeMigrationUris([account({})]).batchId));
    expect(ids.size).toBeGreaterThan(1);
    for (const id of ids) {
      expect(Number.isInteger(id) && id !== 0 && id >= -(2 ** 31) && id < 2 ** 31).toBe(true);
    }
  });
});

// ----- Properties -----

const exportable = fc
  .record({
    otp_type: fc.constantFrom('totp', 'hotp'),
    service: fc.option(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }), { nil: null }),
    account: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }),
    secret: fc.uint8Array({ minLength: 1, maxLength: 40 }).map((bytes) => encodeBase32(bytes)),
    digits: fc.constantFrom(6, 8),
    algorithm: fc.constantFrom('sha1', 'sha256', 'sha512', 'md5'),
    counter: fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
  })
  // Names that start with the issuer's own prefix (`Issuer:name`) lose it on import.
  .filter((a) => a.service === null || !a.account.startsWith(`${a.service}:`))
  .map((a) => normalizeAccount({ ...a, period: 30 }))
  .filter((r): r is Extract<Result<OtpAccount>, { ok: true }> => r.ok && r.value.otp_type !== 'steamtotp')
  .map((r) => r.value);

describe('properties', () => {
  it('decode(encode(accounts)) gives back exactly the exported accounts, in batches of at most 10', () => {
    fc.assert(
      fc.property(
        fc.array(exportable, { maxLength: 35 }),
        fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }).filter((id) => id !== 0),
        (list, batchId) => {
          const exported = encodeMigrationUris(list, { batchId });
          expect(exported.skipped).toEqual([]);
          expect(exported.uris).toHaveLength(Math.ceil(list.length / 10));
          const decoded = value(decodeMigrationUris(exported.uris));
          expect(accounts(decoded)).toEqual(list);
          expect(decoded.notices).toEqual([]);
          for (const [index, uri] of exported.uris.entries()) {
            expect(value(decodeMigrationUri(uri)).batch).toEqual({
              version: 1,
              size: exported.uris.length,
              index,
              id: batchId,
            });
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('random bytes and random text: a typed result, never an exception', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        const result = decodeMigrationPayload(bytes);
        if (!result.ok) expect(result.error).toMatchObject({ field: 'data', code: 'invalid_data' });
        const viaUri = decodeMigrationUri(uriOf(bytes));
        if (!viaUri.ok) expect(viaUri.error.field).toBe('data');
      }),
      { numRuns: 3000 },
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary' }),
          fc.string({ unit: 'binary' }).map((s) => `otpauth-migration://offline?data=${s}`),
        ),
        (text) => {
          const result = decodeMigrationUri(text);
          if (!result.ok) expect(['uri', 'data']).toContain(result.error.field);
          if (text.trim() !== '') expect(decodeMigrationUris([text, text]).ok).toBe(result.ok);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('structured random payloads: each entry is an account or an invalid row', () => {
    const entries = fc.array(
      fc.record(
        {
          secret: fc.uint8Array({ maxLength: 30 }),
          name: fc.string({ maxLength: 10 }),
          issuer: fc.string({ maxLength: 10 }),
          algorithm: fc.integer({ min: -2, max: 6 }),
          digits: fc.integer({ min: -2, max: 4 }),
          type: fc.integer({ min: -2, max: 4 }),
          counter: fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }),
          period: fc.integer({ min: -100, max: 100 }),
          // Field 8 with wire type 2, as Google's exports of 2025 write it.
          periodText: fc.string({ maxLength: 40 }),
        },
        { requiredKeys: [] },
      ),
      { maxLength: 12 },
    );
    fc.assert(
      fc.property(entries, (list) => {
        const decoded = value(decodeMigrationPayload(payload(list.map(entry))));
        expect(decoded.entries).toHaveLength(list.length);
        for (const item of decoded.entries) {
          if (item.ok) expect(item.account.secret.length % 8).toBe(0);
          else expect(item.errors.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 500 },
    );
  });
});
