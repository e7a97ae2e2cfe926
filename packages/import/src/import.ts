import { mayBeAndOtpLegacy, parseAndOtpLegacy } from './andotp-legacy.js';
import { isAegis, isAegisEncrypted, aegisDbRows, parseAegisEncrypted } from './aegis.js';
import { isZip, pgpMessage, readProtonPassPgp, readZip } from './archives.js';
import { decryptContext, type DecryptContext } from './context.js';
import {
  looksLikeAndOtpBinary,
  parseAndOtpEncrypted,
  parseBitwardenProtected,
  parseEnteEncrypted,
  parseProtonEncrypted,
  parseTwoFasEncrypted,
} from './encrypted.js';
import {
  accountKey,
  ImportAbort,
  isObject,
  noFormat,
  passwordRequired,
  unreadable,
  useExport,
  type Json,
} from './failures.js';
import {
  isAndOtp,
  isFreeOtpPlus,
  isSteamMaFile,
  isTwoFauth,
  parseAndOtp,
  parseBitwardenItems,
  parseFreeOtpPlus,
  parseProtonEntries,
  parseSteam,
  parseTwoFauth,
  twoFasRows,
} from './json-formats.js';
import { isDuo, parseDuo } from './duo.js';
import { isRaivo, parseRaivo } from './raivo.js';
import { parseFreeOtp2, readFreeOtp2 } from './freeotp2.js';
import { isKdbx, parseKdbx } from './kdbx.js';
import { isSqlite, readSqlite } from './sqlite-formats.js';
import { isLastPass, parseLastPass } from './lastpass.js';
import { isOnePassword, isProtonPass, parseOnePassword, parseProtonPass } from './password-managers.js';
import {
  isStratum,
  isStratumEncrypted,
  parseStratum,
  parseStratumEncrypted,
  parseStratumHtml,
  stratumHtmlUris,
} from './stratum.js';
import { looksLikeSqlcipher } from './sqlcipher.js';
import { parseText } from './text-formats.js';
import { parseTotpAuthenticatorBackup, totpAuthenticatorBackup } from './totp-authenticator.js';
import { readXml } from './xml-formats.js';
import type { AppName, ImportOptions, ImportResult } from './types.js';

/*
 * The entry point: detects the format of a payload in a fixed order and converts it to preview
 * rows. Never throws: every problem is a typed failure.
 */

/** Deepest JSON nesting accepted; real exports stay under 10. */
const MAX_DEPTH = 64;
const DEFAULT_MAX_ENTRIES = 10_000;

/** True when the JSON text nests deeper than `max` (brackets inside strings do not count). */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** True when a list the readers walk holds more than `max` items. */
function tooManyEntries(json: unknown, max: number): boolean {
  if (Array.isArray(json)) return json.length > max;
  if (!isObject(json)) return false;
  const lists = [json.data, json.services, json.items, json.entries, json.tokens, json.folders, json.groups];
  lists.push(json.Authenticators);
  if (isObject(json.db)) lists.push(json.db.entries, json.db.groups);
  if (isObject(json.accounts)) lists.push(Object.keys(json.accounts));
  else lists.push(json.accounts);
  return lists.some((list) => Array.isArray(list) && list.length > max);
}

/** `items` of Bitwarden-shaped objects (a numeric `type`) and no `encrypted` flag. */
function isBitwardenMinimal(json: Json): boolean {
  if ('encrypted' in json || !Array.isArray(json.items)) return false;
  const items: unknown[] = json.items;
  return items.length > 0 && items.every((item) => isObject(item) && typeof item.type === 'number');
}

type Reader = (json: Json, ctx: DecryptContext) => ImportResult | Promise<ImportResult>;

