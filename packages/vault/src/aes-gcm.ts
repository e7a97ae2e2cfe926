import { randomBytes } from './bytes.js';

/*
 * AES-256-GCM on Web Crypto (`globalThis.crypto.subtle`: Node 20 and every current browser, on
 * secure pages). Aegis stores the 16-byte tag apart from the ciphertext; Web Crypto wants it
 * appended, so it is split off and put back here.
 */

const TAG_BYTES = 16;
export const NONCE_BYTES = 12;
export const KEY_BYTES = 32;

const subtle = () => globalThis.crypto.subtle;

/** A copy on a plain ArrayBuffer, as Web Crypto's types ask. */
const own = (bytes: Uint8Array): Uint8Array<ArrayBuffer> => new Uint8Array(bytes);

const importKey = (key: Uint8Array, usage: 'encrypt' | 'decrypt') =>
  subtle().importKey('raw', own(key), 'AES-GCM', false, [usage]);

export interface Sealed {
  readonly ciphertext: Uint8Array;
  readonly nonce: Uint8Array;
  readonly tag: Uint8Array;
}

/** Encrypts under a fresh random nonce. */
export async function seal(key: Uint8Array, plaintext: Uint8Array): Promise<Sealed> {
  if (key.length !== KEY_BYTES) throw new RangeError('AES-256-GCM needs a 32-byte key');
  const nonce = randomBytes(NONCE_BYTES);
  const out = new Uint8Array(
    await subtle().encrypt(
      { name: 'AES-GCM', iv: nonce, tagLength: 128 },
      await importKey(key, 'encrypt'),
      own(plaintext),
    ),
  );
  return { ciphertext: out.slice(0, out.length - TAG_BYTES), nonce, tag: out.slice(out.length - TAG_BYTES) };
}

/** The plaintext, or null when the tag does not authenticate it under this key. */
export async function open(key: Uint8Array, sealed: Sealed): Promise<Uint8Array | null> {
  if (key.length !== KEY_BYTES || sealed.tag.length !== TAG_BYTES || sealed.nonce.length === 0) return null;
  const joined = new Uint8Array(sealed.ciphertext.length + TAG_BYTES);
  joined.set(sealed.ciphertext);
  joined.set(sealed.tag, sealed.ciphertext.length);
  try {
    const params = { name: 'AES-GCM', iv: own(sealed.nonce), tagLength: 128 };
    return new Uint8Array(await subtle().decrypt(params, await importKey(key, 'decrypt'), joined));
  } catch {
    return null;
  }
}
