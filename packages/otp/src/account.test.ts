import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accountParameters,
  DEFAULT_PERIOD,
  isOtpType,
  isSteam,
  normalizeAccount,
  periodOf,
  STEAM,
  STEAM_FIELDS,
  withSteamRule,
  type AccountInput,
} from './account.js';
import { validateBase32Secret } from './secret.js';

const SECRET = 'A4GRFHVVRBGY7UIW';
const STEAM_SECRET = 'XJGTDRUUKZH3X7TQN2QZUGCGXZCC5LXE';

// The parameter forms of 2FAuth's tests.
describe('the account model on 2FAuth’s parameter sets', () => {
  it('full custom TOTP', () => {
    const input = {
      service: 'service',
      account: 'account',
      otp_type: 'totp',
      secret: SECRET,
      digits: 7,
      algorithm: 'sha256',
      period: 40,
      counter: null,
    };
    expect(normalizeAccount(input)).toEqual({
      ok: true,
      value: {
        otp_type: 'totp',
        service: 'service',
        account: 'account',
        secret: SECRET,
        digits: 7,
        algorithm: 'sha256',
        period: 40,
        counter: null,
      },
    });
  });

  it('minimum TOTP and HOTP get the defaults', () => {
    expect(normalizeAccount({ account: 'account', otp_type: 'totp', secret: SECRET })).toEqual({
      ok: true,
      value: {
        otp_type: 'totp',
        service: null,
        account: 'account',
        secret: SECRET,
        digits: 6,
        algorithm: 'sha1',
        period: 30,
        counter: null,
      },
    });
    expect(normalizeAccount({ account: 'account', otp_type: 'hotp', secret: SECRET })).toEqual({
      ok: true,
      value: {
        otp_type: 'hotp',
        service: null,
        account: 'account',
        secret: SECRET,
        digits: 6,
        algorithm: 'sha1',
        period: null,
        counter: 0,
      },
    });
  });

  it('full custom HOTP', () => {
    const input = {
      service: 'service',
      account: 'account',
      otp_type: 'hotp',
      secret: SECRET,
      digits: 7,
      algorithm: 'sha256',
      period: null,
      counter: 5,
    };
    expect(normalizeAccount(input)).toMatchObject({
      ok: true,
      value: { otp_type: 'hotp', period: null, counter: 5, digits: 7 },
    });
  });

  it('Steam, and the Steam rule for any type whose service is Steam in any case', () => {
    const steam = {
      service: 'Steam',
      account: 'account',
      otp_type: 'steamtotp',
      secret: STEAM_SECRET,
      digits: 5,
      algorithm: 'sha1',
      period: 30,
      counter: null,
    };
    const expected = { ok: true, value: { ...steam, otp_type: 'steamtotp' } };
    expect(normalizeAccount(steam)).toEqual(expected);
    expect(
      normalizeAccount({
        ...steam,
        otp_type: 'totp',
        service: 'sTeAm',
        digits: 8,
        algorithm: 'sha512',
        period: 60,
      }),
    ).toEqual(expected);
    expect(normalizeAccount({ ...steam, otp_type: 'hotp', service: 'STEAM', counter: 7 })).toEqual(expected);
    // Aegis's Steam test entry loses its issuer.
    expect(normalizeAccount({ ...steam, service: 'Boeing', account: 'Sophia' })).toMatchObject({
      ok: true,
      value: { service: 'Steam', account: 'Sophia' },
    });
    expect(isSteam('totp', 'Steam')).toBe(true);
    expect(isSteam('totp', 'Steamy')).toBe(false);
    expect(isSteam('totp', null)).toBe(false);
  });

  it('valid: md5 with the short secret "eee", upper-case type and algorithm, empty service', () => {
    expect(
      normalizeAccount({ account: 'MyAccount', otp_type: 'totp', algorithm: 'md5', secret: 'eee' }),
    ).toMatchObject({
      ok: true,
      value: { algorithm: 'md5', secret: 'EEE=====' },
    });
    expect(
      normalizeAccount({ account: 'a', otp_type: 'TOTP', algorithm: 'SHA256', secret: SECRET, service: '' }),
    ).toMatchObject({
      ok: true,
      value: { otp_type: 'totp', algorithm: 'sha256', service: null },
    });
  });

  it.each<[Partial<AccountInput>, string, string]>([
    [{ otp_type: 'Xotp' }, 'otp_type', 'unsupported_type'],
    [{ otp_type: '' }, 'otp_type', 'required'],
    [{ secret: 'true!' }, 'secret', 'invalid_base32'],
    [{ secret: '123456' }, 'secret', 'invalid_base32'],
    [{ secret: '1.0' }, 'secret', 'invalid_base32'],
    [{ digits: 4 }, 'digits', 'out_of_range'],
    [{ digits: 11 }, 'digits', 'out_of_range'],
    [{ digits: 6.5 }, 'digits', 'not_an_integer'],
    [{ period: 0 }, 'period', 'out_of_range'],
    [{ period: 1.5 }, 'period', 'not_an_integer'],
    [{ otp_type: 'hotp', counter: -1 }, 'counter', 'out_of_range'],
    [{ otp_type: 'hotp', counter: 2 ** 53 }, 'counter', 'not_an_integer'],
    [{ algorithm: 'shaX' }, 'algorithm', 'invalid_choice'],
    [{ account: '' }, 'account', 'required'],
    [{ account: '   ' }, 'account', 'required'],
  ])('invalid: %j', (overrides, field, code) => {
    expect(
      normalizeAccount({ account: 'account', otp_type: 'totp', secret: SECRET, ...overrides }),
    ).toMatchObject({
      ok: false,
      error: { field, code },
    });
  });

  it('reports every invalid field at once', () => {
    const result = normalizeAccount({
      account: '',
      otp_type: 'x',
      secret: '1',
      digits: 4,
      algorithm: 'y',
      period: 0,
      counter: -1,
    });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors.map((e) => e.field)).toEqual([
        'otp_type',
        'account',
        'secret',
        'digits',
        'algorithm',
        'period',
        'counter',
      ]);
    }
  });

  it('never throws, whatever the input', () => {
    const loose = fc.record({
      otp_type: fc.oneof(fc.constantFrom('totp', 'hotp', 'steamtotp', 'TOTP'), fc.string()),
      service: fc.option(fc.string(), { nil: null }),
      account: fc.string(),
      secret: fc.string(),
      digits: fc.option(fc.oneof(fc.integer(), fc.double()), { nil: null }),
      algorithm: fc.option(fc.oneof(fc.constantFrom('sha1', 'MD5'), fc.string()), { nil: null }),
      period: fc.option(fc.oneof(fc.integer(), fc.double()), { nil: null }),
      counter: fc.option(fc.oneof(fc.integer(), fc.double()), { nil: null }),
    });
    fc.assert(
      fc.property(loose, (input) => {
        const result = normalizeAccount(input);
        if (result.ok) {
          expect(validateBase32Secret(result.value.secret)).toMatchObject({
            ok: true,
            value: { canonical: result.value.secret },
          });
          expect((result.value.period === null) !== (result.value.counter === null)).toBe(true);
        } else {
          expect(result.errors.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe('withSteamRule', () => {
  const totp = {
    otp_type: 'totp',
    service: 'GitHub',
    digits: 8,
    algorithm: 'sha256',
    period: 60,
    counter: null,
    extra: 1,
  };
  it('leaves a non-Steam account as it is', () => {
    expect(withSteamRule(totp)).toBe(totp);
  });
  it('gives a Steam service or type Steam parameters, keeping the other fields', () => {
    const expected = { ...totp, ...STEAM_FIELDS };
    expect(withSteamRule({ ...totp, service: 'sTeAm' })).toEqual(expected);
    expect(withSteamRule({ ...totp, otp_type: 'steamtotp', service: null })).toEqual(expected);
    expect(withSteamRule({ ...totp, otp_type: 'hotp', period: null, counter: 4, service: 'steam' })).toEqual(
      expected,
    );
  });
});

describe('accountParameters', () => {
  it('fills the defaults and nulls the parameter the type does not use', () => {
    expect(accountParameters({ otp_type: 'totp', service: 'A' })).toEqual({
      otp_type: 'totp',
      service: 'A',
      digits: 6,
      algorithm: 'sha1',
      period: 30,
      counter: null,
    });
    expect(accountParameters({ otp_type: 'hotp', service: null, period: 60, counter: 7 })).toMatchObject({
      period: null,
      counter: 7,
    });
  });

  it('keeps the stored period or counter of an update that leaves it out, unless the type changes', () => {
    const stored = { otp_type: 'hotp', period: null, counter: 41 };
    expect(accountParameters({ otp_type: 'hotp', service: null }, stored).counter).toBe(41);
    expect(accountParameters({ otp_type: 'hotp', service: null, counter: null }, stored).counter).toBe(0);
    expect(accountParameters({ otp_type: 'totp', service: null }, stored)).toMatchObject({
      period: 30,
      counter: null,
    });
  });

  it('applies the Steam rule whatever the declared parameters', () => {
    expect(
      accountParameters({ otp_type: 'totp', service: 'steam', digits: 8, algorithm: 'sha512', period: 60 }),
    ).toEqual({
      otp_type: 'steamtotp',
      service: 'Steam',
      digits: 5,
      algorithm: 'sha1',
      period: 30,
      counter: null,
    });
  });
});

describe('isOtpType', () => {
  it('accepts exactly the three API types', () => {
    expect(['totp', 'hotp', 'steamtotp'].every(isOtpType)).toBe(true);
  });

  it.each([['TOTP'], ['steam'], [''], [' totp'], ['motp'], [null], [undefined], [1]])(
    'refuses %j',
    (value) => {
      expect(isOtpType(value)).toBe(false);
    },
  );
});

describe('periodOf: the period a time-based account follows', () => {
  it('is always 30 s for Steam, whatever the account declares', () => {
    expect(periodOf('steamtotp', 60)).toBe(STEAM.period);
    expect(periodOf('steamtotp', null)).toBe(30);
  });

  it("is a TOTP account's own period, else the default 30 s", () => {
    expect(periodOf('totp', 60)).toBe(60);
    expect(periodOf('totp', null)).toBe(DEFAULT_PERIOD);
    expect(periodOf('totp', undefined)).toBe(30);
  });

  it('does not check the value (the code generator does)', () => {
    expect(periodOf('totp', 0)).toBe(0);
  });
});
