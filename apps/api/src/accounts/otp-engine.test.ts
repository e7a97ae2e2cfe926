import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  codeAt,
  decodeBase32,
  encodeBase32,
  isValidSecret,
  parseOtpauthUri,
  serialiseOtpauthUri,
  storageSecret,
  timedCodes,
  type OtpParameters,
} from './otp-engine.js';

const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const params = (overrides: Partial<OtpParameters>): OtpParameters => ({
  otp_type: 'totp',
  secret: 'A4GRFHVVRBGY7UIW',
  digits: 6,
  algorithm: 'sha1',
  period: 30,
  counter: null,
  ...overrides,
});

describe('codes (formats.md §1)', () => {
  it('RFC 4226 appendix D', () => {
    const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];
    expected.forEach((code, counter) => expect(codeAt(params({ otp_type: 'hotp', secret: RFC_SECRET }), counter)).toBe(code));
  });

  it('RFC 6238 appendix B, 64-bit counters included', () => {
    const seeds = {
      sha1: RFC_SECRET,
      sha256: 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQGEZA',
      sha512:
        'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQGEZDGNA',
    };
    const table: [number, string, string, string][] = [
      [59, '94287082', '46119246', '90693936'],
      [1111111109, '07081804', '68084774', '25091201'],
      [1111111111, '14050471', '67062674', '99943326'],
      [1234567890, '89005924', '91819424', '93441116'],
      [2000000000, '69279037', '90698825', '38618901'],
      [20000000000, '65353130', '77737706', '47863826'],
    ];
    for (const [time, sha1, sha256, sha512] of table) {
      expect(timedCodes(params({ secret: seeds.sha1, digits: 8 }), time).password).toBe(sha1);
      expect(timedCodes(params({ secret: seeds.sha256, digits: 8, algorithm: 'sha256' }), time).password).toBe(sha256);
      expect(timedCodes(params({ secret: seeds.sha512, digits: 8, algorithm: 'sha512' }), time).password).toBe(sha512);
    }
  });

  it('digits 5 to 10 and the MD5 zero-fill rule', () => {
    const codes = [5, 6, 7, 8, 9, 10].map((digits) => codeAt(params({ otp_type: 'hotp', secret: RFC_SECRET, digits }), 1));
    expect(codes).toEqual(['87082', '287082', '4287082', '94287082', '094287082', '1094287082']);
    const md5 = ['270976', '532013', '249152', '848120', '488896', '933450', '370042', '239040', '041625', '147077'];
    md5.forEach((code, counter) =>
      expect(codeAt(params({ otp_type: 'hotp', secret: RFC_SECRET, algorithm: 'md5' }), counter)).toBe(code),
    );
  });

  it("Steam and 2FAuth's reference vectors (formats.md §1.6, §1.8)", () => {
    expect(timedCodes(params({ otp_type: 'steamtotp', secret: 'JRZCL47CMXVOQMNPZR2F7J4RGI' }), 1700000000).password).toBe('747JR');
    const steam = params({ otp_type: 'steamtotp', secret: 'XJGTDRUUKZH3X7TQN2QZUGCGXZCC5LXE' });
    expect(timedCodes(steam, 59)).toEqual({ password: 'JQ4WB', next_password: 'YFKNJ', period: 30 });
    expect(timedCodes(steam, 2000000000)).toEqual({ password: 'H6FP5', next_password: '4TMT7', period: 30 });
    expect(timedCodes(params({}), 1700000000)).toEqual({ password: '504487', next_password: '392673', period: 30 });
    expect(timedCodes(params({ digits: 7, algorithm: 'sha256', period: 40 }), 2000000000).password).toBe('2534945');
    const hotp = params({ otp_type: 'hotp', digits: 7, algorithm: 'sha256' });
    expect([0, 1, 2, 5, 6].map((c) => codeAt(hotp, c))).toEqual(['4076523', '3226631', '1719687', '0790401', '9571626']);
  });
});

