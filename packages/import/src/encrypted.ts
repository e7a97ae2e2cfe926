import { decodeBase64 } from '@twofold/otp';
import { derive, utf8, wrong, type DecryptContext } from './context.js';
import {
  aesCbcDecrypt,
  aesGcmDecrypt,
  hmacSha256,
  hmacSha256Verify,
  secretstreamPullOnce,
  sha256,
} from './crypto.js';
import {
  isObject,
  success,
  num,
  passwordRequired,
  str,
  unreadable,
  unsupportedEncryption,
  type Json,
} from './failures.js';
import {
  isAndOtp,
  parseAndOtp,
  parseBitwardenItems,
  parseProtonEntries,
  twoFasRows,
} from './json-formats.js';
import { otpauthLinesToRows, payloadLines, splitEnteCommas } from './text-formats.js';
import type { ImportResult } from './types.js';

/*
 * Encrypted exports of 2FAS, andOTP, Ente Auth, Proton Authenticator and Bitwarden. Layouts are
 * documented in docs of each app and in this package's README. Every authentication failure
 * (GCM tag, Poly1305, HMAC) is a wrong password; every KDF goes through `derive` and its caps.
 */

const parseJson = (text: string | null): unknown => {
  if (text === null) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** The constant that 2FAS's `reference` decrypts to; it checks the password first. */
export const TWOFAS_REFERENCE =
  'tRViSsLKzd86Hprh4ceC2OP7xazn4rrt4xhfEUbOjxLX8Rc3mkISXE0lWbmnWfggogbBJhtYgpK6fMl1D6mtsy92R3HkdGfwuXbzLebqVFJsR7IZ2w58t938iymwG4824igYy1wi6n2WDpO1Q1P69zwJGs2F5a1qP4MyIiDSD7NCV2OvidXQCBnDlGfmz0f1BQySRkkt4ryiJeCjD2o4QsveJ9uDBUn8ELyOrESv5R5DMDkD4iAF8TXU7KyoJujd';

/** `base64(ciphertext ‖ tag):base64(salt):base64(iv)`. */
function twoFasParts(
  value: string,
): { data: Uint8Array; tag: Uint8Array; salt: Uint8Array; iv: Uint8Array } | null {
  const parts = value.split(':');
  if (parts.length !== 3) return null;
  const [sealed, salt, iv] = parts.map((part) => decodeBase64(part.trim()));
  if (!sealed || !salt || !iv || sealed.length < 16 || salt.length === 0 || iv.length !== 12) return null;
  return { data: sealed.subarray(0, sealed.length - 16), tag: sealed.subarray(sealed.length - 16), salt, iv };
}

export async function parseTwoFasEncrypted(json: Json, ctx: DecryptContext): Promise<ImportResult> {
  if (ctx.password === null) return passwordRequired('2FAS Auth');
  const services = twoFasParts(String(json.servicesEncrypted));
  // Recent 2FAS versions write `"reference": ""`: no password check, as when the field is absent.
  const reference =
    typeof json.reference === 'string' && json.reference.trim() !== ''
      ? twoFasParts(json.reference)
      : undefined;
  if (!services || reference === null) return unreadable('2FAS Auth');
  const key = await derive(ctx, '2FAS Auth', {
    algorithm: 'pbkdf2',
    hash: 'sha256',
    password: ctx.password,
    salt: services.salt,
    iterations: 10_000,
    length: 32,
    memoryBytes: 0,
  });
  if (reference) {
    const check = await aesGcmDecrypt(key, reference.iv, reference.data, reference.tag);
    if (!check || utf8(check) !== TWOFAS_REFERENCE) wrong('2FAS Auth');
  }
  const plain = await aesGcmDecrypt(key, services.iv, services.data, services.tag);
  if (!plain) wrong('2FAS Auth');
  const list = parseJson(utf8(plain));
  if (!Array.isArray(list)) return unreadable('2FAS Auth');
  return twoFasRows(list, json.groups);
}

/** andOTP's binary file: iterations (uint32 BE) ‖ salt (12) ‖ nonce (12) ‖ ciphertext ‖ tag (16). */
export function looksLikeAndOtpBinary(bytes: Uint8Array): boolean {
  if (bytes.length < 44) return false;
  const iterations = new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0);
  return iterations >= 1 && iterations <= 10_000_000;
}

