import { bytesToBase32, decodeBase64 } from '@twofold/otp';
import { hexBytes, utf8, type DecryptContext } from './context.js';
import { aesCbcDecrypt, sha256 } from './crypto.js';
import { isObject, passwordRequired, str, success, unreadable, wrongPassword } from './failures.js';
import { buildRow, invalidRow, rowError } from './rows.js';
import type { ImportResult, ImportRow } from './types.js';

/*
 * TOTP Authenticator (Binary Boot). Backup: one base64 text of AES-256-CBC (zero IV) under the
 * SHA-256 of a password: the user's, or the app's built-in "TotpAuthenticator" when none was set.
 * The plaintext is a JSON object whose first key is the JSON text of the token list. Internal
 * file: `shared_prefs/TOTP_Authenticator_Preferences.xml`, key `STATIC_TOTP_CODES_LIST`. Each token
 * has `issuer`, `name`, `key` in base 16, 32 or 64 (`base`), and `digits`/`period` as text.
 */

const BUILT_IN_PASSWORD = new TextEncoder().encode('TotpAuthenticator');
const PREF_KEY = 'STATIC_TOTP_CODES_LIST';
/** Backups hold a few hundred tokens at most; a larger base64 text is something else. */
const MAX_BACKUP = 1024 * 1024;

export const isTotpAuthenticatorPrefs = (prefs: ReadonlyMap<string, string>): boolean => prefs.has(PREF_KEY);

const numeric = (value: unknown): number | null => {
  if (typeof value === 'number') return value;
  return typeof value === 'string' && /^\d{1,9}$/.test(value.trim()) ? Number(value) : null;
};

function secretOf(token: Record<string, unknown>): string | null {
  const key = str(token.key)?.trim() ?? '';
  const base = numeric(token.base);
  const bytes = base === 16 ? hexBytes(key) : base === 64 ? decodeBase64(key) : null;
  if (base === 32) return key;
  return bytes === null || bytes.length === 0 ? null : bytesToBase32(bytes);
}

function tokenRow(value: unknown): ImportRow {
  if (!isObject(value)) return invalidRow(rowError.secret);
  const service = str(value.issuer);
  const name = str(value.name);
  return buildRow({
    otp_type: 'totp',
    service,
    account: name !== null && name.trim() !== '' ? name : service,
    secret: secretOf(value),
    digits: numeric(value.digits),
    period: numeric(value.period),
  });
}

function rowsOf(list: string | undefined): ImportResult {
  let tokens: unknown;
  try {
    tokens = JSON.parse(list ?? '');
  } catch {
    return unreadable('TOTP Authenticator');
  }
  if (!Array.isArray(tokens)) return unreadable('TOTP Authenticator');
  return success('totp-authenticator', 'TOTP Authenticator', tokens.map(tokenRow));
}

export const parseTotpAuthenticatorPrefs = (prefs: ReadonlyMap<string, string>): ImportResult =>
  rowsOf(prefs.get(PREF_KEY));

/** The backup's ciphertext when the text is one base64 block of whole AES blocks, else null. */
export function totpAuthenticatorBackup(text: string): Uint8Array | null {
  if (text.length > MAX_BACKUP || !/^[A-Za-z0-9+/]+={0,2}$/.test(text.replace(/\s+/g, ''))) return null;
  const bytes = decodeBase64(text.replace(/\s+/g, ''));
  return bytes !== null && bytes.length >= 32 && bytes.length % 16 === 0 ? bytes : null;
}

async function open(data: Uint8Array, password: Uint8Array): Promise<ImportResult | null> {
  const plain = await aesCbcDecrypt(await sha256(password), new Uint8Array(16), data);
  if (plain === null) return null;
  try {
    const json: unknown = JSON.parse(utf8(plain) ?? '');
    if (!isObject(json)) return null;
    return rowsOf(Object.keys(json)[0]);
  } catch {
    return null;
  }
}

/** Tries the built-in password, then the user's. */
export async function parseTotpAuthenticatorBackup(
  data: Uint8Array,
  ctx: DecryptContext,
): Promise<ImportResult> {
  const builtIn = await open(data, BUILT_IN_PASSWORD);
  if (builtIn !== null) return builtIn;
  if (ctx.password === null) return passwordRequired('TOTP Authenticator');
  return (await open(data, ctx.password)) ?? wrongPassword('TOTP Authenticator');
}
