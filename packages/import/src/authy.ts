import { derive, type DecryptContext } from './context.js';
import { aesCbcDecrypt } from './crypto.js';
import { isObject, num, passwordRequired, str, success, unreadable, wrongPassword } from './failures.js';
import { hexBytes } from './context.js';
import { buildRow, invalidRow, rowError } from './rows.js';
import type { ImportResult, ImportRow } from './types.js';
import { bytesToBase32, decodeBase64 } from '@twofold/otp';

/*
 * Authy (Android), its shared preferences: `com.authy.storage.tokens.authenticator.key` holds a
 * JSON array of third-party TOTP tokens, and `com.authy.storage.tokens.authy.key` Authy's own
 * tokens (hex `secretSeed`, 10 s). Third-party secrets are plain (`decryptedSecret`, base32) or
 * encrypted (`encryptedSecret`, base64, with a per-token `salt`): PBKDF2-SHA1 × 1000 of the
 * backup password, AES-256-CBC with a zero IV. Authy keeps no algorithm or period: SHA-1, 30 s.
 */

const AUTHENTICATOR_KEY = 'com.authy.storage.tokens.authenticator.key';
const AUTHY_KEY = 'com.authy.storage.tokens.authy.key';
const ZERO_IV = new Uint8Array(16);

export const isAuthy = (prefs: ReadonlyMap<string, string>): boolean =>
  prefs.has(AUTHENTICATOR_KEY) || prefs.has(AUTHY_KEY);

const blank = (value: string | null): boolean => value === null || value.trim() === '';

/** Aegis's reading of Authy's names: the original issuer, else the prefix of the name. */
function names(token: Record<string, unknown>): { service: string | null; account: string | null } {
  const originalIssuer = str(token.originalIssuer);
  const originalName = str(token.originalName);
  const name = str(token.name) ?? '';
  const accountType = str(token.accountType) ?? '';
  let service: string;
  let separator = '';
  if (!blank(originalIssuer)) service = originalIssuer!;
  else if (originalName !== null && originalName.includes(':')) {
    service = originalName.slice(0, originalName.indexOf(':'));
    separator = ':';
  } else if (name.includes(' - ')) {
    service = name.slice(0, name.indexOf(' - '));
    separator = ' - ';
  } else service = accountType.charAt(0).toUpperCase() + accountType.slice(1);
  let account = name.replace(service + separator, '');
  if (account.startsWith(': ')) account = account.slice(2);
  return { service: blank(service) ? null : service, account: blank(account) ? null : account.trim() };
}

function tokenRow(token: unknown, secret: string | null): ImportRow {
  if (!isObject(token)) return invalidRow(rowError.secret);
  const { service, account } = names(token);
  return buildRow({
    otp_type: 'totp',
    service,
    account: account ?? service,
    secret,
    digits: token.digits === undefined ? null : (num(token.digits) ?? NaN),
    algorithm: 'sha1',
    period: 30,
  });
}

/** Authy's own tokens: hex seed, 10 s; the token's name is the service and the account. */
function authyRow(token: unknown): ImportRow {
  if (!isObject(token)) return invalidRow(rowError.secret);
  const name = str(token.name);
  const seed = hexBytes(str(token.secretSeed)?.trim() ?? '');
  if (seed === null || seed.length === 0)
    return invalidRow(rowError.secret, { service: name, account: name });
  return buildRow({
    otp_type: 'totp',
    service: name,
    account: name,
    secret: bytesToBase32(seed),
    digits: token.digits === undefined ? null : (num(token.digits) ?? NaN),
    algorithm: 'sha1',
    period: 10,
  });
}

/** One encrypted secret; null when the password does not open it. */
async function decryptSecret(token: Record<string, unknown>, ctx: DecryptContext): Promise<string | null> {
  const data = decodeBase64(str(token.encryptedSecret) ?? '!');
  const salt = str(token.salt);
  if (data === null || salt === null || ctx.password === null) return null;
  const key = await derive(ctx, 'Authy', {
    algorithm: 'pbkdf2',
    hash: 'sha1',
    password: ctx.password,
    salt: new TextEncoder().encode(salt),
    iterations: 1000,
    length: 32,
    memoryBytes: 0,
  });
  const plain = await aesCbcDecrypt(key, ZERO_IV, data);
  if (plain === null) return null;
  const text = new TextDecoder().decode(plain).trim();
  // A wrong key passes the padding check once in 256 tries: the text must then be base32.
  return /^[A-Za-z2-7]+=*$/.test(text) ? text : null;
}

const parseList = (text: string | undefined): unknown[] | null => {
  if (text === undefined) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
};

export async function parseAuthy(
  prefs: ReadonlyMap<string, string>,
  ctx: DecryptContext,
  maxEntries: number,
): Promise<ImportResult> {
  const tokens = parseList(prefs.get(AUTHENTICATOR_KEY));
  const own = parseList(prefs.get(AUTHY_KEY));
  if (tokens === null || own === null || tokens.length + own.length > maxEntries) return unreadable('Authy');
  const encrypted = tokens.filter((token) => isObject(token) && typeof token.encryptedSecret === 'string');
  if (encrypted.length > 0 && ctx.password === null) return passwordRequired('Authy');
  const rows: ImportRow[] = [];
  let opened = 0;
  for (const token of tokens) {
    if (isObject(token) && typeof token.encryptedSecret === 'string') {
      const secret = await decryptSecret(token, ctx);
      if (secret !== null) opened++;
      rows.push(tokenRow(token, secret));
    } else rows.push(tokenRow(token, isObject(token) ? str(token.decryptedSecret) : null));
  }
  // No encrypted secret opens: the password is wrong (a single damaged one is an invalid row).
  if (encrypted.length > 0 && opened === 0) return wrongPassword('Authy');
  rows.push(...own.map(authyRow));
  return success('authy', 'Authy', rows);
}
