/** Readers for the query string of routes: links and bookmarks may carry any text. */
import { isTruthy } from '@twofold/otp/browser';

/** A flag: set when the server would read it as set (`true`, `1`, `on`, `yes`, any case). */
export const flag = (value: unknown): boolean => isTruthy(value);

/** A non-empty text, else undefined. */
export const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;