/** The JSON rows of the detection order: a test, the app it means, and its reader. */
const JSON_FORMATS: readonly { app: AppName; test: (json: Json) => boolean; read: Reader }[] = [
  { app: '2FAuth', test: isTwoFauth, read: parseTwoFauth },
  {
    app: 'Aegis',
    test: isAegis,
    read: (json, ctx) => (isAegisEncrypted(json) ? parseAegisEncrypted(json, ctx) : aegisDbRows(json.db)),
  },
  {
    app: '2FAS Auth',
    test: (json) => 'schemaVersion' in json && ('services' in json || 'servicesEncrypted' in json),
    read: (json, ctx) => {
      if (typeof json.servicesEncrypted === 'string' && json.servicesEncrypted !== '')
        return parseTwoFasEncrypted(json, ctx);
      return Array.isArray(json.services) ? twoFasRows(json.services, json.groups) : unreadable('2FAS Auth');
    },
  },
  // Before Bitwarden: Proton Pass's data.json has an `encrypted` flag too.
  { app: 'Proton Pass', test: isProtonPass, read: (json) => parseProtonPass(json, DEFAULT_MAX_ENTRIES) },
  {
    app: 'Bitwarden',
    test: (json) => typeof json.encrypted === 'boolean',
    read: (json, ctx) => {
      if (json.encrypted === false) return parseBitwardenItems(json);
      if (json.passwordProtected === true) return parseBitwardenProtected(json, ctx);
      return ctx.password === null ? passwordRequired('Bitwarden', 'account_key') : accountKey();
    },
  },
  {
    // Bitwarden's minimal documented import shape, without `encrypted` (as KeePassXC writes it).
    app: 'Bitwarden',
    test: isBitwardenMinimal,
    read: parseBitwardenItems,
  },
  {
    app: 'Ente Auth',
    test: (json) => 'kdfParams' in json && 'encryptedData' in json && 'encryptionNonce' in json,
    read: parseEnteEncrypted,
  },
  {
    app: 'Proton Authenticator',
    test: (json) =>
      'version' in json &&
      (Array.isArray(json.entries) || (typeof json.salt === 'string' && typeof json.content === 'string')),
    read: (json, ctx) =>
      Array.isArray(json.entries) ? parseProtonEntries(json) : parseProtonEncrypted(json, ctx),
  },
  { app: 'Steam', test: isSteamMaFile, read: parseSteam },
  { app: 'FreeOTP+', test: isFreeOtpPlus, read: parseFreeOtpPlus },
  { app: 'Stratum', test: isStratum, read: parseStratum },
  { app: 'LastPass Authenticator', test: isLastPass, read: parseLastPass },
  { app: '1Password', test: isOnePassword, read: (json) => parseOnePassword(json, DEFAULT_MAX_ENTRIES) },
];

async function readJson(text: string, ctx: DecryptContext, maxEntries: number): Promise<ImportResult> {
  if (nestsDeeperThan(text, MAX_DEPTH)) return noFormat();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return noFormat();
  }
  if (isAndOtp(json)) return tooManyEntries(json, maxEntries) ? unreadable('andOTP') : parseAndOtp(json);
  if (isRaivo(json)) return tooManyEntries(json, maxEntries) ? unreadable('Raivo OTP') : parseRaivo(json);
  if (isDuo(json)) return tooManyEntries(json, maxEntries) ? unreadable('Duo Mobile') : parseDuo(json);
  if (!isObject(json)) return noFormat();
  for (const format of JSON_FORMATS) {
    if (!format.test(json)) continue;
    if (tooManyEntries(json, maxEntries)) return unreadable(format.app);
    try {
      return await format.read(json, ctx);
    } catch (error) {
      if (error instanceof ImportAbort) return error.result;
      return unreadable(format.app);
    }
  }
  return noFormat();
}

function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

async function tryReader(read: () => Promise<ImportResult>, app: AppName = 'andOTP'): Promise<ImportResult> {
  try {
    return await read();
  } catch (error) {
    return error instanceof ImportAbort ? error.result : unreadable(app);
  }
}

/**
 * Binary: andOTP's backup with its iteration header, else (`legacy`: the bytes are not UTF-8)
 * andOTP's headerless backup of before 0.6, also tried when the header's key fails.
 */
