import { bytesToBase32 } from '@twofold/otp';
import type * as KdbxwebModule from 'kdbxweb';
import type { Kdbx, KdbxGroup, KdbxHeader, ProtectedValue } from 'kdbxweb';
import { derive, type DecryptContext } from './context.js';
import {
  ImportAbort,
  passwordRequired,
  success,
  unreadable,
  unsupportedEncryption,
  wrongPassword,
} from './failures.js';
import { buildRow, rowFromUri, withLabelAccount } from './rows.js';
import type { ImportResult, ImportRow } from './types.js';

/*
 * KeePass / KeePassXC databases (KDBX 3.1 and 4), read with kdbxweb, loaded only when such a file
 * arrives. The OTP of an entry is found, in this order, in:
 * - `otp`: an otpauth URI (KeePassXC 2.6+, KeePassDX, Strongbox) or KeeOtp's `key=…&step=…&size=…`;
 * - `TOTP Seed` + `TOTP Settings` (`period;digits`, `S` for Steam): KeePassXC before 2.6, TrayTOTP;
 * - `TimeOtp-*` / `HmacOtp-*`: KeePass 2.47+'s own placeholders.
 * Entries without any of them are skipped (counted), as are those in the recycle bin. The parent
 * group becomes the group (none for the root).
 */

const SIGNATURE = [0x03, 0xd9, 0xa2, 0x9a, 0x67, 0xfb, 0x4b, 0xb5];
/** KeePass 1.x (`.kdb`) shares the first signature word; kdbxweb does not read it. */
const KDB_SIGNATURE = [0x03, 0xd9, 0xa2, 0x9a, 0x65, 0xfb, 0x4b, 0xb5];

const startsWith = (bytes: Uint8Array, prefix: readonly number[]): boolean =>
  bytes.length >= prefix.length && prefix.every((byte, i) => bytes[i] === byte);

export const isKdbx = (bytes: Uint8Array): boolean =>
  startsWith(bytes, SIGNATURE) || startsWith(bytes, KDB_SIGNATURE);

type Kdbxweb = (typeof KdbxwebModule)['default'];
let library: Promise<Kdbxweb> | null = null;

/** kdbxweb calls one global Argon2 function; each load sets the context it derives with. */
let current: DecryptContext | null = null;
let queue: Promise<unknown> = Promise.resolve();

function loadLibrary(): Promise<Kdbxweb> {
  library ??= import('kdbxweb').then((module) => {
    // kdbxweb is CommonJS: Node gives its exports as the default export, some loaders as names.
    const loaded = module as unknown as { default?: Kdbxweb } & Kdbxweb;
    const kdbxweb = loaded.default ?? loaded;
    kdbxweb.CryptoEngine.setArgon2Impl(
      async (password, salt, memoryKiB, iterations, length, parallelism, type) => {
        const ctx = current;
        if (ctx === null) throw new Error('no import in progress');
        const { keepassArgon2MaxIterations, keepassArgon2MaxWorkBytes } = ctx.limits;
        if (
          iterations > keepassArgon2MaxIterations ||
          iterations * memoryKiB * 1024 > keepassArgon2MaxWorkBytes
        )
          throw new ImportAbort(unsupportedEncryption('KeePass'));
        const key = await derive(
          { ...ctx, limits: { ...ctx.limits, argon2MaxIterations: keepassArgon2MaxIterations } },
          'KeePass',
          {
            algorithm: type === kdbxweb.CryptoEngine.Argon2TypeArgon2d ? 'argon2d' : 'argon2id',
            password: new Uint8Array(password),
            salt: new Uint8Array(salt),
            iterations,
            memoryKiB,
            parallelism,
            length,
            memoryBytes: memoryKiB * 1024,
          },
        );
        return new Uint8Array(key).buffer;
      },
    );
    return kdbxweb;
  });
  return library;
}

function number(value: unknown): number | null {
  if (typeof value === 'number') return value;
  if (typeof value === 'object' && value !== null && 'value' in value && typeof value.value === 'number')
    return value.value;
  return null;
}

