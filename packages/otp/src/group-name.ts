/**
 * Group names: letters, marks, digits, spaces, `_`, `'` and `-` (2FAuth's set, widened to every
 * script). Persian, Urdu, Indic scripts and emoji sequences need the zero-width non-joiner
 * (U+200C) and joiner (U+200D) between letters ("می‌خواهم"), so they may appear inside a name,
 * never at its start or end; a name made only of joiners would look empty.
 */
export const GROUP_NAME_PATTERN =
  "^[\\p{L}\\p{M}\\p{N} _'-](?:[\\p{L}\\p{M}\\p{N} _'\\u200C\\u200D-]*[\\p{L}\\p{M}\\p{N} _'-])?$";

export const GROUP_NAME_MAX_LENGTH = 32;

// The joiners are listed on their own in the class on purpose, not as part of a sequence.
// eslint-disable-next-line no-misleading-character-class
const groupName = new RegExp(GROUP_NAME_PATTERN, 'u');

export function isValidGroupNameCharacters(name: string): boolean {
  return groupName.test(name);
}
