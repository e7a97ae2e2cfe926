/* Small byte helpers on the platform's Web APIs (Node 20 and browsers alike). */

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
