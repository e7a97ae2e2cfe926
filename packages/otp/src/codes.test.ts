import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { createGuardrails, generate, generateSync, type CryptoPlugin, type HashAlgorithm } from 'otplib';
import { describe, expect, it } from 'vitest';
import { encodeBase32 } from './base32.js';
import { generateOtp, hotpCode, totpCodes, type CodeParams } from './codes.js';
import { steamEncode } from './steam.js';
import type { Algorithm, Result } from './types.js';

// RFC 6238 appendix B: each algorithm has its own seed.
const SEED_SHA1 = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const SEED_SHA256 = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQGEZA';
const SEED_SHA512 =
  'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQGEZDGNA';
const TWOFAUTH_SECRET = 'A4GRFHVVRBGY7UIW';
const TWOFAUTH_STEAM = 'XJGTDRUUKZH3X7TQN2QZUGCGXZCC5LXE';

function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`unexpected error: ${JSON.stringify(result.errors)}`);
  return result.value;
}

function params(overrides: Partial<CodeParams> = {}): CodeParams {
  return {
    otp_type: 'totp',
    secret: TWOFAUTH_SECRET,
    digits: 6,
    algorithm: 'sha1',
    period: 30,
    ...overrides,
  };
}

const hotp = (overrides: Partial<CodeParams>, counter: number | bigint): string =>
  value(hotpCode(params({ otp_type: 'hotp', period: null, ...overrides }), counter));
const totp = (overrides: Partial<CodeParams>, time: number): string =>
  value(totpCodes(params(overrides), time)).password;

describe('HOTP, RFC 4226 Appendix D', () => {
  const table: [number, string, number][] = [
    [0, '755224', 1284755224],
    [1, '287082', 1094287082],
    [2, '359152', 137359152],
    [3, '969429', 1726969429],
    [4, '338314', 1640338314],
    [5, '254676', 868254676],
    [6, '287922', 1918287922],
    [7, '162583', 82162583],
    [8, '399871', 673399871],
    [9, '520489', 645520489],
  ];
  it.each(table)('counter %i gives %s', (counter, code, truncated) => {
    expect(hotp({ secret: SEED_SHA1 }, counter)).toBe(code);
    // 10 digits is the whole truncated 31-bit value (zero-padded).
    expect(hotp({ secret: SEED_SHA1, digits: 10 }, counter)).toBe(String(truncated).padStart(10, '0'));
    expect(hotp({ secret: SEED_SHA1 }, BigInt(counter))).toBe(code);
  });
});

describe('TOTP, RFC 6238 Appendix B with the three seeds', () => {
  const table: [number, string, string, string][] = [
    [59, '94287082', '46119246', '90693936'],
    [1111111109, '07081804', '68084774', '25091201'],
    [1111111111, '14050471', '67062674', '99943326'],
    [1234567890, '89005924', '91819424', '93441116'],
    [2000000000, '69279037', '90698825', '38618901'],
    // Above 2³²: only 64-bit arithmetic end to end gets it right.
    [20000000000, '65353130', '77737706', '47863826'],
  ];
  it.each(table)('T = %i', (time, sha1, sha256, sha512) => {
    expect(totp({ secret: SEED_SHA1, digits: 8 }, time)).toBe(sha1);
    expect(totp({ secret: SEED_SHA256, digits: 8, algorithm: 'sha256' }, time)).toBe(sha256);
    expect(totp({ secret: SEED_SHA512, digits: 8, algorithm: 'sha512' }, time)).toBe(sha512);
  });

  it('the 20-byte seed with SHA-256 is the classic mistake: it gives other codes', () => {
    expect(totp({ secret: SEED_SHA1, digits: 8, algorithm: 'sha256' }, 59)).not.toBe('46119246');
  });
});

