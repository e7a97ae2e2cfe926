import type * as ZipJsModule from '@zip.js/zip.js';
import type { Entry } from '@zip.js/zip.js';
import type { DecryptContext } from './context.js';
import { noFormat, passwordRequired, unreadable, unsupportedEncryption, wrongPassword } from './failures.js';
import { isOnePassword, isProtonPass, parseOnePassword, parseProtonPass } from './password-managers.js';
import { isRaivo, parseRaivo } from './raivo.js';
import { parseText } from './text-formats.js';
import { success } from './failures.js';
import type { AppName, ImportResult } from './types.js';

/*
 * Exports that arrive in an archive: zip files (zip.js, loaded when one arrives) and Proton Pass's
 * PGP-encrypted export (OpenPGP.js, loaded when one arrives).
 * - Proton Pass: `Proton Pass/data.json` in a zip; encrypted, the same zip, or (Proton Pass 1.32)
 *   `data.json` itself, in an armored PGP message under the password (older versions: that
 *   message in base64).
 * - 1Password: `export.data` in a `.1pux` zip.
 * - Authenticator Plus: "Export to file" writes `Accounts.txt` (otpauth URIs) in a zip encrypted
 *   with the password (ZipCrypto).
 * - Raivo OTP: `raivo-otp-export.json` in a zip encrypted with the password (AES).
 * - WinAuth: with "Encrypt with password", its text export (otpauth URIs) alone in a ZipCrypto zip.
 */

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
export const isZip = (bytes: Uint8Array): boolean => ZIP_MAGIC.every((byte, i) => bytes[i] === byte);

const PGP_ARMOR = '-----BEGIN PGP MESSAGE-----';
/** The base64 of `-----BEGIN PGP `, how older Proton Pass versions wrote the armored message. */
const PGP_ARMOR_BASE64 = 'LS0tLS1CRUdJTiBQR1Ag';

