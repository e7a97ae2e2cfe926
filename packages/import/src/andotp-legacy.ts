import { utf8, wrong, type DecryptContext } from './context.js';
import { aesGcmDecrypt, sha256 } from './crypto.js';
import { passwordRequired, unreadable } from './failures.js';
import { isAndOtp, parseAndOtp } from './json-formats.js';
import type { ImportResult } from './types.js';

/*
 * andOTP's encrypted backup before version 0.6: no header, the key is SHA-256 of the password,
 * then AES-256-GCM: `nonce (12) ‖ ciphertext ‖ tag (16)`. Nothing in the file says what it is, so
 * it is only tried on binary uploads (not UTF-8) that no other format claims and that do not start
 * with the signature of a common file type, up to 2 MiB.
 */

const NONCE = 12;
const TAG = 16;
/** The shortest andOTP JSON worth decrypting (`[{"secret":…,"type":…}]`) is well above 20 bytes. */
const MIN_LENGTH = NONCE + TAG + 20;
/** Larger than any andOTP backup of that time (thousands of entries): junk, not a guess. */
const MAX_LENGTH = 2 * 1024 * 1024;

/** Signatures of files that are not andOTP backups (images, archives, PDF, Java streams, SQLite). */
const MAGICS: readonly (readonly number[])[] = [
  [0xac, 0xed, 0x00, 0x05],
  [0x89, 0x50, 0x4e, 0x47],
  [0xff, 0xd8, 0xff],
  [0x47, 0x49, 0x46, 0x38],
  [0x50, 0x4b, 0x03, 0x04],
  [0x25, 0x50, 0x44, 0x46],
  [0x42, 0x4d],
  [0x53, 0x51, 0x4c, 0x69, 0x74, 0x65, 0x20, 0x66, 0x6f, 0x72, 0x6d, 0x61, 0x74, 0x20, 0x33, 0x00],
];

/** A binary payload that may be an old andOTP backup. */
export function mayBeAndOtpLegacy(bytes: Uint8Array): boolean {
  if (bytes.length < MIN_LENGTH || bytes.length > MAX_LENGTH) return false;
  return !MAGICS.some((magic) => magic.every((byte, i) => bytes[i] === byte));
}

/** Decrypts an old andOTP backup; `wrong_password` when the GCM tag fails. */
export async function parseAndOtpLegacy(bytes: Uint8Array, ctx: DecryptContext): Promise<ImportResult> {
  if (ctx.password === null) return passwordRequired('andOTP');
  const key = await sha256(ctx.password);
  const plain = await aesGcmDecrypt(
    key,
    bytes.subarray(0, NONCE),
    bytes.subarray(NONCE, bytes.length - TAG),
    bytes.subarray(bytes.length - TAG),
  );
  if (!plain) wrong('andOTP');
  let items: unknown;
  try {
    items = JSON.parse(utf8(plain) ?? '');
  } catch {
    return unreadable('andOTP');
  }
  return isAndOtp(items) ? parseAndOtp(items) : unreadable('andOTP');
}
