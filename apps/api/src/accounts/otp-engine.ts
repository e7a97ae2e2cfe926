import { createHmac, randomBytes } from 'node:crypto';

/*
 * The parts of the OTP engine the API needs (formats.md §1–§3). @twofold/otp had no public API
 * yet when this was written; this module is the single place to swap for it.
 */

export type OtpType = 'totp' | 'hotp' | 'steamtotp';
export type Algorithm = 'sha1' | 'sha256' | 'sha512' | 'md5';
export const OTP_TYPES: readonly OtpType[] = ['totp', 'hotp', 'steamtotp'];
export const ALGORITHMS: readonly Algorithm[] = ['sha1', 'sha256', 'sha512', 'md5'];

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** formats.md §2.1: spaces and `-` removed, upper case, trailing `=` removed. */
export function normaliseSecret(input: string): string {
  return input.replace(/[\s-]/g, '').toUpperCase().replace(/=+$/, '');
}

/** formats.md §2.2: non-empty, base32 alphabet only, at least one byte. */
export function isValidSecret(input: string): boolean {
  const text = normaliseSecret(input);
  return /^[A-Z2-7]+$/.test(text) && text.length * 5 >= 8;
}

/** formats.md §2.4: normalised text right-padded with `=` to a multiple of 8. */
export function storageSecret(input: string): string {
  const text = normaliseSecret(input);
  return text.padEnd(Math.ceil(text.length / 8) * 8, '=');
}