async function readBinary(bytes: Uint8Array, ctx: DecryptContext, legacy = false): Promise<ImportResult> {
  if (isStratumEncrypted(bytes)) return tryReader(() => parseStratumEncrypted(bytes, ctx), 'Stratum');
  const mayBeLegacy = legacy && mayBeAndOtpLegacy(bytes);
  if (!looksLikeAndOtpBinary(bytes))
    return mayBeLegacy ? tryReader(() => parseAndOtpLegacy(bytes, ctx)) : noFormat();
  const result = await tryReader(() => parseAndOtpEncrypted(bytes, ctx));
  if (result.ok || result.failure.kind !== 'wrong_password' || !mayBeLegacy) return result;
  const old = await tryReader(() => parseAndOtpLegacy(bytes, ctx));
  return old.ok ? old : result;
}

/** A SQLCipher-shaped file that no encrypted format with a header claims. */
const looksLikeAuthPlusDatabase = (bytes: Uint8Array): boolean =>
  !isStratumEncrypted(bytes) && !looksLikeAndOtpBinary(bytes) && looksLikeSqlcipher(bytes);

async function importPayload(input: string | Uint8Array, options: ImportOptions): Promise<ImportResult> {
  const ctx = decryptContext(options);
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const bytes = typeof input === 'string' ? null : input;
  const decoded = bytes === null ? (input as string) : decodeUtf8(bytes);
  if (bytes !== null && isSqlite(bytes)) return readSqlite(bytes, maxEntries);
  if (bytes !== null && isZip(bytes)) return tryReader(() => readZip(bytes, ctx, maxEntries), 'migration');
  if (bytes !== null && isKdbx(bytes)) return tryReader(() => parseKdbx(bytes, ctx, maxEntries), 'KeePass');
  const freeOtp2 = bytes === null ? null : readFreeOtp2(bytes, maxEntries);
  if (freeOtp2 !== null) return tryReader(() => parseFreeOtp2(freeOtp2, ctx), 'FreeOTP');
  if (decoded === null && looksLikeAuthPlusDatabase(bytes as Uint8Array)) {
    // An andOTP backup of before 0.6 may have that shape too: it opens with its password.
    const old = ctx.password === null ? null : await readBinary(bytes as Uint8Array, ctx, true);
    return old?.ok ? old : useExport('Authenticator Plus');
  }
  if (decoded === null) return readBinary(bytes as Uint8Array, ctx, true);
  const text = decoded.replace(/^\uFEFF/, '').trim();
  if (text === '') return noFormat();
  if (text.startsWith('{') || text.startsWith('[')) return readJson(text, ctx, maxEntries);
  const stratumHtml = text.startsWith('<') ? stratumHtmlUris(text) : null;
  if (stratumHtml !== null)
    return stratumHtml.length > maxEntries ? unreadable('Stratum') : parseStratumHtml(stratumHtml);
  if (text.startsWith('<')) return readXml(text, ctx, maxEntries);
  const pgp = pgpMessage(text);
  if (pgp !== null) return tryReader(() => readProtonPassPgp(pgp, ctx, maxEntries), 'Proton Pass');
  const result = parseText(text);
  const backup = !result.ok && result.failure.kind === 'no_format' ? totpAuthenticatorBackup(text) : null;
  if (backup !== null) return parseTotpAuthenticatorBackup(backup, ctx);
  if (result.ok && result.rows.length + result.skipped > maxEntries) return unreadable(result.app);
  // Binary data is occasionally valid UTF-8: an uploaded file gets one more chance as andOTP.
  if (!result.ok && result.failure.kind === 'no_format' && bytes !== null) return readBinary(bytes, ctx);
  return result;
}

/**
 * Converts an import payload to preview rows. `input` is the pasted text or the bytes of an
 * uploaded file (only a file can be binary: encrypted andOTP). Pass `password` for encrypted
 * exports; without one they answer `password_required`. Never throws and never rejects.
 */
export async function parseImport(
  input: string | Uint8Array,
  options: ImportOptions = {},
): Promise<ImportResult> {
  try {
    if (typeof input !== 'string' && !(input instanceof Uint8Array)) return noFormat();
    return await importPayload(input, options);
  } catch (error) {
    return error instanceof ImportAbort ? error.result : noFormat();
  }
}
