import { failAll, ok, otpError } from './errors.js';
import { validateBase32Secret } from './secret.js';
import {
  ALGORITHMS,
  MAX_DIGITS,
  MIN_DIGITS,
  OTP_TYPES,
  type Algorithm,
  type OtpAccount,
  type OtpError,
  type OtpType,
  type Result,
} from './types.js';

/** The largest value of a database `integer` column (PostgreSQL int4): ids, periods and counters. */
export const MAX_DB_INTEGER = 2_147_483_647;

/** Account fields before the model rules: loose types, optional defaults (as a parameters form sends them). */
export interface AccountInput {
  readonly otp_type: string;
  readonly service?: string | null;
  readonly account: string;
  readonly secret: string;
  readonly digits?: number | null;
  readonly algorithm?: string | null;
  readonly period?: number | null;
  readonly counter?: number | null;
  readonly image?: string | null;
}

/** Steam's fixed parameters: Steam Guard codes are 5 characters of Steam's alphabet, SHA-1, 30 s. */
export const STEAM = { service: 'Steam', digits: 5, algorithm: 'sha1', period: 30 } as const;

/** The period of a TOTP account that declares none, in seconds. */
export const DEFAULT_PERIOD = 30;

/**
 * The period (seconds) a time-based account's codes follow: always Steam's 30 s for `steamtotp`,
 * else the account's own, `DEFAULT_PERIOD` when it has none. It is not checked (see `codes.ts`).
 */
export function periodOf(otpType: string, period: number | null | undefined): number {
  return otpType === 'steamtotp' ? STEAM.period : (period ?? DEFAULT_PERIOD);
}

/** Every field the Steam rule sets, whatever the source declared (a Steam account has no counter). */
export const STEAM_FIELDS = {
  otp_type: 'steamtotp',
  service: STEAM.service,
  digits: STEAM.digits,
  algorithm: STEAM.algorithm,
  period: STEAM.period,
  counter: null,
} as const;

/** The account fields the Steam rule reads and rewrites. */
export interface SteamRuleFields {
  readonly otp_type: string;
  readonly service: string | null;
  readonly digits: number;
  readonly algorithm: string;
  readonly period: number | null;
  readonly counter: number | null;
}

/**
 * The Steam rule on fields that passed their own checks: type `steamtotp` or service `Steam` (any
 * case) makes a Steam account with Steam's fixed parameters; anything else is returned as it is.
 */
export function withSteamRule<T extends SteamRuleFields>(fields: T): T {
  return isSteam(fields.otp_type, fields.service) ? { ...fields, ...STEAM_FIELDS } : fields;
}

/** True when the model's Steam rule applies: type `steamtotp` or service `Steam` in any case. */
export function isSteam(otpType: string, service: string | null | undefined): boolean {
  return otpType === 'steamtotp' || (typeof service === 'string' && service.toLowerCase() === 'steam');
}

/** Code parameters as a form or a URI gives them: missing ones take their defaults. */
export interface ParameterInput {
  readonly otp_type: OtpType;
  readonly service: string | null;
  readonly digits?: number | null | undefined;
  readonly algorithm?: string | null | undefined;
  readonly period?: number | null | undefined;
  readonly counter?: number | null | undefined;
}

/** The parameters an account of that type keeps: the other of `period`/`counter` is always null. */
export interface AccountParameters {
  readonly otp_type: OtpType;
  readonly service: string | null;
  readonly digits: number;
  readonly algorithm: string;
  readonly period: number | null;
  readonly counter: number | null;
}

/**
 * The parameter rules of the account model on values that passed their own checks: the defaults
 * (6 digits, sha1, period 30, counter 0), the Steam rule, and `period` null for HOTP and `counter`
 * null for TOTP and Steam. An update passes the `stored` account: a parameter it leaves out keeps
 * the stored value when the type does not change (a HOTP counter is never reset by an edit).
 */