/** formats.md §2.3; undefined when not decodable. */
export function decodeBase32(input: string): Buffer | undefined {
  if (!isValidSecret(input)) return undefined;
  const text = normaliseSecret(input);
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of text) {
    value = (value << 5) | BASE32.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

export function encodeBase32(bytes: Uint8Array): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** formats.md §2.7: 160 random bits, 32 base32 characters. */
export function randomSecret(): string {
  return encodeBase32(randomBytes(20));
}

function truncate(key: Buffer, counter: bigint, algorithm: Algorithm): number {
  const moving = Buffer.alloc(8);
  moving.writeBigUInt64BE(counter);
  const digest = createHmac(algorithm, key).update(moving).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  // MD5 digests are 16 bytes: bytes past the end count as 0 (formats.md §1.5).
  const at = (i: number) => digest[i] ?? 0;
  return (((at(offset) & 0x7f) << 24) | (at(offset + 1) << 16) | (at(offset + 2) << 8) | at(offset + 3)) >>> 0;
}

const STEAM_ALPHABET = '23456789BCDFGHJKMNPQRTVWXY';

function encode(value: number, otpType: OtpType, digits: number): string {
  if (otpType === 'steamtotp') {
    let code = '';
    let v = value;
    for (let i = 0; i < 5; i += 1) {
      code += STEAM_ALPHABET[v % 26];
      v = Math.floor(v / 26);
    }
    return code;
  }
  return String(value % 10 ** digits).padStart(digits, '0');
}

export interface OtpParameters {
  readonly otp_type: string;
  readonly secret: string;
  readonly digits: number;
  readonly algorithm: string;
  readonly period: number | null;
  readonly counter: number | null;
}

export type OtpFailure =
  | { readonly kind: 'unsupported_type' }
  | { readonly kind: 'invalid_secret' }
  | { readonly kind: 'invalid_parameters'; readonly cause: string };

export class OtpError extends Error {
  constructor(readonly failure: OtpFailure) {
    super(failure.kind);
  }
}

/** A code for one counter value (HOTP counter or TOTP time step). */
export function codeAt(params: OtpParameters, counter: number): string {
  const otpType = params.otp_type;
  if (!(OTP_TYPES as readonly string[]).includes(otpType)) throw new OtpError({ kind: 'unsupported_type' });
  const key = decodeBase32(params.secret);
  if (!key) throw new OtpError({ kind: 'invalid_secret' });
  const steam = otpType === 'steamtotp';
  const algorithm = (steam ? 'sha1' : params.algorithm) as Algorithm;
  if (!ALGORITHMS.includes(algorithm)) {
    throw new OtpError({ kind: 'invalid_parameters', cause: `Unsupported algorithm ${params.algorithm}` });
  }
  const digits = steam ? 5 : params.digits;
  if (!Number.isInteger(digits) || digits < 5 || digits > 10) {
    throw new OtpError({ kind: 'invalid_parameters', cause: 'Digits must be between 5 and 10' });
  }
  if (!Number.isSafeInteger(counter) || counter < 0) {
    throw new OtpError({ kind: 'invalid_parameters', cause: 'Counter must be a positive integer' });
  }
  return encode(truncate(key, BigInt(counter), algorithm), otpType as OtpType, digits);
}

/** The period used for a TOTP/Steam account. */
export function periodOf(params: OtpParameters): number {
  const period = params.otp_type === 'steamtotp' ? 30 : (params.period ?? 30);
  if (!Number.isSafeInteger(period) || period < 1) {
    throw new OtpError({ kind: 'invalid_parameters', cause: 'Period must be at least 1 second' });
  }
  return period;
}

export interface TimedCodes {
  readonly password: string;
  readonly next_password: string;
  readonly period: number;
}

// Codes only change once per window: lists refreshed by clients reuse them (bounded memo).
const memo = new Map<string, TimedCodes>();
const MEMO_LIMIT = 20_000;

/** TOTP/Steam codes of the window containing `unixTime` and of the next one (formats.md §1.3). */
export function timedCodes(params: OtpParameters, unixTime: number): TimedCodes {
  const period = periodOf(params);
  const step = Math.floor(unixTime / period);
  const key = `${params.otp_type}|${params.algorithm}|${params.digits}|${period}|${step}|${params.secret}`;
  const known = memo.get(key);
  if (known) return known;
  const codes = { password: codeAt(params, step), next_password: codeAt(params, step + 1), period };
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(key, codes);
  return codes;
}

// ---------------------------------------------------------------------------------------------
// otpauth URIs (formats.md §3)

export interface ParsedUri {
  readonly otp_type: OtpType;
  readonly service: string | null;
  readonly account: string;
  readonly secret: string;
  readonly digits: number;
  readonly algorithm: Algorithm;
  readonly period: number | null;
  readonly counter: number | null;
  readonly image: string | null;
}

export type UriField = 'uri' | 'label' | 'secret' | 'algorithm' | 'digits' | 'period' | 'counter';
export type UriErrorKind =
  | 'invalid_uri'
  | 'unsupported_type'
  | 'no_label'
  | 'secret_required'
  | 'secret_invalid'
  | 'algorithm'
  | 'digits'
  | 'period'
  | 'counter_negative'
  | 'counter_integer';

export interface UriError {
  readonly field: UriField;
  readonly kind: UriErrorKind;
}

export type ParseResult =
  | { readonly ok: true; readonly value: ParsedUri }
  | { readonly ok: false; readonly errors: readonly UriError[] };

function safeDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/** Form decoding of one query value (`+` is a space); undefined on a malformed escape. */
function formDecode(text: string): string | undefined {
  return safeDecode(text.replace(/\+/g, ' '));
}

/**
 * Parses an otpauth URI by hand (formats.md §3.2): `#` kept as `%23`, label path-decoded
 * (`+` stays), query form-decoded, issuer parameter wins over the label prefix. `forceSteam`
 * (custom_otp steamtotp) makes it a Steam account.
 */
export function parseOtpauthUri(input: string, options: { forceSteam?: boolean } = {}): ParseResult {
  const fail = (field: UriField, kind: UriErrorKind): ParseResult => ({ ok: false, errors: [{ field, kind }] });
  const uri = input.trim();
  if (!/^otpauth:\/\//i.test(uri)) return fail('uri', 'invalid_uri');
  const rest = uri.slice('otpauth://'.length).replace(/#/g, '%23');
  const question = rest.indexOf('?');
  const head = question === -1 ? rest : rest.slice(0, question);
  const query = question === -1 ? '' : rest.slice(question + 1);
  const slash = head.indexOf('/');
  if (slash === -1) return fail('uri', 'invalid_uri');
  const rawType = head.slice(0, slash).toLowerCase();
  const typeMap: Record<string, OtpType> = { totp: 'totp', hotp: 'hotp', steam: 'steamtotp' };
  let otpType = typeMap[rawType];
  if (!otpType) return fail('uri', 'unsupported_type');
  const label = safeDecode(head.slice(slash + 1));
  if (label === undefined) return fail('uri', 'invalid_uri');

  const params = new Map<string, string>();
  for (const pair of query.split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    const name = formDecode(equals === -1 ? pair : pair.slice(0, equals));
    const value = formDecode(equals === -1 ? '' : pair.slice(equals + 1));
    if (name === undefined || value === undefined) return fail('uri', 'invalid_uri');
    if (!params.has(name)) params.set(name, value);
  }

  const issuerParam = params.get('issuer')?.trim();
  const issuer = issuerParam === undefined || issuerParam === '' ? undefined : issuerParam;
  let prefix: string | undefined;
  let account: string;
  if (issuer !== undefined && label.startsWith(`${issuer}:`)) {
    prefix = issuer;
    account = label.slice(issuer.length + 1);
  } else if (label.includes(':')) {
    const colon = label.indexOf(':');
    prefix = label.slice(0, colon);
    account = label.slice(colon + 1);
  } else {
    account = label;
  }
  account = account.trim();
  prefix = prefix?.trim();
  if (label.trim() === '' || account === '') return fail('label', 'no_label');
  const service = issuer ?? (prefix === undefined || prefix === '' ? null : prefix);

  if (options.forceSteam || (service !== null && service.toLowerCase() === 'steam')) otpType = 'steamtotp';
  const steam = otpType === 'steamtotp';

  const errors: UriError[] = [];
  const secretText = params.get('secret');
  if (secretText === undefined || secretText.trim() === '') errors.push({ field: 'secret', kind: 'secret_required' });
  else if (!isValidSecret(secretText)) errors.push({ field: 'secret', kind: 'secret_invalid' });

  let algorithm: Algorithm = 'sha1';
  let digits = 6;
  let period: number | null = otpType === 'hotp' ? null : 30;
  let counter: number | null = otpType === 'hotp' ? 0 : null;
  if (!steam) {
    const algorithmText = params.get('algorithm');
    if (algorithmText !== undefined) {
      const lower = algorithmText.toLowerCase() as Algorithm;
      if (ALGORITHMS.includes(lower)) algorithm = lower;
      else errors.push({ field: 'algorithm', kind: 'algorithm' });
    }
    const digitsText = params.get('digits');
    if (digitsText !== undefined) {
      const value = /^[0-9]+$/.test(digitsText) ? Number(digitsText) : NaN;
      if (value >= 5 && value <= 10) digits = value;
      else errors.push({ field: 'digits', kind: 'digits' });
    }
    if (otpType === 'totp') {
      const periodText = params.get('period');
      if (periodText !== undefined) {
        const value = /^[0-9]+$/.test(periodText) ? Number(periodText) : NaN;
        if (value >= 1 && value <= 2_147_483_647) period = value;
        else errors.push({ field: 'period', kind: 'period' });
      }
    }
  }
  if (otpType === 'hotp') {
    const counterText = params.get('counter');
    if (counterText !== undefined) {
      if (/^-\d+$/.test(counterText.trim())) errors.push({ field: 'counter', kind: 'counter_negative' });
      else if (!/^[0-9]+$/.test(counterText) || !Number.isSafeInteger(Number(counterText))) {
        errors.push({ field: 'counter', kind: 'counter_integer' });
      } else counter = Number(counterText);
    }
  }
  if (errors.length > 0 || secretText === undefined) return { ok: false, errors };
  if (steam) {
    return {
      ok: true,
      value: {
        otp_type: 'steamtotp',
        service: 'Steam',
        account,
        secret: storageSecret(secretText),
        digits: 5,
        algorithm: 'sha1',
        period: 30,
        counter: null,
        image: params.get('image') ?? null,
      },
    };
  }
  return {
    ok: true,
    value: {
      otp_type: otpType,
      service,
      account,
      secret: storageSecret(secretText),
      digits,
      algorithm,
      period,
      counter,
      image: params.get('image') ?? null,
    },
  };
}

/** PHP rawurlencode: only A-Z a-z 0-9 - _ . ~ stay as they are. */
export function rawUrlEncode(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

export interface SerialisableAccount {
  readonly otp_type: string;
  readonly service: string | null;
  readonly account: string;
  readonly secret: string;
  readonly digits: number;
  readonly algorithm: string;
  readonly period: number | null;
  readonly counter: number | null;
}

/** Canonical serialisation (formats.md §3.4), 2FAuth/OTPHP style. */
export function serialiseOtpauthUri(account: SerialisableAccount): string {
  const hotp = account.otp_type === 'hotp';
  const label = account.service === null ? account.account : `${account.service}:${account.account}`;
  const params: [string, string][] = [];
  if (account.algorithm !== 'sha1') params.push(['algorithm', account.algorithm]);
  if (hotp) params.push(['counter', String(account.counter ?? 0)]);
  if (account.digits !== 6) params.push(['digits', String(account.digits)]);
  if (account.service !== null) params.push(['issuer', account.service]);
  if (!hotp && (account.period ?? 30) !== 30) params.push(['period', String(account.period)]);
  params.push(['secret', account.secret.toUpperCase().replace(/=+$/, '')]);
  const query = params.map(([name, value]) => `${name}=${rawUrlEncode(value)}`).join('&');
  return `otpauth://${hotp ? 'hotp' : 'totp'}/${rawUrlEncode(label)}?${query}`;
}
