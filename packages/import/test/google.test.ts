import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as F from './fixtures.js';
import { fields, importFail, importOk } from './helpers.js';

const UNREADABLE = {
  kind: 'unreadable',
  app: 'Google Authenticator',
  message: 'Invalid or unreadable Google Authenticator data',
};

/** Protobuf by hand: a length-delimited field and a varint field. */
const bytesField = (tag: number, value: Uint8Array) => [tag, value.length, ...value];
const text = (value: string) => new TextEncoder().encode(value);
const SECRET = [0x07, 0x0d, 0x12, 0x9e, 0xb5, 0x88, 0x4d, 0x8f, 0xd1, 0x16];

function entry(name: string, issuer: string, extra: readonly number[] = []): number[] {
  const inner = [
    ...bytesField(0x0a, Uint8Array.from(SECRET)),
    ...bytesField(0x12, text(name)),
    ...(issuer ? bytesField(0x1a, text(issuer)) : []),
    0x20,
    1,
    0x28,
    1,
    0x30,
    2,
    ...extra,
  ];
  return [0x0a, inner.length, ...inner];
}

function uri(entries: number[][], batch?: { size: number; index: number; id: number }): string {
  const payload = [
    ...entries.flat(),
    0x10,
    1,
    ...(batch ? [0x18, batch.size, 0x20, batch.index, 0x28, batch.id] : []),
  ];
  return `otpauth-migration://offline?data=${encodeURIComponent(Buffer.from(payload).toString('base64'))}`;
}

describe('Google Authenticator migration', () => {
  it('GOOGLE_AUTH_MIGRATION_URI gives the two expected rows', async () => {
    const result = await importOk(F.GOOGLE);
    expect(result.app).toBe('Google Authenticator');
    const base = {
      otp_type: 'totp',
      secret: 'A4GRFHVVRBGY7UIW',
      digits: 6,
      algorithm: 'sha1',
      period: 30,
      counter: null,
    };
    expect(result.rows.map(fields)).toEqual([
      { ...base, service: 'service', account: 'account' },
      { ...base, service: 'service_bis', account: 'account_bis' },
    ]);
  });
  it.each([
    ['truncated data', 'otpauth-migration://offline?data=CiQKCgcNEp61iE2P0RYSB2FjY291bnQaB3NlcnZpY'],
    ['field number 0', 'otpauth-migration://offline?data=AEoATACEAEYASAA'],
  ])('%s → unreadable', async (_name, input) => {
    expect(await importFail(input)).toEqual(UNREADABLE);
  });
  it('a name with a colon and no issuer keeps the whole name as account, service null', async () => {
    const result = await importOk(uri([entry('Acme:alice', '')]));
    expect(result.rows[0]).toMatchObject({
      service: null,
      account: 'Acme:alice',
      secret: 'A4GRFHVVRBGY7UIW',
    });
    expect(result.rows[0]?.error).toBeUndefined();
  });
  it('an "Issuer: name" prefix equal to the issuer is removed with its spaces; other prefixes are kept', async () => {
    const result = await importOk(uri([entry('Acme:  alice', 'Acme'), entry('Other:bob', 'Acme')]));
    expect(result.rows.map((row) => [row.service, row.account])).toEqual([
      ['Acme', 'alice'],
      ['Acme', 'Other:bob'],
    ]);
  });
  it('several lines of one batch: a repeat counts once and a missing code is a notice', async () => {
    const first = uri([entry('a', 'A')], { size: 3, index: 0, id: 7 });
    const third = uri([entry('c', 'C')], { size: 3, index: 2, id: 7 });
    const result = await importOk([first, third, first].join('\n'));
    expect(result.rows.map((row) => row.account)).toEqual(['a', 'c']);
    expect(result.notices).toHaveLength(1);
    expect(result.notices[0]).toContain('2 of 3');
  });
  it('a 2025 transfer: field 8 as a string and unknown fields of every wire type are skipped', async () => {
    // Field 8 with wire type 2 (tag 0x42), field 9 fixed64 (0x49), field 10 fixed32 (0x55), field 11 varint.
    const extra = [
      ...bytesField(0x42, text('7a1c9d0e-5b2f')),
      0x49,
      ...new Array<number>(8).fill(1),
      0x55,
      1,
      2,
      3,
      4,
      0x58,
      0x96,
      0x01,
    ];
    const result = await importOk(uri([entry('alice', 'Acme', extra), entry('bob', 'Beta')]));
    expect(result.rows.map((row) => [row.service, row.account, row.period, row.error])).toEqual([
      ['Acme', 'alice', 30, undefined],
      ['Beta', 'bob', 30, undefined],
    ]);
  });
  it('an entry with an unknown type is an invalid row keeping its names', async () => {
    const bad = entry('x', 'X');
    bad[bad.length - 1] = 9;
    const result = await importOk(uri([bad, entry('y', 'Y')]));
    expect(result.rows[0]).toMatchObject({
      service: 'X',
      account: 'x',
      error: { message: 'Unsupported OTP type' },
    });
    expect(result.rows[1]?.error).toBeUndefined();
  });

  it('fuzz: field 8 as a varint or a string, and unknown fields of every wire type, never fail the transfer', async () => {
    const varint = (value: number): number[] => {
      const out: number[] = [];
      let rest = value;
      while (rest >= 0x80) {
        out.push((rest & 0x7f) | 0x80);
        rest = Math.floor(rest / 128);
      }
      return [...out, rest];
    };
    const field8 = fc.oneof(
      fc.nat(1000).map((period) => [0x40, ...varint(period)]),
      fc.uint8Array({ maxLength: 40 }).map((bytes) => [0x42, ...varint(bytes.length), ...bytes]),
    );
    const unknown = fc.oneof(
      fc
        .tuple(fc.integer({ min: 9, max: 30 }), fc.nat(100000))
        .map(([f, v]) => [...varint(f * 8), ...varint(v)]),
      fc
        .tuple(fc.integer({ min: 9, max: 30 }), fc.uint8Array({ maxLength: 20 }))
        .map(([f, b]) => [...varint(f * 8 + 2), ...varint(b.length), ...b]),
      fc.integer({ min: 9, max: 30 }).map((f) => [...varint(f * 8 + 1), 1, 2, 3, 4, 5, 6, 7, 8]),
      fc.integer({ min: 9, max: 30 }).map((f) => [...varint(f * 8 + 5), 1, 2, 3, 4]),
    );
    const extras = fc.array(fc.oneof(field8, unknown), { maxLength: 4 }).map((list) => list.flat());
    await fc.assert(
      fc.asyncProperty(fc.array(extras, { minLength: 1, maxLength: 5 }), async (list) => {
        const entries = list.map((extra, i) => {
          const inner = entry(`user${i}`, 'Acme', extra);
          // Entries over 127 bytes need a two-byte length.
          const body = inner.slice(2);
          return [0x0a, ...varint(body.length), ...body];
        });
        const result = await importOk(uri(entries));
        expect(result.rows).toHaveLength(list.length);
        expect(result.rows.map((row) => row.error)).toEqual(list.map(() => undefined));
      }),
      { numRuns: 200 },
    );
  });
});
