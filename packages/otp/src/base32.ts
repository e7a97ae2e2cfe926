/** RFC 4648 base32 alphabet. */
export const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

const VALUES = new Int8Array(128).fill(-1);
for (let i = 0; i < BASE32_ALPHABET.length; i++) VALUES[BASE32_ALPHABET.charCodeAt(i)] = i;
// Lower-case letters too, for the loose mode of `decodeBase32Into`.
const LOOSE_VALUES = Int8Array.from(VALUES);
for (let i = 0; i < 26; i++) LOOSE_VALUES[0x61 + i] = i;

/**
 * Decodes unpadded upper-case base32 text: 5 bits per character, a final
 * group of fewer than 8 bits is dropped. Returns null on any character outside the alphabet.
 */
export function decodeBase32Text(text: string): Uint8Array | null {
  const out = new Uint8Array(Math.floor((text.length * 5) / 8));
  let buffer = 0;
  let bits = 0;
  let at = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const value = code < 128 ? (VALUES[code] ?? -1) : -1;
    if (value < 0) return null;
    buffer = ((buffer << 5) | value) & 0xfff;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      out[at++] = (buffer >>> bits) & 0xff;
    }
  }
  return out;
}

/** Encodes bytes as upper-case base32, unpadded unless `padding` is true. */
export function encodeBase32(bytes: Uint8Array, padding = false): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = ((buffer << 8) | byte) & 0xfff;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += BASE32_ALPHABET[(buffer >>> bits) & 31];
    }
  }
  if (bits > 0) out += BASE32_ALPHABET[(buffer << (5 - bits)) & 31];
  return padding ? padBase32(out) : out;
}

/** Right-pads with `=` to a multiple of 8 characters. */
export function padBase32(text: string): string {
  const rest = text.length % 8;
  return rest === 0 ? text : text + '='.repeat(8 - rest);
}

/**
 * Decodes base32 into `target` and returns the number of bytes written, or -1 when a character is
 * outside the alphabet (lower case is accepted when `loose`; trailing `=` is always skipped), or
 * -2 when `target` is too small. Lets hot paths avoid allocating a key per code.
 */
export function decodeBase32Into(text: string, target: Uint8Array, loose = false): number {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 0x3d) end--;
  const table = loose ? LOOSE_VALUES : VALUES;
  let buffer = 0;
  let bits = 0;
  let at = 0;
  for (let i = 0; i < end; i++) {
    const code = text.charCodeAt(i);
    const value = code < 128 ? (table[code] ?? -1) : -1;
    if (value < 0) return -1;
    buffer = ((buffer << 5) | value) & 0xfff;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      if (at >= target.length) return -2;
      target[at++] = (buffer >>> bits) & 0xff;
    }
  }
  return at;
}