describe('digits 5 to 10', () => {
  it('uses the same truncation for every length; 10 digits is the whole 31-bit value', () => {
    const codes = [5, 6, 7, 8, 9, 10].map((digits) => totp({ secret: SEED_SHA1, digits }, 59));
    expect(codes).toEqual(['87082', '287082', '4287082', '94287082', '094287082', '1094287082']);
  });

  it.each([4, 11, 0, -6, 6.5, Number.NaN])('refuses digits = %d instead of clamping', (digits) => {
    const result = hotpCode(params({ digits }), 1);
    expect(result).toMatchObject({ ok: false, error: { field: 'digits', code: 'out_of_range' } });
  });
});

describe('HMAC-MD5 with the zero-fill rule', () => {
  const table: [number, string, number][] = [
    [0, '270976', 15],
    [1, '532013', 0],
    [2, '249152', 14],
    [3, '848120', 9],
    [4, '488896', 13],
    [5, '933450', 10],
    [6, '370042', 7],
    [7, '239040', 13],
    [8, '041625', 3],
    [9, '147077', 1],
  ];
  it.each(table)('counter %i gives %s (offset %i)', (counter, code, offset) => {
    const digest = createHmac('md5', '12345678901234567890')
      .update(Buffer.from([0, 0, 0, 0, 0, 0, 0, counter]))
      .digest();
    expect((digest[15] ?? 0) & 0x0f).toBe(offset);
    expect(hotp({ secret: SEED_SHA1, algorithm: 'md5' }, counter)).toBe(code);
  });

  it('TOTP-MD5 at T = 59, 8 digits', () => {
    expect(totp({ secret: SEED_SHA1, algorithm: 'md5', digits: 8 }, 59)).toBe('78532013');
  });
});

describe('Steam Guard', () => {
  it('the worked example: JRZCL47CMXVOQMNPZR2F7J4RGI at 1700000000 is 747JR', () => {
    expect(steamEncode(306423421)).toBe('747JR');
    expect(totp({ otp_type: 'steamtotp', secret: 'JRZCL47CMXVOQMNPZR2F7J4RGI' }, 1700000000)).toBe('747JR');
  });

  it('forces sha1, 5 characters and 30 s whatever the stored fields say', () => {
    const forced = params({
      otp_type: 'steamtotp',
      secret: 'JRZCL47CMXVOQMNPZR2F7J4RGI',
      digits: 8,
      algorithm: 'sha512',
      period: 60,
    });
    expect(value(totpCodes(forced, 1700000000))).toMatchObject({ password: '747JR', period: 30 });
  });

  it('only ever uses the Steam alphabet, five characters', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0x7fffffff }), (truncated) => {
        expect(steamEncode(truncated)).toMatch(/^[23456789BCDFGHJKMNPQRTVWXY]{5}$/);
      }),
    );
  });
});