export async function parseAndOtpEncrypted(bytes: Uint8Array, ctx: DecryptContext): Promise<ImportResult> {
  if (ctx.password === null) return passwordRequired('andOTP');
  const iterations = new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0);
  if (iterations > ctx.limits.andOtpMaxIterations) return unsupportedEncryption('andOTP');
  const key = await derive(ctx, 'andOTP', {
    algorithm: 'pbkdf2',
    hash: 'sha1',
    password: ctx.password,
    salt: bytes.subarray(4, 16),
    iterations,
    length: 32,
    memoryBytes: 0,
  });
  const plain = await aesGcmDecrypt(
    key,
    bytes.subarray(16, 28),
    bytes.subarray(28, bytes.length - 16),
    bytes.subarray(bytes.length - 16),
  );
  if (!plain) wrong('andOTP');
  const items = parseJson(utf8(plain));
  if (!isAndOtp(items)) return unreadable('andOTP');
  return parseAndOtp(items);
}

/** Ente Auth: Argon2id (libsodium crypto_pwhash) then one secretstream message. */
export async function parseEnteEncrypted(json: Json, ctx: DecryptContext): Promise<ImportResult> {
  const params = isObject(json.kdfParams) ? json.kdfParams : {};
  const memLimit = num(params.memLimit);
  const opsLimit = num(params.opsLimit);
  const salt = decodeBase64(str(params.salt) ?? '!');
  const data = decodeBase64(str(json.encryptedData) ?? '!');
  const header = decodeBase64(str(json.encryptionNonce) ?? '!');
  if (json.version !== 1 || memLimit === null || opsLimit === null || !salt || !data || !header)
    return unreadable('Ente Auth');
  if (ctx.password === null) return passwordRequired('Ente Auth');
  if (!Number.isInteger(memLimit) || salt.length !== 16) return unsupportedEncryption('Ente Auth');
  const key = await derive(ctx, 'Ente Auth', {
    algorithm: 'argon2id',
    password: ctx.password,
    salt,
    iterations: opsLimit,
    // libsodium's crypto_pwhash passes memLimit / 1024 (rounded down) to Argon2 as KiB.
    memoryKiB: Math.floor(memLimit / 1024),
    parallelism: 1,
    length: 32,
    memoryBytes: memLimit,
  });
  const pulled = await secretstreamPullOnce(key, header, data);
  if (!pulled) wrong('Ente Auth');
  const text = utf8(pulled.message);
  if (text === null) return unreadable('Ente Auth');
  const { rows, skipped } = otpauthLinesToRows(splitEnteCommas(payloadLines(text)));
  return success('ente', 'Ente Auth', rows, { skipped });
}

const PROTON_AAD = new TextEncoder().encode('proton.authenticator.export.v1');

/** Proton Authenticator: Argon2id (t 2, 19 MiB) then AES-256-GCM with a fixed AAD. */
export async function parseProtonEncrypted(json: Json, ctx: DecryptContext): Promise<ImportResult> {
  const salt = decodeBase64(String(json.salt));
  const content = decodeBase64(String(json.content));
  if (!salt || !content || content.length < 12 + 16) return unreadable('Proton Authenticator');
  if (ctx.password === null) return passwordRequired('Proton Authenticator');
  const key = await derive(ctx, 'Proton Authenticator', {
    algorithm: 'argon2id',
    password: ctx.password,
    salt,
    iterations: 2,
    memoryKiB: 19456,
    parallelism: 1,
    length: 32,
    memoryBytes: 19456 * 1024,
  });
  const plain = await aesGcmDecrypt(
    key,
    content.subarray(0, 12),
    content.subarray(12, content.length - 16),
    content.subarray(content.length - 16),
    PROTON_AAD,
  );
  if (!plain) wrong('Proton Authenticator');
  const inner = parseJson(utf8(plain));
  if (!isObject(inner)) return unreadable('Proton Authenticator');
  return parseProtonEntries(inner);
}

