import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeBase32Into, decodeBase32Text, encodeBase32, padBase32 } from './base32.js';
import { decodeBase64, encodeBase64 } from './base64.js';
import {
  bytesToBase32,
  canonicalSecret,
  decodeSecret,
  generateSecret,
  isValidBase32Secret,
  normalizeSecret,
  plainTextToBase32,
  validateBase32Secret,
} from './secret.js';

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');

describe('normalising', () => {
  it.each([
    ['JBSW Y3DP EHPK 3PXP', 'JBSWY3DPEHPK3PXP'],
    ['JBSW-Y3DP-EHPK-3PXP', 'JBSWY3DPEHPK3PXP'],
    ['jbswy3dpehpk3pxp', 'JBSWY3DPEHPK3PXP'],
    ['JBSWY3DPEHPK3PXP======', 'JBSWY3DPEHPK3PXP'],
    ['JBSWY3DPEHPK3PXP=', 'JBSWY3DPEHPK3PXP'],
    [' \tJBSW\r\nY3DP\u00a0EHPK 3PXP\n', 'JBSWY3DPEHPK3PXP'],
    ['AB=CD', 'AB=CD'],
    ['1.0', '1.0'],
  ])('%j → %j', (input, normalized) => {
    expect(normalizeSecret(input)).toBe(normalized);
  });

  it('padded, unpadded and lower-case forms decode to the same 10 bytes ("Hello!" + 0xDEADBEEF)', () => {
    for (const input of [
      'JBSWY3DPEHPK3PXP',
      'jbswy3dpehpk3pxp',
      'JBSWY3DPEHPK3PXP======',
      'JBSW Y3DP-EHPK 3PXP',
    ]) {
      const bytes = decodeSecret(input);
      expect(bytes.ok && hex(bytes.value)).toBe('48656c6c6f21deadbeef');
    }
    const twofauth = decodeSecret('A4GRFHVVRBGY7UIW');
    expect(twofauth.ok && hex(twofauth.value)).toBe('070d129eb5884d8fd116');
  });
});

describe('validating', () => {
  it.each(['1.0', '123456', '0', 'A', 'AB=CD', '', '   ', '====', '-', 'ÄBCD', 'JBSWY3DP!', '8'])(
    'refuses %j with a field-level error that does not repeat the value',
    (input) => {
      const result = validateBase32Secret(input);
      expect(result).toEqual({
        ok: false,
        error: {
          field: 'secret',
          code: 'invalid_base32',
          message: 'The secret field must be a base32 encoded string.',
        },
        errors: [expect.objectContaining({ field: 'secret' })],
      });
      expect(isValidBase32Secret(input)).toBe(false);
    },
  );

  it.each(['eee', 'A4GRFHVVRBGY7UIW', 'JBSW Y3DP-EHPK 3PXP', 'JBSWY3DPEHPK3PXP======', 'AB', 'ab'])(
    'accepts %j, short secrets included',
    (input) => {
      expect(isValidBase32Secret(input)).toBe(true);
    },
  );

  it('leaves type checks to the caller: the JSON boolean `true` is refused by the API; the text "true" is base32', () => {
    expect(validateBase32Secret('true')).toMatchObject({ ok: true, value: { canonical: 'TRUE====' } });
  });

  it('gives the three useful forms of a valid secret', () => {
    const result = validateBase32Secret('jbsw y3dp-ehpk 3pxp');
    expect(result.ok && { ...result.value, bytes: hex(result.value.bytes) }).toEqual({
      normalized: 'JBSWY3DPEHPK3PXP',
      canonical: 'JBSWY3DPEHPK3PXP',
      bytes: '48656c6c6f21deadbeef',
    });
  });
});

