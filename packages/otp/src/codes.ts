import { createHmac } from 'node:crypto';
import { isAlgorithm, isOtpType, periodOf } from './account.js';
import { decodeBase32Into, decodeBase32Text } from './base32.js';
import { fail, ok, otpError } from './errors.js';
import { normalizeSecret } from './secret.js';
import { steamEncode } from './steam.js';
import { dynamicTruncation } from './truncation.js';
import { MAX_DIGITS, MIN_DIGITS, type Algorithm, type OtpError, type Result } from './types.js';

/**
 * What a code needs: the account fields of the API's account objects. An `OtpAccount` fits, and so does a
 * database row with plain strings: every field is checked at run time (an unknown `otp_type` or
 * `algorithm` is a typed error, not an exception).
 */
export interface CodeParams {
  /** `totp`, `hotp` or `steamtotp`. */
  readonly otp_type: string;
  /** Base32 in any accepted input form (spaces, dashes, lower case, padding). */
  readonly secret: string;
  /** 5–10; ignored for Steam. */
  readonly digits: number;
  /** `sha1`, `sha256`, `sha512` or `md5` (lower case); ignored for Steam. */
  readonly algorithm: string;
  /** Seconds, ≥ 1; null means 30. Ignored for HOTP and Steam. */
  readonly period: number | null;
}

/** TOTP/Steam codes for one moment. */
export interface TotpCodes {
  /** Code of the window containing `generated_at`. */
  readonly password: string;
  /** Code of the following window (counter + 1), so clients can show it before the current one expires. */
  readonly next_password: string;
  /** The time used, in whole Unix seconds. */
  readonly generated_at: number;
  readonly period: number;
  /** Seconds left in the current window: `period − (T mod period)`, 1…period. */
  readonly remaining: number;
}

/** The body of the API's OTP responses (`GET /api/v1/twofaccounts/{id}/otp` and friends). */
export type OtpPassword =
  | {
      readonly password: string;
      readonly otp_type: 'totp' | 'steamtotp';
      readonly generated_at: number;
      readonly period: number;
      readonly next_password: string;
    }
  | {
      readonly password: string;
      readonly otp_type: 'hotp';
      /** The counter after use: the stored counter + 1. */
      readonly counter: number;
    };

/*
 * Why node:crypto and not otplib (the first candidate): otplib has no MD5, which 2FAuth accepts,
 * and through its public API it runs at about a third of a bare createHmac loop (see `pnpm bench`),
 * where this path stays above 0.8. otplib remains the independent reference of codes.test.ts,
 * with its 16-byte guardrail lowered and Steam through its `encodeToken` hook; the vectors agree.
 */
const MAX_UINT64 = (1n << 64n) - 1n;
const COUNTER_TOO_LARGE = `The counter field must be less than ${Number.MAX_SAFE_INTEGER}.`;
const POWERS = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10];
// Reused for every code: createHmac() and update() copy their inputs synchronously. The key
// scratch spares an allocation per code (a fifth of the cost) and is wiped after each use.
const MOVING_FACTOR = Buffer.alloc(8);
const KEY_SCRATCH = Buffer.alloc(256);
// One view per key length, made once: a Buffer view costs about as much as the base32 decoding.
const KEY_VIEWS: Buffer[] = [];

/** Checked parameters; `digits` 0 means Steam (sha1, 5 characters of Steam's alphabet). */
interface Generator {
  readonly key: Uint8Array;
  readonly algorithm: Algorithm;
  readonly digits: number;
}

/**
 * The 31-bit dynamic truncation (truncation.ts) of the HMAC of an 8-byte big-endian counter.
 */
function counterValue(key: Uint8Array, algorithm: Algorithm, counter: number | bigint): number {
  if (typeof counter === 'bigint') {
    MOVING_FACTOR.writeBigUInt64BE(counter);
  } else {
    MOVING_FACTOR.writeUInt32BE(Math.floor(counter / 0x1_0000_0000), 0);
    MOVING_FACTOR.writeUInt32BE(counter % 0x1_0000_0000, 4);
  }
  return dynamicTruncation(createHmac(algorithm, key).update(MOVING_FACTOR).digest());
}

function encode(generator: Generator, counter: number | bigint): string {
  const value = counterValue(generator.key, generator.algorithm, counter);
  if (generator.digits === 0) return steamEncode(value);
  return String(value % (POWERS[generator.digits] ?? 1)).padStart(generator.digits, '0');
}

/**
 * Key bytes of a secret, in `KEY_SCRATCH` when they fit (call `wipe` when done). A secret in the
 * usual plain form (letters, digits, trailing `=`) skips the regular expressions of
 * normalisation; anything else is normalised first (spaces, dashes, case, padding).
 */