/** A Bitwarden type-2 EncString: `2.` iv `|` ciphertext `|` mac. */
async function decryptEncString(
  value: unknown,
  encKey: Uint8Array,
  macKey: Uint8Array,
): Promise<Uint8Array | null | 'bad'> {
  if (typeof value !== 'string' || !value.startsWith('2.')) return 'bad';
  const parts = value
    .slice(2)
    .split('|')
    .map((part) => decodeBase64(part));
  const [iv, data, mac] = parts;
  if (parts.length !== 3 || !iv || !data || !mac || iv.length !== 16 || mac.length !== 32) return 'bad';
  const signed = new Uint8Array(iv.length + data.length);
  signed.set(iv);
  signed.set(data, iv.length);
  if (!(await hmacSha256Verify(macKey, signed, mac))) return null;
  return aesCbcDecrypt(encKey, iv, data);
}

/** Bitwarden's password-protected export: PBKDF2 or Argon2id, HKDF-Expand, AES-CBC + HMAC. */
export async function parseBitwardenProtected(json: Json, ctx: DecryptContext): Promise<ImportResult> {
  if (ctx.password === null) return passwordRequired('Bitwarden');
  const salt = str(json.salt);
  const iterations = num(json.kdfIterations);
  if (salt === null || iterations === null) return unreadable('Bitwarden');
  const saltBytes = new TextEncoder().encode(salt);
  let key: Uint8Array;
  if (json.kdfType === 0 || json.kdfType === undefined) {
    if (iterations > ctx.limits.bitwardenMaxIterations) return unsupportedEncryption('Bitwarden');
    key = await derive(ctx, 'Bitwarden', {
      algorithm: 'pbkdf2',
      hash: 'sha256',
      password: ctx.password,
      salt: saltBytes,
      iterations,
      length: 32,
      memoryBytes: 0,
    });
  } else if (json.kdfType === 1) {
    const memoryMiB = num(json.kdfMemory);
    const parallelism = num(json.kdfParallelism);
    if (memoryMiB === null || parallelism === null || !Number.isInteger(memoryMiB) || memoryMiB < 1)
      return unsupportedEncryption('Bitwarden');
    key = await derive(ctx, 'Bitwarden', {
      algorithm: 'argon2id',
      password: ctx.password,
      salt: await sha256(saltBytes),
      iterations,
      memoryKiB: memoryMiB * 1024,
      parallelism,
      length: 32,
      memoryBytes: memoryMiB * 1024 * 1024,
    });
  } else return unsupportedEncryption('Bitwarden');
  // HKDF-Expand with a single block: T(1) = HMAC(prk, info ‖ 0x01).
  const expand = (info: string) => hmacSha256(key, new Uint8Array([...new TextEncoder().encode(info), 1]));
  const encKey = await expand('enc');
  const macKey = await expand('mac');
  const validation = await decryptEncString(json.encKeyValidation_DO_NOT_EDIT, encKey, macKey);
  if (validation === 'bad') return unreadable('Bitwarden');
  if (validation === null) wrong('Bitwarden');
  const plain = await decryptEncString(json.data, encKey, macKey);
  if (plain === 'bad') return unreadable('Bitwarden');
  if (plain === null) wrong('Bitwarden');
  const inner = parseJson(utf8(plain));
  if (!isObject(inner) || inner.encrypted === true) return unreadable('Bitwarden');
  return parseBitwardenItems(inner);
}
