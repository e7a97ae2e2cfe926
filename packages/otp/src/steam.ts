/** Steam Guard's 26-character alphabet. */
export const STEAM_ALPHABET = '23456789BCDFGHJKMNPQRTVWXY';

/**
 * Encodes the 31-bit truncated HMAC value as a Steam Guard code: five characters, least
 * significant first, as the Steam mobile app does.
 */
export function steamEncode(truncated: number): string {
  let value = truncated;
  let code = '';
  for (let i = 0; i < 5; i++) {
    code += STEAM_ALPHABET[value % 26];
    value = Math.floor(value / 26);
  }
  return code;
}