describe('secrets (formats.md §2)', () => {
  it('validates, normalises and pads', () => {
    for (const ok of ['eee', 'A4GRFHVVRBGY7UIW', 'JBSW Y3DP-EHPK 3PXP', 'JBSWY3DPEHPK3PXP======']) expect(isValidSecret(ok)).toBe(true);
    for (const bad of ['1.0', '123456', '0', 'A', 'AB=CD', '', '====']) expect(isValidSecret(bad)).toBe(false);
    expect(storageSecret('eeee')).toBe('EEEE====');
    expect(storageSecret('eeeezzzztt')).toBe('EEEEZZZZTT======');
    expect(storageSecret('eeeezzzz')).toBe('EEEEZZZZ');
    expect(storageSecret('4SJHB4GSD43FZBAI7C2HLRJGPQ')).toBe('4SJHB4GSD43FZBAI7C2HLRJGPQ======');
    expect(decodeBase32('JBSWY3DPEHPK3PXP')?.toString('hex')).toBe('48656c6c6f21deadbeef');
    expect(encodeBase32(Buffer.from('12345678901234567890'))).toBe(RFC_SECRET);
  });
});

describe('otpauth URIs (formats.md §3.3, §3.4)', () => {
  const parse = (uri: string) => parseOtpauthUri(uri);
  const value = (uri: string) => {
    const result = parse(uri);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    return result.value;
  };

  it('handles the published edge cases', () => {
    expect(value('otpauth://totp/MyOrganization:account#EXT#@microsoft.com?secret=A4GRFHVVRBGY7UIW&issuer=Microsoft')).toMatchObject({
      service: 'Microsoft',
      account: 'account#EXT#@microsoft.com',
    });
    expect(value('otpauth://totp/Microsoft:account?secret=A4GRFHVVRBGY7UIW&issuer=service')).toMatchObject({ service: 'service' });
    expect(value('otpauth://totp/a?secret=A4GRFHVVRBGY7UIW&issuer=Air+Canada').service).toBe('Air Canada');
    expect(value('otpauth://totp/test-issuer%3Atest-account@example.com?secret=A4GRFHVVRBGY7UIW')).toMatchObject({
      service: 'test-issuer',
      account: 'test-account@example.com',
    });
    expect(value('otpauth://totp/Big%20Corporation%3A%20alice%40bigco.com?secret=A4GRFHVVRBGY7UIW')).toMatchObject({
      service: 'Big Corporation',
      account: 'alice@bigco.com',
    });
    expect(value('otpauth://totp/ACME:Prod:alice?secret=A4GRFHVVRBGY7UIW&issuer=ACME:Prod')).toMatchObject({
      service: 'ACME:Prod',
      account: 'alice',
    });
    expect(parse('otpauth://totp/?secret=A4GRFHVVRBGY7UIW')).toEqual({ ok: false, errors: [{ field: 'label', kind: 'no_label' }] });
    expect(value('OTPauth://TOTP/Example:alice@google.com?secret=JBSWY3DPEHPK3PXP').otp_type).toBe('totp');
    expect(parse('otpauth://Xotp/account?secret=A4GRFHVVRBGY7UIW')).toMatchObject({ ok: false, errors: [{ field: 'uri' }] });
    const fields = ['digits=4', 'digits=11', 'digits=abc', 'period=0', 'counter=-1', 'algorithm=shaX'].map((p) => {
      const type = p.startsWith('counter') ? 'hotp' : 'totp';
      const result = parse(`otpauth://${type}/a?secret=A4GRFHVVRBGY7UIW&${p}`);
      return result.ok ? 'ok' : result.errors[0]!.field;
    });
    expect(fields).toEqual(['digits', 'digits', 'digits', 'period', 'counter', 'algorithm']);
    expect(value('otpauth://hotp/account?secret=A4GRFHVVRBGY7UIW').counter).toBe(0);
    expect(value('otpauth://steam/Boeing:Sophia?secret=JRZCL47CMXVOQMNPZR2F7J4RGI&issuer=Boeing&algorithm=SHA1&digits=5&period=30')).toMatchObject({
      otp_type: 'steamtotp',
      service: 'Steam',
      account: 'Sophia',
      digits: 5,
      algorithm: 'sha1',
      period: 30,
    });
    expect(parse('otpauth://totp/account?secret=1.0')).toMatchObject({ ok: false, errors: [{ field: 'secret' }] });
    expect(value('otpauth://totp/Google:john%2Edoe%40gmail%2Ecom?secret=A5GRFTVVRBGY7UIW&issuer=Google&algorithm=SHA256&digits=7&period=60')).toMatchObject({
      service: 'Google',
      account: 'john.doe@gmail.com',
      algorithm: 'sha256',
      digits: 7,
      period: 60,
    });
    expect(parse('otpXauth://totp/test@test.com?secret=A4GRFHZVRBGY7UIW&issuer=test').ok).toBe(false);
    expect(value('otpauth://totp/john+tag@gmail.com?secret=A4GRFHVVRBGY7UIW').account).toBe('john+tag@gmail.com');
  });

  it('serialises like 2FAuth', () => {
    const base = { service: null, secret: 'A4GRFHVVRBGY7UIW', digits: 6, algorithm: 'sha1', period: 30, counter: null };
    expect(serialiseOtpauthUri({ ...base, otp_type: 'totp', account: 'account' })).toBe('otpauth://totp/account?secret=A4GRFHVVRBGY7UIW');
    expect(serialiseOtpauthUri({ ...base, otp_type: 'hotp', account: 'account', counter: 0, period: null })).toBe(
      'otpauth://hotp/account?counter=0&secret=A4GRFHVVRBGY7UIW',
    );
    expect(
      serialiseOtpauthUri({ ...base, otp_type: 'totp', service: 'service', account: 'account', digits: 7, algorithm: 'sha256', period: 40 }),
    ).toBe('otpauth://totp/service%3Aaccount?algorithm=sha256&digits=7&issuer=service&period=40&secret=A4GRFHVVRBGY7UIW');
    expect(
      serialiseOtpauthUri({
        ...base,
        otp_type: 'hotp',
        service: 'Air Canada',
        account: 'Benjamin',
        secret: 'KUVJJOM753IHTNDSZVCNKL7GII======',
        digits: 7,
        algorithm: 'sha256',
        period: null,
        counter: 50,
      }),
    ).toBe(
      'otpauth://hotp/Air%20Canada%3ABenjamin?algorithm=sha256&counter=50&digits=7&issuer=Air%20Canada&secret=KUVJJOM753IHTNDSZVCNKL7GII',
    );
    expect(serialiseOtpauthUri({ ...base, otp_type: 'totp', service: 'Microsoft', account: 'account#EXT#@microsoft.com' })).toBe(
      'otpauth://totp/Microsoft%3Aaccount%23EXT%23%40microsoft.com?issuer=Microsoft&secret=A4GRFHVVRBGY7UIW',
    );
  });

  it('parse(serialise(a)) gives a back (property)', () => {
    const text = fc.string({ minLength: 1, maxLength: 20 }).filter((s) => !s.includes(':') && s.trim() === s && s !== '');
    fc.assert(
      fc.property(
        fc.record({
          otp_type: fc.constantFrom('totp' as const, 'hotp' as const),
          service: fc.option(text.filter((s) => s.toLowerCase() !== 'steam'), { nil: null }),
          account: text,
          secret: fc.uint8Array({ minLength: 1, maxLength: 40 }).map((b) => storageSecret(encodeBase32(b))),
          digits: fc.integer({ min: 5, max: 10 }),
          algorithm: fc.constantFrom('sha1', 'sha256', 'sha512', 'md5'),
          period: fc.integer({ min: 1, max: 100000 }),
          counter: fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
        }),
        (a) => {
          const account = { ...a, period: a.otp_type === 'totp' ? a.period : null, counter: a.otp_type === 'hotp' ? a.counter : null };
          const result = parseOtpauthUri(serialiseOtpauthUri(account));
          expect(result.ok && { ...result.value, image: undefined }).toEqual({ ...account, image: undefined });
        },
      ),
      { numRuns: 300 },
    );
  });
});
