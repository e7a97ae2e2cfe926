import { expect } from 'vitest';
import { parseImport } from '../src/index.js';
import type { ImportOptions, ImportResult, ImportRow, ImportSuccess } from '../src/index.js';

/** The seven rows every cross-app fixture must give, secrets in storage form. */
export const SEVEN = [
  {
    service: 'Deno',
    account: 'Mason',
    otp_type: 'totp',
    secret: '4SJHB4GSD43FZBAI7C2HLRJGPQ======',
    digits: 6,
    algorithm: 'sha1',
    period: 30,
    counter: null,
  },
  {
    service: 'SPDX',
    account: 'James',
    otp_type: 'totp',
    secret: '5OM4WOOGPLQEF6UGN3CPEOOLWU======',
    digits: 7,
    algorithm: 'sha256',
    period: 20,
    counter: null,
  },
  {
    service: 'Airbnb',
    account: 'Elijah',
    otp_type: 'totp',
    secret: '7ELGJSGXNCCTV3O6LKJWYFV2RA======',
    digits: 8,
    algorithm: 'sha512',
    period: 50,
    counter: null,
  },
  {
    service: 'Issuu',
    account: 'James',
    otp_type: 'hotp',
    secret: 'YOOMIXWS5GN6RTBPUFFWKTW5M4======',
    digits: 6,
    algorithm: 'sha1',
    period: null,
    counter: 1,
  },
  {
    service: 'Air Canada',
    account: 'Benjamin',
    otp_type: 'hotp',
    secret: 'KUVJJOM753IHTNDSZVCNKL7GII======',
    digits: 7,
    algorithm: 'sha256',
    period: null,
    counter: 50,
  },
  {
    service: 'WWE',
    account: 'Mason',
    otp_type: 'hotp',
    secret: '5VAML3X35THCEBVRLV24CGBKOY======',
    digits: 8,
    algorithm: 'sha512',
    period: null,
    counter: 10300,
  },
  {
    service: 'Steam',
    account: 'Sophia',
    otp_type: 'steamtotp',
    secret: 'JRZCL47CMXVOQMNPZR2F7J4RGI======',
    digits: 5,
    algorithm: 'sha1',
    period: 30,
    counter: null,
  },
] as const;

export const CUSTOM_TOTP = {
  service: 'service',
  account: 'account',
  otp_type: 'totp',
  secret: 'A4GRFHVVRBGY7UIW',
  digits: 7,
  algorithm: 'sha256',
  period: 40,
  counter: null,
};
export const CUSTOM_HOTP = { ...CUSTOM_TOTP, otp_type: 'hotp', period: null, counter: 5 };
export const STEAM_ROW = {
  service: 'Steam',
  account: 'account',
  otp_type: 'steamtotp',
  secret: 'XJGTDRUUKZH3X7TQN2QZUGCGXZCC5LXE',
  digits: 5,
  algorithm: 'sha1',
  period: 30,
  counter: null,
};

/** The account fields of a row (no icon, group or error). */
export function fields(row: ImportRow) {
  const { service, account, otp_type, secret, digits, algorithm, period, counter } = row;
  return { service, account, otp_type, secret, digits, algorithm, period, counter };
}

export async function importOk(input: string | Uint8Array, options?: ImportOptions): Promise<ImportSuccess> {
  const result = await parseImport(input, options);
  if (!result.ok) throw new Error(`expected rows, got ${JSON.stringify(result.failure)}`);
  return result;
}

export async function importFail(input: string | Uint8Array, options?: ImportOptions) {
  const result: ImportResult = await parseImport(input, options);
  expect(result.ok).toBe(false);
  if (result.ok) throw new Error('expected a failure');
  return result.failure;
}
