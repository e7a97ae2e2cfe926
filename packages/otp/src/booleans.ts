/*
 * Booleans written as text, read the way 2FAuth (PHP/Laravel) reads them, in one place. 2FAuth
 * itself has two readings, and so Twofold keeps both, for 2FAuth clients that
 * rely on either:
 *
 * - flags (query strings, headers, environment variables): PHP's
 *   `filter_var($value, FILTER_VALIDATE_BOOLEAN, FILTER_NULL_ON_FAILURE)`, which Laravel's
 *   `$request->boolean()` uses: `1`, `true`, `on`, `yes` / `0`, `false`, `off`, `no`, any case,
 *   surrounding spaces ignored;
 * - body fields: Laravel's `boolean` validation rule (`true`, `false`, `1`, `0`, `"1"`, `"0"`), plus
 *   `"true"`/`"false"` as the contract adds them; anything else fails the field.
 */

const TRUE_WORDS: ReadonlySet<string> = new Set(['1', 'true', 'on', 'yes']);
const FALSE_WORDS: ReadonlySet<string> = new Set(['0', 'false', 'off', 'no']);
/** The texts the body rule accepts, exactly (no case folding: Laravel compares them strictly). */
const FIELD_TEXTS: ReadonlySet<string> = new Set(['1', '0', 'true', 'false']);

/**
 * A flag as PHP's FILTER_VALIDATE_BOOLEAN reads it: `true`/`false`, the numbers 1/0, and the texts
 * `1 true on yes` / `0 false off no` (any case, trimmed; an empty text is false). Undefined for
 * anything else, so a caller chooses: an error (configuration), or "not set" (`isTruthy`).
 */
export function parseBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value === 1 ? true : value === 0 ? false : undefined;
  if (typeof value !== 'string') return undefined;
  const word = value.trim().toLowerCase();
  if (word === '' || FALSE_WORDS.has(word)) return false;
  return TRUE_WORDS.has(word) ? true : undefined;
}

/** True when a flag is set: `parseBoolean` says true (a present flag with any other value is false). */
export function isTruthy(value: unknown): boolean {
  return parseBoolean(value) === true;
}

/**
 * A body field under Laravel's `boolean` rule (plus `"true"`/`"false"`, which 2FAuth clients send as text): `true`/`false`, 1/0, and exactly the
 * texts `1`, `0`, `true`, `false`. Undefined for anything else (`The :attribute field must be true
 * or false.`).
 */
export function parseBooleanField(value: unknown): boolean | undefined {
  if (typeof value === 'string' && !FIELD_TEXTS.has(value)) return undefined;
  return parseBoolean(value);
}
