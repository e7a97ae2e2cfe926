import {
  ALGORITHMS,
  isValidBase32Secret,
  MAX_DIGITS,
  OTP_TYPES,
  plainTextToBase32,
  STEAM,
  type Algorithm,
  type OtpType,
} from '@twofold/otp/browser';
import type { Account, AccountParams } from './account.api';

export { ALGORITHMS, type Algorithm, type OtpType };

/** The types as the form labels them, in the engine's order. */
const TYPE_LABELS: Record<OtpType, string> = { totp: 'TOTP', hotp: 'HOTP', steamtotp: 'STEAM' };
export const OTP_TYPE_CHOICES = OTP_TYPES.map((value) => ({ value, label: TYPE_LABELS[value] }));

/** The digit counts offered: from 6 up (5 digits is Steam's, which the form sets by itself). */
export const DIGITS = Array.from({ length: MAX_DIGITS - 5 }, (_, index) => index + 6);

/** The fields a server 422 may name, shown under the form's fields. */
export const FIELDS = [
  'service',
  'account',
  'otp_type',
  'secret',
  'digits',
  'algorithm',
  'period',
  'counter',
] as const;

export interface FormValues {
  service: string;
  account: string;
  otp_type: OtpType;
  secret: string;
  secretFormat: 'base32' | 'plain';
  digits: string;
  algorithm: Algorithm;
  period: string;
  counter: string;
  /** The group id chosen ('0' no group); '' leaves it to the server (its default group on create). */
  group: string;
}

const asOtpType = (value: string): OtpType => OTP_TYPES.find((type) => type === value) ?? 'totp';
const asAlgorithm = (value: string): Algorithm => ALGORITHMS.find((a) => a === value) ?? 'sha1';

/**
 * The fields a form is filled from: a stored account, a preview or an import row (whose type and
 * algorithm are plain strings, read through `asOtpType`/`asAlgorithm`).
 */
type AccountFields = Pick<Account, 'service' | 'account' | 'secret' | 'digits' | 'period' | 'counter'> & {
  readonly otp_type: string;
  readonly algorithm: string;
};

export function valuesOf(account: AccountFields): FormValues {
  return {
    service: account.service ?? '',
    account: account.account,
    otp_type: asOtpType(account.otp_type),
    secret: account.secret ?? '',
    secretFormat: 'base32',
    digits: String(account.digits),
    algorithm: asAlgorithm(account.algorithm),
    period: account.period === null ? '' : String(account.period),
    counter: account.counter === null ? '' : String(account.counter),
    group: '',
  };
}

export const EMPTY_VALUES: FormValues = {
  service: '',
  account: '',
  otp_type: 'totp',
  secret: '',
  secretFormat: 'base32',
  digits: '6',
  algorithm: 'sha1',
  period: '',
  counter: '',
  group: '',
};

/** The secret check of the OTP engine, the one the server applies. */
export const isBase32 = isValidBase32Secret;

const optionalInteger = (value: string): number | null => (value.trim() === '' ? null : Number(value));

/**
 * The account as API parameters; a plain-text secret is Base32-encoded first. Steam's fixed
 * parameters come from the OTP engine; an empty period or counter is left to the server's default.
 */
export function toParams(values: FormValues, icon: string | null): AccountParams {
  const secret = values.secretFormat === 'plain' ? plainTextToBase32(values.secret) : values.secret.trim();
  const base = {
    service: values.service.trim() || null,
    account: values.account.trim(),
    icon,
    otp_type: values.otp_type,
    secret,
    digits: Number(values.digits),
    algorithm: values.algorithm,
    ...(values.group === '' ? {} : { group_id: Number(values.group) }),
  };
  if (values.otp_type === 'steamtotp')
    return { ...base, service: STEAM.service, digits: STEAM.digits, algorithm: STEAM.algorithm };
  if (values.otp_type === 'hotp') return { ...base, counter: optionalInteger(values.counter) };
  return { ...base, period: optionalInteger(values.period) };
}
