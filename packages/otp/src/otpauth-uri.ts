import { isAlgorithm, isSteam, periodOf, STEAM } from './account.js';
import { failAll, fail, ok, otpError } from './errors.js';
import { normalizeSecret, validateBase32Secret } from './secret.js';
import {
  MAX_DIGITS,
  MIN_DIGITS,
  type OtpAccount,
  type OtpError,
  type OtpType,
  type Result,
} from './types.js';

/** An account parsed from an otpauth URI; `image` is always present (null when absent). */
export type ParsedOtpauthAccount = OtpAccount & { readonly image: string | null };

/** Options of `parseOtpauthUri`. */
export interface ParseOtpauthOptions {
  /** Make the account Steam whatever its type (the API's `custom_otp: "steamtotp"`). */
  readonly forceSteam?: boolean;
}

/**
 * The account fields the serialiser reads. An `OtpAccount` fits, and so does a stored row with
 * plain strings: values are written as they are (validation belongs to the parser and to
 * `normalizeAccount`), except that Steam always gets its fixed fields.
 */
export interface SerializableAccount {
  /** `hotp` is written as `hotp`; anything else as `totp` (Steam included). */
  readonly otp_type: string;
  readonly service: string | null;
  readonly account: string;
  readonly secret: string;
  readonly digits: number;
  readonly algorithm: string;
  readonly period: number | null;
  readonly counter: number | null;
}

const TYPES: Readonly<Record<string, OtpType>> = { totp: 'totp', hotp: 'hotp', steam: 'steamtotp' };
const DIGITS_ONLY = /^[0-9]+$/;

