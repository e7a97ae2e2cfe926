import { isValidSecret, parseOtpauthUri, storageSecret, type UriError } from '../accounts/otp.js';
import type { Message } from '../i18n/translate.js';
import { decodeGoogleMigration, MIGRATION_PREFIX } from './google-rows.js';
import { invalidRow, rowError, type SourceRow } from './rows.js';

/*
 * Import formats of the first release (amendment 19, formats.md §5.3, §5.4, §5.14, §4): 2FAuth
 * JSON, Google Authenticator migration URIs and plain otpauth lists. Pure functions: text in,
 * rows (or a whole-payload error) out.
 */

export type ImportFailure =
  | { readonly kind: 'no_format' }
  /** Recognised, but broken: `Invalid or unreadable {app} data`. */
  | { readonly kind: 'unreadable'; readonly app: string };

export type ImportResult =
  | { readonly ok: true; readonly format: string; readonly rows: SourceRow[]; readonly notices: string[] }
  | { readonly ok: false; readonly failure: ImportFailure };

const noFormat: ImportResult = { ok: false, failure: { kind: 'no_format' } };
const unreadable = (app: string): ImportResult => ({ ok: false, failure: { kind: 'unreadable', app } });

const OTPAUTH_LINE = /^(otpauth:\/\/(totp|hotp|steam|yaotp)\/|motp:\/\/)/i;

function uriErrorMessage(error: UriError): Message {
  switch (error.kind) {
    case 'invalid_uri':
      return rowError.uri;
    case 'unsupported_type':
      return rowError.unsupportedType;
    case 'no_label':
      return rowError.label;
    case 'secret_required':
    case 'secret_invalid':
      return rowError.secret;
    case 'algorithm':
      return rowError.algorithm;
    case 'digits':
      return rowError.digits;
    case 'period':
      return rowError.period;
    case 'counter_negative':
    case 'counter_integer':
      return rowError.counter;
  }
}

/** One line of an otpauth list: a row, or an invalid row naming the parser's problem. */
export function rowFromUri(line: string): SourceRow {
  if (/^(otpauth:\/\/yaotp\/|motp:\/\/)/i.test(line)) return invalidRow(rowError.unsupportedType);
  const parsed = parseOtpauthUri(line);
  if (!parsed.ok) return invalidRow(uriErrorMessage(parsed.errors[0]!));
  const { image: _image, ...account } = parsed.value;
  return { ...account, icon: null, group: null };
}

/** formats.md §5.14: every non-empty line must be an otpauth URI, else the payload is not a list. */
export function parsePlainList(lines: readonly string[]): ImportResult {
  if (lines.length === 0 || !lines.every((line) => OTPAUTH_LINE.test(line))) return noFormat;
  return { ok: true, format: 'plain', rows: lines.map(rowFromUri), notices: [] };
}

const ICON_MIMES = ['image/svg+xml', 'image/png', 'image/jpeg', 'image/bmp', 'image/x-ms-bmp', 'image/webp'];

