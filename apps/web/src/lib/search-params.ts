/** Readers for the query string of routes: links and bookmarks may carry any text. */

/** A flag: `true`, `1` and their text forms count as set. */
export const flag = (value: unknown): boolean =>
  value === true || value === 'true' || value === 1 || value === '1';

/** A non-empty text, else undefined. */
export const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;