function decodeComponent(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/** True when the text starts with `otpauth://` in any letter case (after trimming). */
export function isOtpauthUri(text: string): boolean {
  return /^otpauth:\/\//i.test(text.trim());
}

/**
 * Parses an otpauth URI by hand, the way 2FAuth reads it: any case of scheme and
 * type; every `#` kept as part of the label (`%23`); label path-decoded (`+` stays `+`); query
 * form-decoded (`+` is a space), first value of a repeated name wins, unknown names ignored;
 * the `issuer` parameter wins over the label prefix; types `totp`, `hotp` and `steam`. Numeric
 * parameters are checked strictly (digits 5–10, period ≥ 1, counter 0…2⁵³ − 1), never clamped,
 * and parameters that do not apply to the type are ignored. Each problem is a typed error naming
 * its field: `uri`, `label`, `secret`, `algorithm`, `digits`, `period` or `counter`.
 * The caller keeps the original string as the account's `legacy_uri`.
 */
export function parseOtpauthUri(
  uri: string,
  options: ParseOtpauthOptions = {},
): Result<ParsedOtpauthAccount> {
  const text = uri.trim();
  if (!isOtpauthUri(text)) return fail(otpError('uri', 'invalid_uri'));
  // No otpauth URI has a fragment; Microsoft Entra guest labels contain a raw `#`.
  const rest = text.slice('otpauth://'.length).replace(/#/g, '%23');
  const question = rest.indexOf('?');
  const head = question === -1 ? rest : rest.slice(0, question);
  const query = question === -1 ? '' : rest.slice(question + 1);
  const slash = head.indexOf('/');
  if (slash === -1) return fail(otpError('uri', 'invalid_uri'));
  const declaredType = TYPES[head.slice(0, slash).toLowerCase()];
  if (declaredType === undefined) return fail(otpError('uri', 'unsupported_type'));
  const label = decodeComponent(head.slice(slash + 1));
  if (label === null) return fail(otpError('uri', 'invalid_uri'));
  const params = new URLSearchParams(query);

  const errors: OtpError[] = [];
  const issuerParam = params.get('issuer')?.trim() ?? '';
  const issuer = issuerParam === '' ? null : issuerParam;
  let prefix: string | null = null;
  let account = label;
  if (issuer !== null && label.startsWith(`${issuer}:`)) {
    prefix = issuer;
    account = label.slice(issuer.length + 1);
  } else {
    const colon = label.indexOf(':');
    if (colon !== -1) {
      prefix = label.slice(0, colon);
      account = label.slice(colon + 1);
    }
  }
  account = account.trim();
  prefix = prefix?.trim() || null;
  if (account === '') errors.push(otpError('label', 'missing_label'));
  const service = issuer ?? prefix;
  const otpType: OtpType =
    options.forceSteam === true || isSteam(declaredType, service) ? 'steamtotp' : declaredType;

  const secretText = params.get('secret');
  const secret = secretText === null || secretText.trim() === '' ? null : validateBase32Secret(secretText);
  if (secret === null) errors.push(otpError('secret', 'required'));
  else if (!secret.ok) errors.push(secret.error);

  // Steam ignores algorithm, digits and period without validating them, like 2FAuth: Steam codes are fixed.
  let algorithm: OtpAccount['algorithm'] = 'sha1';
  let digits = 6;
  let period = 30;
  let counter = 0;
  if (otpType !== 'steamtotp') {
    const algorithmText = params.get('algorithm');
    if (algorithmText !== null) {
      const lower = algorithmText.toLowerCase();
      if (isAlgorithm(lower)) algorithm = lower;
      else errors.push(otpError('algorithm', 'invalid_choice'));
    }
    const digitsText = params.get('digits');
    if (digitsText !== null) {
      const value = DIGITS_ONLY.test(digitsText) ? Number(digitsText) : NaN;
      if (value >= MIN_DIGITS && value <= MAX_DIGITS) digits = value;
      else errors.push(otpError('digits', 'out_of_range'));
    }
  }
  if (otpType === 'totp') {
    const periodText = params.get('period');
    if (periodText !== null) {
      const value = DIGITS_ONLY.test(periodText) ? Number(periodText) : NaN;
      if (Number.isSafeInteger(value) && value >= 1) period = value;
      else errors.push(otpError('period', 'out_of_range'));
    }
  }
  if (otpType === 'hotp') {
    const counterText = params.get('counter');
    if (counterText !== null) {
      const value = DIGITS_ONLY.test(counterText) ? Number(counterText) : NaN;
      if (Number.isSafeInteger(value)) counter = value;
      else if (/^\s*-/.test(counterText)) errors.push(otpError('counter', 'out_of_range'));
      else errors.push(otpError('counter', 'not_an_integer'));
    }
  }

  if (errors.length > 0 || secret === null || !secret.ok) return failAll(errors);
  const imageText = params.get('image');
  const image = imageText === null || imageText === '' ? null : imageText;
  if (otpType === 'steamtotp') {
    return ok({
      otp_type: 'steamtotp',
      service: STEAM.service,
      account,
      secret: secret.value.canonical,
      digits: STEAM.digits,
      algorithm: STEAM.algorithm,
      period: STEAM.period,
      counter: null,
      image,
    });
  }
  return ok({
    otp_type: otpType,
    service,
    account,
    secret: secret.value.canonical,
    digits,
    algorithm,
    period: otpType === 'totp' ? period : null,
    counter: otpType === 'hotp' ? counter : null,
    image,
  });
}

/** Replaces lone UTF-16 surrogates with U+FFFD so that `encodeURIComponent` cannot throw. */
function wellFormed(text: string): string {
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

/**
 * PHP's `rawurlencode` (RFC 3986): everything but `A–Z a–z 0–9 - _ . ~` is percent-encoded as
 * UTF-8, so a space is `%20` and `:` is `%3A`.
 */
export function rawUrlEncode(text: string): string {
  return encodeURIComponent(wellFormed(text)).replace(
    /[!'()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** Options of `serializeOtpauthUri`. */
export interface SerializeOtpauthOptions {
  /**
   * How a Steam account is written: `totp` (default) as 2FAuth writes it,
   * `otpauth://totp/Steam:…?digits=5&issuer=Steam`; `steam` as `otpauth://steam/Steam:…?issuer=Steam`,
   * the type Aegis and Twofold read back as Steam, with no `digits` that a reader ignoring the
   * type would take for a 5-digit numeric code.
   */
  readonly steamType?: 'totp' | 'steam';
}

/**
 * Writes the canonical, 2FAuth-compatible otpauth URI of an account: type
 * `hotp` or `totp` (Steam included, unless `steamType` is `steam`), label `service:account`
 * percent-encoded, parameters sorted by name with defaults left out (`algorithm` sha1, `digits` 6,
 * `period` 30), `counter` always for HOTP, `secret` upper case without padding; `image` is never
 * written.
 */
export function serializeOtpauthUri(
  account: SerializableAccount,
  options: SerializeOtpauthOptions = {},
): string {
  const steam = account.otp_type === 'steamtotp';
  const steamType = steam && options.steamType === 'steam';
  const hotp = account.otp_type === 'hotp';
  const service = steam ? STEAM.service : account.service === '' ? null : account.service;
  const algorithm = steam ? STEAM.algorithm : account.algorithm;
  const digits = steam ? STEAM.digits : account.digits;
  const period = periodOf(account.otp_type, account.period);
  const params: [string, string][] = [];
  if (algorithm !== 'sha1') params.push(['algorithm', algorithm]);
  if (hotp) params.push(['counter', String(account.counter ?? 0)]);
  if (digits !== 6 && !steamType) params.push(['digits', String(digits)]);
  if (service !== null) params.push(['issuer', service]);
  if (!hotp && period !== 30) params.push(['period', String(period)]);
  params.push(['secret', normalizeSecret(account.secret)]);
  const label = service === null ? account.account : `${service}:${account.account}`;
  const query = params.map(([name, value]) => `${name}=${rawUrlEncode(value)}`).join('&');
  const type = hotp ? 'hotp' : steamType ? 'steam' : 'totp';
  return `otpauth://${type}/${rawUrlEncode(label)}?${query}`;
}