function keyOf(secret: string): Uint8Array | null {
  let length = decodeBase32Into(secret, KEY_SCRATCH, true);
  if (length === -1) length = decodeBase32Into(normalizeSecret(secret), KEY_SCRATCH);
  if (length === -2) return decodeBase32Text(normalizeSecret(secret));
  if (length < 0) return null;
  return (KEY_VIEWS[length] ??= KEY_SCRATCH.subarray(0, length));
}

function wipe(generator: Generator): void {
  if (generator.key.buffer !== KEY_SCRATCH.buffer) return;
  // A plain loop: keys are short, and Buffer#fill has a fixed cost larger than this.
  for (let i = 0; i < generator.key.length; i++) KEY_SCRATCH[i] = 0;
}

/** Checks the parameters once. */
function prepare(params: CodeParams): Generator | OtpError {
  const otpType: string = params.otp_type;
  if (!isOtpType(otpType)) {
    return otpError('otp_type', 'unsupported_type');
  }
  const key = keyOf(params.secret);
  if (key === null || key.length === 0) return otpError('secret', 'invalid_base32');
  if (otpType === 'steamtotp') return { key, algorithm: 'sha1', digits: 0 };
  const algorithm: string = params.algorithm;
  if (!isAlgorithm(algorithm)) return otpError('algorithm', 'invalid_choice');
  const digits = params.digits;
  if (!Number.isInteger(digits) || digits < MIN_DIGITS || digits > MAX_DIGITS) {
    return otpError('digits', 'out_of_range');
  }
  return { key, algorithm, digits };
}

function checkedPeriod(params: CodeParams): Result<number> {
  const period = periodOf(params.otp_type, params.period);
  if (!Number.isSafeInteger(period)) return fail(otpError('period', 'not_an_integer'));
  if (period < 1) return fail(otpError('period', 'out_of_range'));
  return ok(period);
}

/**
 * The code for one counter value (RFC 4226): the HOTP counter, or the TOTP/Steam time step.
 * The counter is a 64-bit unsigned integer: a safe integer `number` or a `bigint` up to 2⁶⁴ − 1.
 * Steam accounts give their 5-character code; everything else `digits` decimal digits.
 */
export function hotpCode(params: CodeParams, counter: number | bigint): Result<string> {
  if (typeof counter === 'bigint' ? counter > MAX_UINT64 : !Number.isSafeInteger(counter)) {
    return fail(otpError('counter', 'not_an_integer'));
  }
  if (counter < 0) return fail(otpError('counter', 'out_of_range'));
  const generator = prepare(params);
  if ('code' in generator) return fail(generator);
  const code = encode(generator, counter);
  wipe(generator);
  return ok(code);
}

/**
 * TOTP or Steam codes at `nowSeconds` (Unix time, fractions dropped): this window's code, the
 * next window's code, and the seconds left. HOTP accounts are refused with an
 * `otp_type` error, since their codes do not depend on time.
 */
export function totpCodes(params: CodeParams, nowSeconds: number): Result<TotpCodes> {
  if (params.otp_type === 'hotp') return fail(otpError('otp_type', 'unsupported_type'));
  const period = checkedPeriod(params);
  if (!period.ok) return period;
  const time = Math.floor(nowSeconds);
  if (!Number.isSafeInteger(time) || time < 0) return fail(otpError('time', 'out_of_range'));
  const generator = prepare(params);
  if ('code' in generator) return fail(generator);
  const into = time % period.value;
  // Exact integer division: `time - into` is a multiple of the period.
  const step = (time - into) / period.value;
  const password = encode(generator, step);
  const next = encode(generator, step + 1);
  wipe(generator);
  return ok({
    password,
    next_password: next,
    generated_at: time,
    period: period.value,
    remaining: period.value - into,
  });
}

/**
 * The API's OTP answer for an account: for TOTP and Steam the codes at `nowSeconds`;
 * for HOTP the code at the stored counter (0 when null) and the counter after use. Nothing is
 * stored here: the caller persists the new HOTP counter.
 */
export function generateOtp(
  account: CodeParams & { readonly counter: number | null },
  nowSeconds: number,
): Result<OtpPassword> {
  if (account.otp_type === 'hotp') {
    const counter = account.counter ?? 0;
    // The counter after use must still be a safe integer.
    if (counter >= Number.MAX_SAFE_INTEGER)
      return fail(otpError('counter', 'out_of_range', COUNTER_TOO_LARGE));
    const code = hotpCode(account, counter);
    if (!code.ok) return code;
    return ok({ password: code.value, otp_type: 'hotp', counter: counter + 1 });
  }
  const codes = totpCodes(account, nowSeconds);
  if (!codes.ok) return codes;
  return ok({
    password: codes.value.password,
    // totpCodes only succeeds for `totp` and `steamtotp`.
    otp_type: account.otp_type === 'steamtotp' ? 'steamtotp' : 'totp',
    generated_at: codes.value.generated_at,
    period: codes.value.period,
    next_password: codes.value.next_password,
  });
}
