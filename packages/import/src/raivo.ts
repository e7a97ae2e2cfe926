import { isObject, num, str, success, type Json } from './failures.js';
import { buildRow } from './rows.js';
import type { ImportResult, ImportRow } from './types.js';

/*
 * Raivo OTP's export (iOS): `raivo-otp-export.json`, a top-level array of
 * `{issuer, account, secret, kind, algorithm, digits, timer, counter, pinned, iconType, iconValue}`
 * whose numbers and booleans are written as strings ("30", "6", "false"). The app puts it in a
 * zip encrypted with the export password, next to a PDF of QR codes; both the zip and the JSON
 * alone are read. Bitwarden Authenticator imports the same file.
 */

const KINDS: Readonly<Record<string, string>> = { TOTP: 'totp', HOTP: 'hotp' };

/** A Raivo number: a JSON number or its decimal text; absent is null, anything else NaN. */
function number(value: unknown): number | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'string' && /^\s*\d+\s*$/.test(value)) return Number(value);
  return num(value) ?? NaN;
}

/** A top-level array of objects that each carry Raivo's `kind` and `secret` strings. */
export function isRaivo(json: unknown): json is unknown[] {
  return (
    Array.isArray(json) &&
    json.length > 0 &&
    json.every((item) => isObject(item) && typeof item.kind === 'string' && typeof item.secret === 'string')
  );
}

function raivoRow(value: unknown): ImportRow {
  const entry = value as Json;
  const issuer = str(entry.issuer);
  const account = str(entry.account);
  const kind = (str(entry.kind) ?? '').toUpperCase();
  const row = buildRow({
    otp_type: KINDS[kind] ?? kind,
    service: issuer,
    // Raivo allows an empty account: the issuer then names it.
    account: account !== null && account.trim() !== '' ? account : issuer,
    secret: str(entry.secret),
    digits: number(entry.digits),
    algorithm: str(entry.algorithm),
    period: number(entry.timer),
    counter: number(entry.counter),
  });
  const pinned = entry.pinned === true || entry.pinned === 'true';
  return pinned && row.error === undefined ? { ...row, favorite: true } : row;
}

export function parseRaivo(items: readonly unknown[]): ImportResult {
  return success('raivo', 'Raivo OTP', items.map(raivoRow));
}