describe('decoding', () => {
  it('drops a final group of fewer than 8 bits (eee: 15 bits → 1 byte)', () => {
    expect(decodeBase32Text('EEE')).toEqual(Uint8Array.from([0x21]));
    expect(decodeBase32Text('EE')).toEqual(Uint8Array.from([0x21]));
    expect(decodeBase32Text('A')).toEqual(new Uint8Array(0));
    expect(decodeBase32Text('e')).toBeNull();
  });

  it('decodes into a caller buffer, loose or strict, and says when it does not fit', () => {
    const target = new Uint8Array(10);
    expect(decodeBase32Into('jbswy3dpehpk3pxp==', target, true)).toBe(10);
    expect(hex(target)).toBe('48656c6c6f21deadbeef');
    expect(decodeBase32Into('jbswy3dpehpk3pxp', target)).toBe(-1);
    expect(decodeBase32Into('JBSWY3DPEHPK3PXPAA', target)).toBe(-2);
  });

  it('RFC 4648 test vectors', () => {
    const vectors: [string, string][] = [
      ['', ''],
      ['f', 'MY======'],
      ['fo', 'MZXQ===='],
      ['foo', 'MZXW6==='],
      ['foob', 'MZXW6YQ='],
      ['fooba', 'MZXW6YTB'],
      ['foobar', 'MZXW6YTBOI======'],
    ];
    for (const [text, base32] of vectors) {
      const bytes = new TextEncoder().encode(text);
      expect(encodeBase32(bytes, true)).toBe(base32);
      expect(decodeBase32Text(base32.replace(/=+$/, ''))).toEqual(bytes);
    }
  });

  it('encode → decode is the identity for any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const text = encodeBase32(bytes);
        expect(text).toMatch(/^[A-Z2-7]*$/);
        expect(decodeBase32Text(text)).toEqual(bytes);
        expect(padBase32(text).length % 8).toBe(0);
      }),
    );
  });
});

describe('storage form', () => {
  it.each([
    ['eeee', 'EEEE===='],
    ['eeeezzzztt', 'EEEEZZZZTT======'],
    ['eeeezzzz', 'EEEEZZZZ'],
    ['4SJHB4GSD43FZBAI7C2HLRJGPQ', '4SJHB4GSD43FZBAI7C2HLRJGPQ======'],
    ['A4GRFHVVRBGY7UIW', 'A4GRFHVVRBGY7UIW'],
    ['', ''],
    ['eee', 'EEE====='],
    ['JBSW Y3DP EHPK 3PXP=', 'JBSWY3DPEHPK3PXP'],
  ])('%j is stored as %j', (input, stored) => {
    expect(canonicalSecret(input)).toBe(stored);
    if (input !== '')
      expect(validateBase32Secret(input)).toMatchObject({ ok: true, value: { canonical: stored } });
  });

  it('is the normalised text padded, not a re-encoding of the bytes', () => {
    // `eee` and `EE` are the same single byte; their stored forms differ.
    expect(canonicalSecret('eee')).not.toBe(canonicalSecret('EE'));
  });

  it('is idempotent and always a multiple of 8 for any input', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (input) => {
        const stored = canonicalSecret(input);
        expect(canonicalSecret(stored)).toBe(stored);
        expect(stored.length % 8).toBe(0);
      }),
    );
  });
});

describe('other encodings that become base32', () => {
  it('plain text: UTF-8 bytes → base32', () => {
    expect(plainTextToBase32('12345678901234567890')).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(plainTextToBase32('Hello!')).toBe('JBSWY3DPEE');
    expect(canonicalSecret(plainTextToBase32('Hello!'))).toBe('JBSWY3DPEE======');
    expect(plainTextToBase32('é')).toBe(encodeBase32(Uint8Array.from([0xc3, 0xa9])));
  });

  it('Steam shared_secret: base64 → bytes → base32', () => {
    const bytes = decodeBase64('THIl8+Jl6ugxr8x0X6eRMg==');
    expect(bytes && bytesToBase32(bytes)).toBe('JRZCL47CMXVOQMNPZR2F7J4RGI');
  });

  it('raw key bytes (Google migration) → base32', () => {
    expect(bytesToBase32(Uint8Array.from([0x07, 0x0d, 0x12, 0x9e, 0xb5, 0x88, 0x4d, 0x8f, 0xd1, 0x16]))).toBe(
      'A4GRFHVVRBGY7UIW',
    );
  });
});

describe('generating', () => {
  it('gives 20 random bytes as 32 base32 characters', () => {
    const secrets = new Set(Array.from({ length: 50 }, () => generateSecret()));
    expect(secrets.size).toBe(50);
    for (const secret of secrets) {
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(canonicalSecret(secret)).toBe(secret);
      const bytes = decodeSecret(secret);
      expect(bytes.ok && bytes.value.length).toBe(20);
    }
  });
});

describe('strict base64', () => {
  it('round-trips any bytes and agrees with Node', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        const text = encodeBase64(bytes);
        expect(text).toBe(Buffer.from(bytes).toString('base64'));
        expect(decodeBase64(text)).toEqual(bytes);
        expect(decodeBase64(text.replace(/=+$/, ''))).toEqual(bytes);
      }),
    );
  });

  it.each(['a', 'abcde', 'ab cd', 'ab-_', 'ab==cd', 'abc===', '@@@@', 'ab\ncd'])('refuses %j', (text) => {
    expect(decodeBase64(text)).toBeNull();
  });
});