describe("2FAuth's test secrets", () => {
  const table: [number, string, string, string, string, string][] = [
    [59, '534829', '032361', '3226631', 'JQ4WB', 'YFKNJ'],
    [1111111109, '501905', '293998', '5473211', 'FR8DW', 'PB26W'],
    [1234567890, '989727', '002856', '0982676', 'JV7J9', 'P35Q4'],
    [1700000000, '504487', '392673', '3147263', 'RP245', '9PBGT'],
    [2000000000, '637090', '323584', '2534945', 'H6FP5', '4TMT7'],
  ];
  it.each(table)('T = %i', (time, sha1, next, sha256, steam, nextSteam) => {
    expect(value(totpCodes(params(), time))).toMatchObject({ password: sha1, next_password: next });
    expect(totp({ digits: 7, algorithm: 'sha256', period: 40 }, time)).toBe(sha256);
    expect(value(totpCodes(params({ otp_type: 'steamtotp', secret: TWOFAUTH_STEAM }), time))).toMatchObject({
      password: steam,
      next_password: nextSteam,
    });
  });

  it('HOTP sha1/6 and sha256/7', () => {
    const counters = [0, 1, 2, 5, 6];
    expect(counters.map((c) => hotp({}, c))).toEqual(['539470', '534829', '032361', '866384', '852661']);
    expect(counters.map((c) => hotp({ digits: 7, algorithm: 'sha256' }, c))).toEqual([
      '4076523',
      '3226631',
      '1719687',
      '0790401',
      '9571626',
    ]);
  });

  it('the API answers for HOTP: the code at the stored counter and the counter after use', () => {
    const account = {
      ...params({ otp_type: 'hotp', digits: 7, algorithm: 'sha256', period: null }),
      counter: 5,
    };
    expect(value(generateOtp(account, 0))).toEqual({ password: '0790401', otp_type: 'hotp', counter: 6 });
    const stored = { ...params({ otp_type: 'hotp', period: null }), counter: null };
    expect(value(generateOtp(stored, 0))).toEqual({ password: '539470', otp_type: 'hotp', counter: 1 });
    expect(value(generateOtp({ ...stored, counter: 1 }, 0))).toEqual({
      password: '534829',
      otp_type: 'hotp',
      counter: 2,
    });
  });

  it('refuses a stored HOTP counter whose successor is not a safe integer', () => {
    const account = { ...params({ otp_type: 'hotp', period: null }), counter: Number.MAX_SAFE_INTEGER };
    expect(generateOtp(account, 0)).toMatchObject({
      ok: false,
      error: { field: 'counter', code: 'out_of_range' },
    });
    expect(generateOtp({ ...account, counter: Number.MAX_SAFE_INTEGER - 1 }, 0)).toMatchObject({
      ok: true,
      value: { otp_type: 'hotp', counter: Number.MAX_SAFE_INTEGER },
    });
  });

  it('the API answers for TOTP and Steam: generated_at, period and next_password', () => {
    expect(value(generateOtp({ ...params(), counter: null }, 1700000000.9))).toEqual({
      password: '504487',
      otp_type: 'totp',
      generated_at: 1700000000,
      period: 30,
      next_password: '392673',
    });
    const steam = { ...params({ otp_type: 'steamtotp', secret: TWOFAUTH_STEAM }), counter: null };
    expect(value(generateOtp(steam, 1700000000))).toEqual({
      password: 'RP245',
      otp_type: 'steamtotp',
      generated_at: 1700000000,
      period: 30,
      next_password: '9PBGT',
    });
  });
});

describe('the cross-app set at T = 1700000000', () => {
  const rows: [CodeParams['otp_type'], string, Algorithm, number, number, string][] = [
    ['totp', '4SJHB4GSD43FZBAI7C2HLRJGPQ', 'sha1', 6, 30, '790195'],
    ['totp', '5OM4WOOGPLQEF6UGN3CPEOOLWU', 'sha256', 7, 20, '9993814'],
    ['totp', '7ELGJSGXNCCTV3O6LKJWYFV2RA', 'sha512', 8, 50, '65516786'],
    ['hotp', 'YOOMIXWS5GN6RTBPUFFWKTW5M4', 'sha1', 6, 1, '253717'],
    ['hotp', 'KUVJJOM753IHTNDSZVCNKL7GII', 'sha256', 7, 50, '4444976'],
    ['hotp', '5VAML3X35THCEBVRLV24CGBKOY', 'sha512', 8, 10300, '24622277'],
    ['steamtotp', 'JRZCL47CMXVOQMNPZR2F7J4RGI', 'sha1', 5, 30, '747JR'],
    ['totp', 'BMGRXPGFARQQF4GMT25JATL2VYLAHDBI', 'sha1', 8, 30, '12715797'],
    ['totp', 'JBSWY3DPEHPK3PXP', 'sha1', 6, 30, '324550'],
  ];
  it.each(rows)('%s %s', (otpType, secret, algorithm, digits, periodOrCounter, code) => {
    const account = {
      otp_type: otpType,
      secret: `${secret}======`.slice(0, Math.ceil(secret.length / 8) * 8),
      algorithm,
      digits,
      period: otpType === 'hotp' ? null : periodOrCounter,
      counter: otpType === 'hotp' ? periodOrCounter : null,
    };
    expect(value(generateOtp(account, 1700000000)).password).toBe(code);
  });
});

