/* Small byte helpers on the platform's Web APIs (Node 20 and browsers alike). */
import { decodeBase64, encodeBase64 } from '@twofold/otp/browser';

/** Cryptographically random bytes. */
export function randomBytes(length: number): Uint8Array<ArrayBuffer> {
  return globalThis.crypto.getRandomValues(new Uint8Array(length));
}

/** A random (version 4) UUID; `crypto.randomUUID` is missing on pages that are not secure contexts. */
export function randomUuid(): string {
  const bytes = randomBytes(16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = toHex(bytes);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function toHex(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) out += byte.toString(16).padStart(2, '0');
  return out;
}

/** Hex (either case) of an exact byte length when given, else null. */
export function fromHex(value: unknown, length?: number): Uint8Array<ArrayBuffer> | null {
  if (typeof value !== 'string' || !/^([0-9a-fA-F]{2})*$/.test(value)) return null;
  const bytes = new Uint8Array(value.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(value.slice(i * 2, i * 2 + 2), 16);
  return length === undefined || bytes.length === length ? bytes : null;
}

const encoder = new TextEncoder();

export const utf8Bytes = (text: string): Uint8Array<ArrayBuffer> => encoder.encode(text);

/** Strict UTF-8 text of bytes, or null when they are not UTF-8. */
export function utf8Text(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/*
 * Base64 of binary fields in JSON (standard, with padding) and base64url (WebAuthn's credential
 * ids, unpadded), on the strict codec of @twofold/otp: corrupt text is refused, never skipped.
 */

/** Standard base64 with padding; any length (no spread of the bytes onto the stack). */
export const toBase64 = (bytes: Uint8Array): string => encodeBase64(bytes);

/** The bytes of standard base64 (padding optional), or null when the text is not base64. */
export function fromBase64(text: string): Uint8Array<ArrayBuffer> | null {
  const bytes = decodeBase64(text);
  return bytes ? new Uint8Array(bytes) : null;
}

/** base64url without padding (RFC 4648 §5), as WebAuthn names credentials. */
export const toBase64Url = (bytes: Uint8Array): string =>
  encodeBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** The bytes of base64url (or standard base64), or null when the text is neither. */
export const fromBase64Url = (text: string): Uint8Array<ArrayBuffer> | null =>
  fromBase64(text.replace(/-/g, '+').replace(/_/g, '/'));