export function accountParameters(
  input: ParameterInput,
  stored?: { readonly otp_type: string; readonly period: number | null; readonly counter: number | null },
): AccountParameters {
  if (isSteam(input.otp_type, input.service)) {
    const { otp_type, service, digits, algorithm, period, counter } = STEAM_FIELDS;
    return { otp_type, service, digits, algorithm, period, counter };
  }
  const sameType = stored !== undefined && stored.otp_type === input.otp_type;
  const keep = (key: 'period' | 'counter', fallback: number): number => {
    const given = input[key];
    if (given !== undefined) return given ?? fallback;
    const kept = sameType ? stored[key] : null;
    return kept ?? fallback;
  };
  return {
    otp_type: input.otp_type,
    service: input.service,
    digits: input.digits ?? 6,
    algorithm: input.algorithm ?? 'sha1',
    period: input.otp_type === 'totp' ? keep('period', DEFAULT_PERIOD) : null,
    counter: input.otp_type === 'hotp' ? keep('counter', 0) : null,
  };
}

/** Narrows a value to an `OtpType` (`totp`, `hotp`, `steamtotp`, exactly; no case folding). */
export function isOtpType(value: unknown): value is OtpType {
  return typeof value === 'string' && (OTP_TYPES as readonly string[]).includes(value);
}

/** Narrows a lower-case string to an `Algorithm`. */
export function isAlgorithm(value: string): value is Algorithm {
  return (ALGORITHMS as readonly string[]).includes(value);
}

/**
 * Applies the account model and the parameter rules of the API's parameters form: validates
 * every field (all errors are returned, each naming its field), lower-cases `otp_type` and
 * `algorithm`, puts the secret in storage form, fills the defaults (6 digits, sha1, period 30,
 * counter 0), applies the Steam rule and nulls `period` for HOTP and `counter` for TOTP/Steam.
 * An empty `service` becomes null; an empty or blank `account` is an `account` error. Product
 * rules about `:` and lengths are left to the caller.
 */
export function normalizeAccount(input: AccountInput): Result<OtpAccount> {
  const errors: OtpError[] = [];
  const otpType = input.otp_type.toLowerCase();
  if (otpType === '') errors.push(otpError('otp_type', 'required'));
  else if (!isOtpType(otpType)) errors.push(otpError('otp_type', 'unsupported_type'));
  if (input.account.trim() === '') errors.push(otpError('account', 'required'));

  const secret = validateBase32Secret(input.secret);
  if (!secret.ok) errors.push(secret.error);

  const digits = input.digits ?? 6;
  if (!Number.isInteger(digits)) errors.push(otpError('digits', 'not_an_integer'));
  else if (digits < MIN_DIGITS || digits > MAX_DIGITS) errors.push(otpError('digits', 'out_of_range'));

  const algorithm = (input.algorithm ?? 'sha1').toLowerCase();
  if (!isAlgorithm(algorithm)) errors.push(otpError('algorithm', 'invalid_choice'));

  const period = input.period ?? DEFAULT_PERIOD;
  if (!Number.isSafeInteger(period)) errors.push(otpError('period', 'not_an_integer'));
  else if (period < 1) errors.push(otpError('period', 'out_of_range'));

  const counter = input.counter ?? 0;
  if (!Number.isSafeInteger(counter)) errors.push(otpError('counter', 'not_an_integer'));
  else if (counter < 0) errors.push(otpError('counter', 'out_of_range'));

  if (errors.length > 0 || !secret.ok || !isOtpType(otpType) || !isAlgorithm(algorithm)) {
    return failAll(errors);
  }
  const service = input.service === undefined || input.service === '' ? null : input.service;
  const image = input.image === undefined ? {} : { image: input.image };
  const parameters = accountParameters({ otp_type: otpType, service, digits, algorithm, period, counter });
  return ok({
    ...parameters,
    algorithm: parameters.algorithm as Algorithm,
    account: input.account,
    secret: secret.value.canonical,
    ...image,
  });
}
