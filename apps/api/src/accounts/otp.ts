import {
  fieldRuleOf,
  hotpCode,
  MAX_DB_INTEGER,
  parseOtpauthUri as parseUri,
  periodOf,
  totpCodes,
  type CodeParams,
  type FieldRule,
  type OtpError as EngineError,
  type ParsedOtpauthAccount,
} from '@twofold/otp';

/*
 * The API's thin adapter over @twofold/otp, which does the work: this file
 * only turns the engine's typed results into the errors the routes answer with, memoises codes
 * per time window for lists, and adds the bound of the int4 `period` column.
 */

/** The largest period the database stores (an `integer` column). */
const MAX_PERIOD = MAX_DB_INTEGER;

/** An account's code parameters as stored (plain strings, checked by the engine). */
export interface OtpParameters extends CodeParams {
  readonly counter: number | null;
}

export type OtpFailure =
  | { readonly kind: 'unsupported_type' }
  | { readonly kind: 'invalid_secret' }
  | { readonly kind: 'invalid_parameters'; readonly cause: string };

/** Why a stored account cannot give a code (rendered as a 400 by the accounts service). */
export class OtpError extends Error {
  constructor(readonly failure: OtpFailure) {
    super(failure.kind);
  }
}

function failure(error: EngineError, params: OtpParameters): OtpError {
  switch (error.field) {
    case 'otp_type':
      return new OtpError({ kind: 'unsupported_type' });
    case 'secret':
      return new OtpError({ kind: 'invalid_secret' });
    case 'algorithm':
      return new OtpError({ kind: 'invalid_parameters', cause: `Unsupported algorithm ${params.algorithm}` });
    case 'digits':
      return new OtpError({ kind: 'invalid_parameters', cause: 'Digits must be between 5 and 10' });
    case 'period':
      return new OtpError({ kind: 'invalid_parameters', cause: 'Period must be at least 1 second' });
    default:
      return new OtpError({ kind: 'invalid_parameters', cause: 'Counter must be a positive integer' });
  }
}

/** The code for one counter value (HOTP counter or time step); throws `OtpError`. */
export function codeAt(params: OtpParameters, counter: number): string {
  const code = hotpCode(params, counter);
  if (!code.ok) throw failure(code.error, params);
  return code.value;
}

export interface TimedCodes {
  readonly password: string;
  readonly next_password: string;
  readonly period: number;
}

// Codes only change once per window: lists refreshed by clients reuse them (bounded memo).
const memo = new Map<string, TimedCodes>();
const MEMO_LIMIT = 20_000;

/** TOTP/Steam codes of the window containing `unixTime` and of the next one; throws `OtpError`. */
export function timedCodes(params: OtpParameters, unixTime: number): TimedCodes {
  const period = periodOf(params.otp_type, params.period);
  const step = Number.isSafeInteger(period) && period > 0 ? Math.floor(unixTime / period) : 0;
  const key = `${params.otp_type}|${params.algorithm}|${params.digits}|${period}|${step}|${params.secret}`;
  const known = memo.get(key);
  if (known) return known;
  const result = totpCodes(params, unixTime);
  if (!result.ok) throw failure(result.error, params);
  const codes = { password: result.value.password, next_password: result.value.next_password, period };
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(key, codes);
  return codes;
}

export type ParseResult =
  | { readonly ok: true; readonly value: ParsedOtpauthAccount }
  | { readonly ok: false; readonly errors: readonly FieldRule[] };

/**
 * The engine's otpauth parser, its errors as the rules they break (`fieldRuleOf`): a missing
 * label is reported alone, as 2FAuth does, and a period beyond the database column is a period error.
 */
export function parseOtpauthUri(input: string, options: { forceSteam?: boolean } = {}): ParseResult {
  const parsed = parseUri(input, options);
  if (!parsed.ok) {
    const errors = parsed.errors.map(fieldRuleOf);
    const label = errors.filter((error) => error.field === 'label');
    return { ok: false, errors: label.length > 0 ? label : errors };
  }
  if ((parsed.value.period ?? 0) > MAX_PERIOD)
    return { ok: false, errors: [{ field: 'period', rule: 'min', min: 1 }] };
  return parsed;
}