describe('time windows and 64-bit counters', () => {
  it('counts the seconds left: period − (T mod period), 1…period', () => {
    expect(value(totpCodes(params(), 1700000000))).toMatchObject({ remaining: 10, generated_at: 1700000000 });
    expect(value(totpCodes(params(), 1699999980))).toMatchObject({ remaining: 30 });
    expect(value(totpCodes(params(), 1700000009.99))).toMatchObject({ remaining: 1 });
    expect(value(totpCodes(params({ period: 1 }), 5))).toMatchObject({ remaining: 1 });
  });

  it('the next code is the code of counter + 1, as 2FAuth computes it at T + left + 2', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 40 }),
        fc.integer({ min: 1, max: 100_000 }),
        fc.constantFrom<Algorithm>('sha1', 'sha256', 'sha512', 'md5'),
        (time, period, algorithm) => {
          const account = params({ period, algorithm });
          const now = value(totpCodes(account, time));
          const later = value(totpCodes(account, time + now.remaining + 2));
          // T + left + 2 stays in the next window when the period is 3 s or more.
          if (period >= 3) expect(now.next_password).toBe(later.password);
          expect(now.next_password).toBe(value(hotpCode(account, Math.floor(time / period) + 1)));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('a 1-second period after 2038 (counter ≥ 2³¹) and times after 2106 (T ≥ 2³²)', () => {
    const secret = SEED_SHA1;
    const reference = (counter: bigint): string => {
      const factor = Buffer.alloc(8);
      factor.writeBigUInt64BE(counter);
      const digest = createHmac('sha1', '12345678901234567890').update(factor).digest();
      const offset = (digest[19] ?? 0) & 0x0f;
      return String((digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
    };
    for (const time of [2 ** 31, 2 ** 31 + 1, 2 ** 32, 2 ** 32 + 7, 2 ** 40, Number.MAX_SAFE_INTEGER]) {
      expect(totp({ secret, period: 1 }, time)).toBe(reference(BigInt(time)));
    }
    expect(totp({ secret }, 4_294_967_296 * 30)).toBe(reference(4_294_967_296n));
    for (const counter of [2n ** 53n, 2n ** 63n, 2n ** 64n - 1n]) {
      expect(hotp({ secret }, counter)).toBe(reference(counter));
    }
  });

  it('refuses what no counter or time can be', () => {
    expect(hotpCode(params(), -1)).toMatchObject({
      ok: false,
      error: { field: 'counter', code: 'out_of_range' },
    });
    expect(hotpCode(params(), -1n)).toMatchObject({ ok: false, error: { field: 'counter' } });
    expect(hotpCode(params(), 2n ** 64n)).toMatchObject({ ok: false, error: { field: 'counter' } });
    expect(hotpCode(params(), 1.5)).toMatchObject({ ok: false, error: { field: 'counter' } });
    expect(hotpCode(params(), 2 ** 53)).toMatchObject({ ok: false, error: { field: 'counter' } });
    expect(totpCodes(params(), -1)).toMatchObject({ ok: false, error: { field: 'time' } });
    expect(totpCodes(params(), Number.NaN)).toMatchObject({ ok: false, error: { field: 'time' } });
    expect(totpCodes(params(), Number.POSITIVE_INFINITY)).toMatchObject({
      ok: false,
      error: { field: 'time' },
    });
  });
});

describe('invalid parameters give typed errors, never exceptions', () => {
  it.each([
    [{ period: 0 }, 'period', 'out_of_range'],
    [{ period: -30 }, 'period', 'out_of_range'],
    [{ period: 1.5 }, 'period', 'not_an_integer'],
    [{ secret: '1.0' }, 'secret', 'invalid_base32'],
    [{ secret: 'A' }, 'secret', 'invalid_base32'],
    [{ secret: '' }, 'secret', 'invalid_base32'],
    [{ secret: 'AB=CD' }, 'secret', 'invalid_base32'],
    [{ algorithm: 'shaX' as Algorithm }, 'algorithm', 'invalid_choice'],
    [{ algorithm: 'SHA1' as Algorithm }, 'algorithm', 'invalid_choice'],
    [{ otp_type: 'motp' }, 'otp_type', 'unsupported_type'],
  ])('%j', (overrides, field, code) => {
    expect(totpCodes(params(overrides), 59)).toMatchObject({ ok: false, error: { field, code } });
  });

  it('refuses time-based codes for a HOTP account', () => {
    expect(totpCodes(params({ otp_type: 'hotp' }), 59)).toMatchObject({
      ok: false,
      error: { field: 'otp_type', code: 'unsupported_type' },
    });
  });

  it('accepts secrets in any input form: spaces, dashes, lower case, padding', () => {
    const forms = [
      'JBSWY3DPEHPK3PXP',
      'jbswy3dpehpk3pxp',
      'JBSW Y3DP-EHPK 3PXP',
      'JBSWY3DPEHPK3PXP======',
      'JBSWY3DPEHPK3PXP=',
    ];
    for (const secret of forms) expect(totp({ secret }, 1700000000)).toBe('324550');
  });

  it('accepts keys of any length, 1 byte to far beyond a block', () => {
    expect(totp({ secret: 'eee' }, 59)).toMatch(/^\d{6}$/);
    const long = encodeBase32(new Uint8Array(1000).fill(7));
    const key = Buffer.alloc(1000, 7);
    const expected = generateSync({
      secret: key,
      strategy: 'hotp',
      counter: 3,
      guardrails: createGuardrails({ MIN_SECRET_BYTES: 1, MAX_SECRET_BYTES: 4096 }),
    });
    expect(hotp({ secret: long }, 3)).toBe(expected);
  });
});

describe('otplib agrees (an independent implementation)', () => {
  // otplib's guardrail of 16 bytes is lowered: 10-byte secrets are common and 2FAuth accepts them.
  const guardrails = createGuardrails({ MIN_SECRET_BYTES: 1, MAX_SECRET_BYTES: 1024 });
  const steamHooks = { encodeToken: (truncated: number): string => steamEncode(truncated) };
  const nodeCrypto: CryptoPlugin = {
    name: 'node',
    hmac: (algorithm, key, data) => createHmac(algorithm, key).update(data).digest(),
    randomBytes: (length) => new Uint8Array(length),
    constantTimeEqual: (a, b) => a === b,
  };

  it('on HOTP and TOTP codes for sha1, sha256 and sha512, any key, digits 6–8', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 1, maxLength: 100 }),
        fc.constantFrom<HashAlgorithm>('sha1', 'sha256', 'sha512'),
        fc.constantFrom<6 | 7 | 8>(6, 7, 8),
        fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
        fc.integer({ min: 1, max: 3600 }),
        (key, algorithm, digits, counter, period) => {
          const secret = encodeBase32(key);
          const theirs = generateSync({
            secret: key,
            strategy: 'hotp',
            counter,
            algorithm,
            digits,
            guardrails,
          });
          expect(hotp({ secret, algorithm, digits }, counter)).toBe(theirs);
          const epoch = counter % 2 ** 40;
          const theirsTotp = generateSync({
            secret: key,
            epoch,
            period,
            algorithm,
            digits,
            guardrails,
            crypto: nodeCrypto,
          });
          expect(totp({ secret, algorithm, digits, period }, epoch)).toBe(theirsTotp);
        },
      ),
      { numRuns: 300 },
    );
  });

  // otplib 13.5.0's generateSync drops `hooks`, so the async generate is the one to compare with.
  it('on Steam codes through its encodeToken hook', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ minLength: 1, maxLength: 64 }),
        fc.integer({ min: 0, max: 2 ** 40 }),
        async (key, epoch) => {
          const theirs = await generate({ secret: key, epoch, digits: 5, hooks: steamHooks, guardrails });
          expect(totp({ otp_type: 'steamtotp', secret: encodeBase32(key) }, epoch)).toBe(theirs);
        },
      ),
      { numRuns: 200 },
    );
  });
});