/** AES-KDF rounds of a KDBX 3.1 or 4 header, or null when the database uses Argon2. */
function aesRounds(kdbxweb: Kdbxweb, header: KdbxHeader): number | null {
  if (header.versionMajor === 3) return number(header.keyEncryptionRounds);
  const params = header.kdfParameters;
  const uuid = params?.get('$UUID');
  if (!(uuid instanceof ArrayBuffer)) return null;
  const id = kdbxweb.ByteUtils.bytesToBase64(uuid);
  return id === kdbxweb.Consts.KdfId.Aes ? number(params?.get('R')) : null;
}

type Field = string | ProtectedValue | undefined;
const text = (value: Field): string | null => {
  const plain = value === undefined ? null : typeof value === 'string' ? value : value.getText();
  return plain === null || plain.trim() === '' ? null : plain.trim();
};

/** A KeePass 2 secret stored as UTF-8, hex or base64 (`TimeOtp-Secret`, `…-Hex`, `…-Base64`). */
function keepassSecret(fields: ReadonlyMap<string, Field>, prefix: string): string | null {
  const base32 = text(fields.get(`${prefix}-Secret-Base32`));
  if (base32 !== null) return base32;
  const utf8 = text(fields.get(`${prefix}-Secret`));
  if (utf8 !== null) return bytesToBase32(new TextEncoder().encode(utf8));
  const hex = text(fields.get(`${prefix}-Secret-Hex`))?.replace(/\s/g, '') ?? null;
  if (hex !== null)
    return /^([0-9a-f]{2})+$/i.test(hex)
      ? bytesToBase32(Uint8Array.from(hex.match(/../g)!, (pair) => parseInt(pair, 16)))
      : '!';
  const base64 = text(fields.get(`${prefix}-Secret-Base64`));
  if (base64 === null) return null;
  try {
    return bytesToBase32(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
  } catch {
    return '!';
  }
}

const KEEPASS_ALGORITHMS: Record<string, string> = {
  'HMAC-SHA-1': 'sha1',
  'HMAC-SHA-256': 'sha256',
  'HMAC-SHA-512': 'sha512',
};

const integer = (value: string | null): number | null =>
  value === null ? null : /^\d+$/.test(value) ? Number(value) : NaN;

/** The row of one entry, or null when it has no OTP. */
function entryRow(fields: ReadonlyMap<string, Field>, group: string | null): ImportRow | null {
  const title = text(fields.get('Title'));
  const user = text(fields.get('UserName'));
  const otp = text(fields.get('otp'));
  const base = { service: title, account: user ?? title, group };
  if (otp !== null && /^[a-z]+:\/\//i.test(otp))
    return rowFromUri(withLabelAccount(otp, base.account), { group });
  if (otp !== null) {
    // KeeOtp: key=BASE32&step=30&size=6&type=Totp|Hotp&otpHashMode=Sha256&counter=…
    const query = new URLSearchParams(otp);
    const type = (query.get('type') ?? 'totp').toLowerCase();
    return buildRow({
      ...base,
      otp_type: type,
      secret: query.get('key'),
      digits: integer(query.get('size')),
      period: integer(query.get('step')),
      algorithm: query.get('otpHashMode')?.toLowerCase() ?? null,
      counter: integer(query.get('counter')),
    });
  }
  const seed = text(fields.get('TOTP Seed'));
  if (seed !== null) {
    const [period, digits] = (text(fields.get('TOTP Settings')) ?? '30;6').split(';');
    const steam = digits?.trim().toUpperCase() === 'S';
    return buildRow({
      ...base,
      otp_type: steam ? 'steamtotp' : 'totp',
      secret: seed,
      period: integer(period?.trim() ?? null),
      digits: steam ? null : integer(digits?.trim() ?? null),
    });
  }
  const totp = keepassSecret(fields, 'TimeOtp');
  if (totp !== null)
    return buildRow({
      ...base,
      otp_type: 'totp',
      secret: totp,
      digits: integer(text(fields.get('TimeOtp-Length'))),
      period: integer(text(fields.get('TimeOtp-Period'))),
      algorithm: KEEPASS_ALGORITHMS[text(fields.get('TimeOtp-Algorithm')) ?? 'HMAC-SHA-1'] ?? '',
    });
  const hotp = keepassSecret(fields, 'HmacOtp');
  if (hotp !== null)
    return buildRow({
      ...base,
      otp_type: 'hotp',
      secret: hotp,
      counter: integer(text(fields.get('HmacOtp-Counter'))) ?? 0,
    });
  return null;
}

/** KeePassXC's other built-in cipher, by its UUID as kdbxweb prints it (base64). */
const UNREADABLE_CIPHERS: Readonly<Record<string, string>> = { 'rWjyn1dvS7mjatR6+WU0bA==': 'Twofish' };

async function open(bytes: Uint8Array, ctx: DecryptContext, maxEntries: number): Promise<ImportResult> {
  const kdbxweb = await loadLibrary();
  if (startsWith(bytes, KDB_SIGNATURE)) return unsupportedEncryption('KeePass');
  // A copy: a Node Buffer's slice is a view on a larger pool.
  const data = new Uint8Array(bytes).buffer;
  // The header first, so that absurd AES-KDF rounds are refused before any work.
  let rounds: number | null;
  let cipher: string | undefined;
  try {
    const probe = kdbxweb.Kdbx.create(new kdbxweb.Credentials(null), 'probe');
    const header = kdbxweb.KdbxHeader.read(
      new kdbxweb.BinaryStream(data),
      new kdbxweb.KdbxContext({ kdbx: probe }),
    );
    rounds = aesRounds(kdbxweb, header);
    cipher = UNREADABLE_CIPHERS[header.dataCipherUuid?.toString() ?? ''];
  } catch {
    return unreadable('KeePass');
  }
  // kdbxweb reads AES and ChaCha20 only: another cipher is named before any password is asked.
  if (cipher !== undefined) return unsupportedEncryption('KeePass', cipher);
  if (ctx.password === null) return passwordRequired('KeePass');
  if (rounds !== null && rounds > ctx.limits.keepassAesMaxRounds) return unsupportedEncryption('KeePass');
  const password = kdbxweb.ProtectedValue.fromBinary(new Uint8Array(ctx.password).buffer);
  let db: Kdbx;
  try {
    db = await kdbxweb.Kdbx.load(data, new kdbxweb.Credentials(password));
  } catch (error) {
    if (error instanceof ImportAbort) return error.result;
    if (error instanceof kdbxweb.KdbxError && error.code === kdbxweb.Consts.ErrorCodes.InvalidKey)
      return wrongPassword('KeePass');
    return unreadable('KeePass');
  }
  const root = db.getDefaultGroup();
  const bin = db.meta.recycleBinEnabled ? db.meta.recycleBinUuid : undefined;
  const rows: ImportRow[] = [];
  let skipped = 0;
  const walk = (group: KdbxGroup): void => {
    if (bin !== undefined && group.uuid.equals(bin)) return;
    const name = group === root ? null : (group.name ?? null);
    if (rows.length + skipped + group.entries.length > maxEntries)
      throw new ImportAbort(unreadable('KeePass'));
    for (const entry of group.entries) {
      const row = entryRow(entry.fields, name);
      if (row === null) skipped++;
      else rows.push(row);
    }
    for (const child of group.groups) walk(child);
  };
  try {
    walk(root);
  } catch (error) {
    if (error instanceof ImportAbort) return error.result;
    throw error;
  }
  return success('keepass', 'KeePass', rows, { skipped });
}

/** Reads a KDBX database; one at a time, since kdbxweb's Argon2 hook is global. */
export function parseKdbx(bytes: Uint8Array, ctx: DecryptContext, maxEntries: number): Promise<ImportResult> {
  const run = queue.then(async () => {
    current = ctx;
    try {
      return await open(bytes, ctx, maxEntries);
    } finally {
      current = null;
    }
  });
  queue = run.catch(() => undefined);
  return run;
}
