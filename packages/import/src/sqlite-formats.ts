import { bytesToBase32, decodeBase64 } from '@twofold/otp';
import { noFormat, success, unreadable } from './failures.js';
import { buildRow, invalidRow, rowError } from './rows.js';
import { parseStratum } from './stratum.js';
import type { ImportResult, ImportRow } from './types.js';

/*
 * On-device SQLite databases: Google Authenticator (`databases/databases`, table `accounts`:
 * email, secret, counter, type 0 TOTP / 1 HOTP, issuer) and Microsoft Authenticator
 * (`databases/PhoneFactor`, table `accounts`: name, username, oath_secret_key, account_type 0 TOTP
 * / 1 Microsoft, 8 digits and a base64 secret; other types are push-only and skipped), and
 * Stratum's `databases/authenticator.db3` (table `authenticator`, the backup's fields). sql.js
 * (SQLite compiled to WebAssembly) is loaded only when a file starts with SQLite's signature.
 */

const MAGIC = new TextEncoder().encode('SQLite format 3\0');

export const isSqlite = (bytes: Uint8Array): boolean =>
  bytes.length >= 100 && MAGIC.every((byte, i) => bytes[i] === byte);

type Value = number | string | Uint8Array | null;
type Table = Record<string, Value>[];

const text = (value: Value | undefined): string | null => (typeof value === 'string' ? value : null);
const int = (value: Value | undefined): number | null =>
  typeof value === 'number' && Number.isInteger(value) ? value : null;

function googleRow(row: Record<string, Value>): ImportRow {
  const email = text(row.email) ?? '';
  const parts = email.split(':');
  const account = parts.length === 2 ? parts[1]! : email;
  const service = text(row.issuer) ?? (parts.length === 2 ? parts[0]! : null);
  const source = { service, account };
  if (int(row.isencrypted) !== null && int(row.isencrypted)! > 0) return invalidRow(rowError.secret, source);
  const type = int(row.type);
  if (type !== 0 && type !== 1) return invalidRow(rowError.unsupportedType, source);
  return buildRow({
    otp_type: type === 1 ? 'hotp' : 'totp',
    ...source,
    secret: (text(row.secret) ?? '').replace(/\s+/g, ''),
    counter: type === 1 ? int(row.counter) : null,
  });
}

function microsoftRow(row: Record<string, Value>): ImportRow {
  const service = text(row.name);
  const account = text(row.username);
  const source = { service, account: account !== null && account.trim() !== '' ? account : service };
  const secret = text(row.oath_secret_key) ?? '';
  if (int(row.account_type) === 1) {
    const bytes = decodeBase64(secret);
    if (bytes === null || bytes.length === 0) return invalidRow(rowError.secret, source);
    return buildRow({ otp_type: 'totp', ...source, secret: bytesToBase32(bytes), digits: 8 });
  }
  return buildRow({ otp_type: 'totp', ...source, secret: secret.replace(/\s+/g, '') });
}

async function tableOf(
  bytes: Uint8Array,
  columns: readonly string[],
  table: 'accounts' | 'authenticator' = 'accounts',
): Promise<Table | null | 'none'> {
  const { default: initSqlJs } = await import('sql.js');
  const SQL = await initSqlJs();
  let db;
  try {
    db = new SQL.Database(bytes);
  } catch {
    return null;
  }
  try {
    const info = db.exec(`SELECT name FROM pragma_table_info('${table}')`);
    const present = new Set((info[0]?.values ?? []).map((row) => String(row[0])));
    if (!columns.every((column) => present.has(column))) return 'none';
    const result = db.exec(`SELECT * FROM ${table}${table === 'accounts' ? ' ORDER BY _id' : ''}`);
    const first = result[0];
    if (!first) return [];
    return first.values.map((values) =>
      Object.fromEntries(first.columns.map((name, i) => [name, values[i] as Value])),
    );
  } catch {
    return null;
  } finally {
    db.close();
  }
}

export async function readSqlite(bytes: Uint8Array, maxEntries: number): Promise<ImportResult> {
  const microsoft = await tableOf(bytes, ['oath_secret_key', 'account_type', 'name', 'username']);
  if (microsoft === null) return noFormat();
  if (microsoft !== 'none') {
    if (microsoft.length > maxEntries) return unreadable('Microsoft Authenticator');
    const usable = microsoft.filter((row) => int(row.account_type) === 0 || int(row.account_type) === 1);
    return success('microsoft', 'Microsoft Authenticator', usable.map(microsoftRow), {
      skipped: microsoft.length - usable.length,
    });
  }
  const stratum = await tableOf(
    bytes,
    ['type', 'issuer', 'username', 'secret', 'algorithm'],
    'authenticator',
  );
  if (stratum !== null && stratum !== 'none') {
    if (stratum.length > maxEntries) return unreadable('Stratum');
    // The same entries as the JSON backup, with lower-case column names.
    const Authenticators = stratum.map((row) => ({
      Type: row.type,
      Issuer: row.issuer,
      Username: row.username,
      Secret: row.secret,
      Algorithm: row.algorithm,
      Digits: row.digits,
      Period: row.period,
      Counter: row.counter,
    }));
    return parseStratum({ Authenticators });
  }
  const google = await tableOf(bytes, ['email', 'secret', 'type']);
  if (google === null || google === 'none') return noFormat();
  if (google.length > maxEntries) return unreadable('Google Authenticator');
  return success('google-db', 'Google Authenticator', google.map(googleRow));
}
