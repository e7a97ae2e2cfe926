import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { AppKeys } from '../config/app-key.js';

/*
 * Encryption at rest: AES-256-GCM, a random 12-byte nonce per value,
 * stored as `v1:` + base64(nonce ‖ ciphertext ‖ tag). The associated data binds each ciphertext to
 * its table, column and row id, so a value copied to another column or row does not decrypt.
 */

const PREFIX = 'v1:';

/** What a value that cannot be decrypted reads as (same text in every language). */
export const INDECIPHERABLE = '*indecipherable*';

export function associatedData(table: string, column: string, id: number): Buffer {
  return Buffer.from(`${table}.${column}.${id}`, 'utf8');
}

export function encryptValue(key: Buffer, plaintext: string, aad: Buffer): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(aad);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([nonce, body, cipher.getAuthTag()]).toString('base64');
}

export type Decrypted =
  | {
      readonly ok: true;
      readonly value: string;
      /** 0 = current key, n = previous key n-1 */ readonly keyIndex: number;
    }
  | { readonly ok: false };

function tryKey(key: Buffer, blob: Buffer, aad: Buffer): string | undefined {
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, blob.subarray(0, 12));
    decipher.setAAD(aad);
    decipher.setAuthTag(blob.subarray(blob.length - 16));
    return Buffer.concat([decipher.update(blob.subarray(12, blob.length - 16)), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return undefined;
  }
}

/** Decrypts with the current key, then each previous key in order. */
export function decryptValue(keys: AppKeys, stored: string, aad: Buffer): Decrypted {
  if (!stored.startsWith(PREFIX)) return { ok: false };
  const text = stored.slice(PREFIX.length);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text)) return { ok: false };
  const blob = Buffer.from(text, 'base64');
  if (blob.length < 12 + 16) return { ok: false };
  const candidates = [keys.current, ...keys.previous];
  for (const [index, key] of candidates.entries()) {
    const value = tryKey(key, blob, aad);
    if (value !== undefined) return { ok: true, value, keyIndex: index };
  }
  return { ok: false };
}
