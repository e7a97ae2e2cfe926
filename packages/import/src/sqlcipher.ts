/*
 * Authenticator Plus keeps its accounts in a SQLCipher database: every page encrypted, the first
 * 16 bytes a random salt, no header at all. It cannot be read without SQLCipher itself, a native
 * build of SQLite with its own key derivation that no pure-JavaScript reader implements, so such a
 * file is recognised by its shape only — whole pages of 1024 or 4096 bytes that look random — and
 * refused with a pointer to the app's export.
 */

const MIN_PAGES = 2;
// An authenticator's database of even a thousand accounts stays far below this; larger random
// files are just unreadable, not taken for Authenticator Plus.
const MAX_BYTES = 4 * 1024 * 1024;

/** Shannon entropy of the bytes, in bits per byte. */
function entropy(bytes: Uint8Array): number {
  const counts = new Array<number>(256).fill(0);
  for (const byte of bytes) counts[byte]!++;
  let bits = 0;
  for (const count of counts) {
    if (count === 0) continue;
    const p = count / bytes.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

/** True when the bytes have the shape of a SQLCipher database (ciphertext in whole pages). */
export function looksLikeSqlcipher(bytes: Uint8Array): boolean {
  if (bytes.length < 1024 * MIN_PAGES || bytes.length > MAX_BYTES || bytes.length % 1024 !== 0) return false;
  // Random bytes of one page carry about 7.8 bits per byte; any plain file far less.
  return entropy(bytes.subarray(0, 1024)) > 7.6 && entropy(bytes.subarray(bytes.length - 1024)) > 7.6;
}