/** The armored PGP message of a text, or null when it is none. */
export function pgpMessage(text: string): string | null {
  if (text.startsWith(PGP_ARMOR)) return text;
  if (!text.startsWith(PGP_ARMOR_BASE64) || !/^[A-Za-z0-9+/=\s]+$/.test(text)) return null;
  try {
    return new TextDecoder().decode(Uint8Array.from(atob(text.replace(/\s/g, '')), (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

/** Most files, and bytes of one file, read from an archive; real exports stay far below. */
const MAX_FILES = 1_000;
const MAX_FILE_BYTES = 32 * 1024 * 1024;
/** Password packets tried in one PGP message; each costs a full S2K. */
const MAX_PASSWORD_PACKETS = 2;

type ZipJs = typeof ZipJsModule;
let zipLibrary: Promise<ZipJs> | null = null;
function loadZip(): Promise<ZipJs> {
  zipLibrary ??= import('@zip.js/zip.js').then((zip) => {
    // Inflate on this thread: the files are small and a worker would outlive the request.
    zip.configure({ useWebWorkers: false });
    return zip;
  });
  return zipLibrary;
}

type ZipEntry = Entry;

class WrongZipPassword extends Error {}

async function entryText(entry: ZipEntry, password: Uint8Array | null): Promise<string> {
  if (entry.directory || entry.uncompressedSize > MAX_FILE_BYTES) throw new Error('unreadable entry');
  if (entry.encrypted && password === null) throw new WrongZipPassword('password required');
  // A sink that stops at MAX_FILE_BYTES whatever the entry's header claims (zip bombs).
  const chunks: Uint8Array[] = [];
  let size = 0;
  const sink = new WritableStream<Uint8Array>({
    write(chunk) {
      size += chunk.length;
      if (size > MAX_FILE_BYTES) throw new Error('entry too large');
      chunks.push(chunk);
    },
  });
  try {
    const options = entry.encrypted ? { password: new TextDecoder().decode(password!) } : {};
    await entry.getData(sink, options);
    const bytes = new Uint8Array(size);
    let offset = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, offset);
      offset += chunk.length;
    }
    return new TextDecoder().decode(bytes);
  } catch (error) {
    // ZipCrypto checks one byte of the key: a wrong password may also end as a failed CRC.
    if (entry.encrypted) throw new WrongZipPassword('wrong password');
    throw error;
  }
}

function jsonOf(textValue: string): Record<string, unknown> | null {
  try {
    const json: unknown = JSON.parse(textValue);
    return typeof json === 'object' && json !== null && !Array.isArray(json)
      ? (json as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

function jsonList(textValue: string): unknown {
  try {
    return JSON.parse(textValue.replace(/^\uFEFF/, '')) as unknown;
  } catch {
    return null;
  }
}

/** Reads a zip export; `app` names the source when the zip came out of a PGP message. */
export async function readZip(
  bytes: Uint8Array,
  ctx: DecryptContext,
  maxEntries: number,
  from: AppName | null = null,
): Promise<ImportResult> {
  const zip = await loadZip();
  let entries: ZipEntry[];
  try {
    const reader = new zip.ZipReader(new zip.Uint8ArrayReader(bytes));
    entries = await reader.getEntries();
  } catch {
    return from === null ? noFormat() : unreadable(from);
  }
  if (entries.length > MAX_FILES) return from === null ? noFormat() : unreadable(from);
  const named = (test: (name: string) => boolean) => entries.find((entry) => test(entry.filename));
  const proton = named((name) => /(^|\/)data\.json$/.test(name));
  const onePassword = named((name) => name === 'export.data');
  const authPlus = named((name) => /(^|\/)Accounts\.txt$/.test(name));
  const raivo = named((name) => /(^|\/)raivo-otp-export\.json$/.test(name));
  // WinAuth's password-protected export: a zip of one text file of otpauth URIs.
  const files = entries.filter((item) => !item.directory);
  const winAuth = files.length === 1 && /\.txt$/i.test(files[0]!.filename) ? files[0] : undefined;
  const found: [AppName, ZipEntry | undefined][] = [
    ['1Password', onePassword],
    ['Authenticator Plus', authPlus],
    ['Raivo OTP', raivo],
    ['Proton Pass', proton],
    ['WinAuth', winAuth],
  ];
  const [app, entry] = found.find(([, item]) => item !== undefined) ?? [from, undefined];
  if (app === null || entry === undefined) return from === null ? noFormat() : unreadable(from);
  let content: string;
  try {
    content = await entryText(entry, ctx.password);
  } catch (error) {
    if (error instanceof WrongZipPassword)
      return ctx.password === null ? passwordRequired(app) : wrongPassword(app);
    return unreadable(app);
  }
  if (app === 'Authenticator Plus' || app === 'WinAuth') {
    const result = parseText(content.replace(/^\uFEFF/, '').trim());
    // Any plain zip of one text file looks like WinAuth's: only its content can tell.
    if (!result.ok && app === 'WinAuth' && !entry.encrypted && from === null) return noFormat();
    if (!result.ok || result.rows.length > maxEntries) return unreadable(app);
    return success(app === 'WinAuth' ? 'winauth' : 'authenticator-plus', app, result.rows, {
      skipped: result.skipped,
      notices: result.notices,
    });
  }
  if (app === 'Raivo OTP') {
    const items = jsonList(content);
    return isRaivo(items) && items.length <= maxEntries ? parseRaivo(items) : unreadable(app);
  }
  const json = jsonOf(content);
  if (json === null) return unreadable(app);
  if (app === '1Password') return isOnePassword(json) ? parseOnePassword(json, maxEntries) : unreadable(app);
  return isProtonPass(json) ? parseProtonPass(json, maxEntries) : unreadable(app);
}

/** Proton Pass's encrypted export: an OpenPGP message under the password holding the zip. */
export async function readProtonPassPgp(
  armored: string,
  ctx: DecryptContext,
  maxEntries: number,
): Promise<ImportResult> {
  if (ctx.password === null) return passwordRequired('Proton Pass');
  const openpgp = await import('openpgp');
  let message: Awaited<ReturnType<typeof openpgp.readMessage>>;
  try {
    message = await openpgp.readMessage({ armoredMessage: armored });
  } catch {
    return unreadable('Proton Pass');
  }
  // Proton Pass writes one password packet with the iterated S2K; anything else (Argon2 with
  // parameters of the file's choosing, many packets to try) is refused before any work.
  const passwordPackets = message.packets.filter(
    (packet) => packet instanceof openpgp.SymEncryptedSessionKeyPacket,
  );
  const iterated = (packet: unknown) => (packet as { s2k?: { type?: unknown } }).s2k?.type === 'iterated';
  if (passwordPackets.length === 0) return unsupportedEncryption('Proton Pass');
  if (passwordPackets.length > MAX_PASSWORD_PACKETS || !passwordPackets.every(iterated))
    return unsupportedEncryption('Proton Pass');
  let data: Uint8Array;
  try {
    const result = await openpgp.decrypt({
      message,
      passwords: [new TextDecoder().decode(ctx.password)],
      format: 'binary',
      config: { maxDecompressedMessageSize: MAX_FILE_BYTES },
    });
    data = (result as { data: Uint8Array }).data;
  } catch {
    // OpenPGP cannot tell a damaged message from a wrong key once the session key fails.
    return wrongPassword('Proton Pass');
  }
  // Proton Pass 1.32 encrypts `data.json` itself; earlier versions the zip holding it.
  if (!isZip(data)) {
    let json: Record<string, unknown> | null;
    try {
      json = jsonOf(new TextDecoder('utf-8', { fatal: true }).decode(data).replace(/^\uFEFF/, ''));
    } catch {
      json = null;
    }
    return json !== null && isProtonPass(json)
      ? parseProtonPass(json, maxEntries)
      : unreadable('Proton Pass');
  }
  return readZip(data, { ...ctx, password: null }, maxEntries, 'Proton Pass');
}
