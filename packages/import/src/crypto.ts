import sodium from 'libsodium-wrappers';

/*
 * Decryption primitives, all from libraries: AES-GCM, AES-CBC and HMAC from WebCrypto (Node 20
 * and browsers), XChaCha20-Poly1305 secretstream from libsodium itself (libsodium-wrappers, the
 * reference implementation compiled to WebAssembly, so Ente's stream construction is exactly
 * libsodium's). Each returns null when authentication fails instead of throwing.
 */

const subtle = () => globalThis.crypto.subtle;

/** A copy on a plain ArrayBuffer, as WebCrypto's types require. */
export const own = (bytes: Uint8Array): Uint8Array<ArrayBuffer> => new Uint8Array(bytes);

/** AES-256-GCM: `ciphertext` and its 16-byte `tag`; null on a tag failure or a bad key/IV. */
export async function aesGcmDecrypt(
  key: Uint8Array,
  iv: Uint8Array,
  ciphertext: Uint8Array,
  tag: Uint8Array,
  aad?: Uint8Array,
): Promise<Uint8Array | null> {
  if (key.length !== 32 || iv.length === 0 || tag.length !== 16) return null;
  try {
    const cryptoKey = await subtle().importKey('raw', own(key), 'AES-GCM', false, ['decrypt']);
    const sealed = new Uint8Array(ciphertext.length + tag.length);
    sealed.set(ciphertext);
    sealed.set(tag, ciphertext.length);
    const base = { name: 'AES-GCM', iv: own(iv), tagLength: 128 };
    const params = aad ? { ...base, additionalData: own(aad) } : base;
    return new Uint8Array(await subtle().decrypt(params, cryptoKey, sealed));
  } catch {
    return null;
  }
}

/** AES-256-CBC with PKCS#7 padding; null when the padding is wrong. */
export async function aesCbcDecrypt(
  key: Uint8Array,
  iv: Uint8Array,
  ciphertext: Uint8Array,
): Promise<Uint8Array | null> {
  if (key.length !== 32 || iv.length !== 16 || ciphertext.length === 0 || ciphertext.length % 16 !== 0)
    return null;
  try {
    const cryptoKey = await subtle().importKey('raw', own(key), 'AES-CBC', false, ['decrypt']);
    return new Uint8Array(
      await subtle().decrypt({ name: 'AES-CBC', iv: own(iv) }, cryptoKey, own(ciphertext)),
    );
  } catch {
    return null;
  }
}

/** HMAC-SHA256. */
export async function hmacSha256(key: Uint8Array, data: Uint8Array): Promise<Uint8Array> {
  const cryptoKey = await subtle().importKey('raw', own(key), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  return new Uint8Array(await subtle().sign('HMAC', cryptoKey, own(data)));
}

/** HMAC-SHA256 verification in constant time (WebCrypto's verify). */
export async function hmacSha256Verify(key: Uint8Array, data: Uint8Array, mac: Uint8Array): Promise<boolean> {
  const cryptoKey = await subtle().importKey('raw', own(key), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'verify',
  ]);
  return subtle().verify('HMAC', cryptoKey, own(mac), own(data));
}

/** SHA-256. */
export async function sha256(data: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await subtle().digest('SHA-256', own(data)));
}

/** libsodium's crypto_secretstream_xchacha20poly1305 `init_pull` then one `pull`. */
export async function secretstreamPullOnce(
  key: Uint8Array,
  header: Uint8Array,
  ciphertext: Uint8Array,
): Promise<{ message: Uint8Array; tag: number } | null> {
  await sodium.ready;
  if (
    key.length !== sodium.crypto_secretstream_xchacha20poly1305_KEYBYTES ||
    header.length !== sodium.crypto_secretstream_xchacha20poly1305_HEADERBYTES ||
    ciphertext.length < sodium.crypto_secretstream_xchacha20poly1305_ABYTES
  )
    return null;
  try {
    const state = sodium.crypto_secretstream_xchacha20poly1305_init_pull(header, key);
    const result = sodium.crypto_secretstream_xchacha20poly1305_pull(state, ciphertext, null);
    return result ? { message: result.message, tag: result.tag } : null;
  } catch {
    return null;
  }
}
