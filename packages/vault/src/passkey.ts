import { KEY_BYTES } from './aes-gcm.js';
import { utf8Bytes } from './bytes.js';

/*
 * The key of a raw slot opened by a passkey. The WebAuthn PRF extension gives 32 bytes that only
 * the authenticator can reproduce (for one credential and one salt); HKDF-SHA-256 turns them into
 * the slot's AES key, bound to its purpose, so the same PRF output is never used as a key twice.
 */

const own = (bytes: Uint8Array): Uint8Array<ArrayBuffer> => new Uint8Array(bytes);

/** HKDF-SHA-256 (RFC 5869) through Web Crypto. */
export async function hkdfSha256(
  ikm: Uint8Array,
  salt: Uint8Array,
  info: Uint8Array,
  length: number,
): Promise<Uint8Array> {
  const key = await globalThis.crypto.subtle.importKey('raw', own(ikm), 'HKDF', false, ['deriveBits']);
  const bits = await globalThis.crypto.subtle.deriveBits(
    { name: 'HKDF', hash: 'SHA-256', salt: own(salt), info: own(info) },
    key,
    length * 8,
  );
  return new Uint8Array(bits);
}

const PASSKEY_SLOT_INFO = utf8Bytes('twofold vault passkey slot v1');

/** The 32-byte key of a passkey's raw slot, from the PRF output and the salt the PRF was asked with. */
export function passkeySlotKey(prfOutput: Uint8Array, prfSalt: Uint8Array): Promise<Uint8Array> {
  if (prfOutput.length < 32) throw new RangeError('a PRF output has 32 bytes');
  return hkdfSha256(prfOutput, prfSalt, PASSKEY_SLOT_INFO, KEY_BYTES);
}