function twoFauthItem(item: unknown): SourceRow {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return invalidRow(rowError.uri);
  const data = item as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  const service = text(data.service);
  const account = text(data.account);
  const source = { service, account };
  const otpType = typeof data.otp_type === 'string' ? data.otp_type.toLowerCase() : '';
  if (otpType !== 'totp' && otpType !== 'hotp' && otpType !== 'steamtotp') {
    return invalidRow(rowError.unsupportedType, source);
  }
  const typed = { ...source, otp_type: otpType } as const;
  if (account === null || account.trim() === '') return invalidRow(rowError.label, typed);
  if (typeof data.secret !== 'string' || !isValidSecret(data.secret))
    return invalidRow(rowError.secret, typed);
  const digits = data.digits === undefined || data.digits === null ? 6 : data.digits;
  // A non-string algorithm (a number, an object) is invalid, not stringified.
  const algorithm =
    data.algorithm === undefined || data.algorithm === null
      ? 'sha1'
      : typeof data.algorithm === 'string'
        ? data.algorithm.toLowerCase()
        : '';
  if (otpType !== 'steamtotp') {
    if (typeof digits !== 'number' || !Number.isInteger(digits) || digits < 5 || digits > 10) {
      return invalidRow(rowError.digits, typed);
    }
    if (!['sha1', 'sha256', 'sha512', 'md5'].includes(algorithm))
      return invalidRow(rowError.algorithm, typed);
  }
  const positive = (value: unknown, max: number) =>
    typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= max ? value : undefined;
  let icon: SourceRow['icon'] = null;
  if (typeof data.icon_file === 'string' && typeof data.icon_mime === 'string') {
    const mime = data.icon_mime.toLowerCase();
    if (ICON_MIMES.includes(mime) && /^[A-Za-z0-9+/\s]*={0,2}\s*$/.test(data.icon_file)) {
      icon = { bytes: Buffer.from(data.icon_file, 'base64'), mime };
    }
  }
  return {
    otp_type: otpType,
    service: service === null || service.trim() === '' ? null : service.trim(),
    account: account.trim(),
    secret: storageSecret(data.secret),
    digits: typeof digits === 'number' ? digits : 6,
    algorithm,
    period: otpType === 'hotp' ? null : (positive(data.period, 2_147_483_647) ?? 30),
    counter: otpType === 'hotp' ? (positive(data.counter, Number.MAX_SAFE_INTEGER) ?? 0) : null,
    icon,
    group: null,
  };
}

/** formats.md §5.4: 2FAuth JSON schema 1 (and, our addition, its otpauth variant). */
function parseTwoFauth(json: Record<string, unknown>): ImportResult {
  if (!Array.isArray(json.data)) return unreadable('2FAuth');
  const items = json.data as unknown[];
  const uriOnly =
    items.length > 0 &&
    items.every(
      (item) =>
        typeof item === 'object' &&
        item !== null &&
        typeof (item as Record<string, unknown>).uri === 'string' &&
        Object.keys(item).length === 1,
    );
  if (uriOnly) {
    const lines = items.map((item) => String((item as Record<string, unknown>).uri).trim());
    const list = parsePlainList(lines);
    return list.ok ? { ...list, format: '2fauth' } : unreadable('2FAuth');
  }
  return { ok: true, format: '2fauth', rows: items.map(twoFauthItem), notices: [] };
}

function isTwoFauth(json: Record<string, unknown>): boolean {
  if (typeof json.app !== 'string' || !json.app.startsWith('2fauth_')) return false;
  if ('schema' in json) return true;
  return (
    Array.isArray(json.data) &&
    json.data.every(
      (item: unknown) =>
        typeof item === 'object' && item !== null && 'uri' in item && Object.keys(item).length === 1,
    )
  );
}

/** Lines of a text payload: split on any line break, blank lines dropped, each trimmed. */
export function payloadLines(text: string): string[] {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** Detects the format of an import payload (formats.md §5.3) and converts it to rows. */
export function parseImport(input: string | Buffer): ImportResult {
  let text: string;
  if (typeof input === 'string') text = input;
  else {
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(input);
    } catch {
      return noFormat; // binary: only encrypted andOTP could match, not supported yet
    }
  }
  text = text.replace(/^\uFEFF/, '').trim();
  if (text === '') return noFormat;
  if (text.startsWith('{') || text.startsWith('[')) {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return noFormat;
    }
    if (typeof json === 'object' && json !== null && !Array.isArray(json)) {
      const object = json as Record<string, unknown>;
      if (isTwoFauth(object)) return parseTwoFauth(object);
    }
    return noFormat;
  }
  const lines = payloadLines(text);
  if (lines.length > 0 && lines.every((line) => MIGRATION_PREFIX.test(line))) {
    const google = decodeGoogleMigration(lines);
    return google ? { ok: true, format: 'google', ...google } : unreadable('Google Authenticator');
  }
  return parsePlainList(lines);
}
