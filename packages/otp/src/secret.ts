import { decodeBase32Text, encodeBase32, padBase32 } from './base32.js';
import { fail, ok, otpError } from './errors.js';
import type { Result } from './types.js';

/** A secret that passed validation, in its three useful forms. */
export interface ValidSecret {
  /** Normalised text, without padding (what URIs and QR codes carry). */
  readonly normalized: string;
  /** Storage form: normalised text `=`-padded to a multiple of 8, as 2FAuth stores it. */
  readonly canonical: string;
  /** The key bytes. */
  readonly bytes: Uint8Array;
}

/**
 * Normalises secret input: removes every whitespace character and `-`,
 * upper-cases, and drops trailing `=` padding whatever its amount. Nothing else is changed.
 */
export function normalizeSecret(input: string): string {
  return input
    .replace(/[\s-]+/g, '')
    .toUpperCase()
    .replace(/=+$/, '');
}

/**
 * Validates a base32 secret: after normalisation it must be non-empty, use only
 * `A–Z` and `2–7`, and decode to at least one byte. The error (field `secret`, code
 * `invalid_base32`) never repeats the value. The sign-in form shows the same failure as
 * `Invalid base32 characters`.
 */
export function validateBase32Secret(input: string): Result<ValidSecret> {
  const normalized = normalizeSecret(input);
  const bytes = decodeBase32Text(normalized);
  if (bytes === null || bytes.length === 0) return fail(otpError('secret', 'invalid_base32'));
  return ok({ normalized, canonical: padBase32(normalized), bytes });
}

/** True when `validateBase32Secret` would accept the input. */
export function isValidBase32Secret(input: string): boolean {
  return validateBase32Secret(input).ok;
}

/**
 * The storage form (2FAuth's, so exports match): the normalised text right-padded with `=` to a multiple of
 * 8 characters, not a re-encoding of the bytes (`eeee` → `EEEE====`, `''` → `''`). It does not
 * validate; call `validateBase32Secret` first.
 */
export function canonicalSecret(input: string): string {
  return padBase32(normalizeSecret(input));
}

/** Decodes a base32 secret (any accepted input form) to its key bytes. */
export function decodeSecret(input: string): Result<Uint8Array> {
  const valid = validateBase32Secret(input);
  return valid.ok ? ok(valid.value.bytes) : valid;
}

/** Base32 of the UTF-8 bytes of a plain-text secret, unpadded (`Hello!` → `JBSWY3DPEE`). */
export function plainTextToBase32(text: string): string {
  return encodeBase32(new TextEncoder().encode(text));
}

/** Base32 (unpadded) of raw key bytes, such as Google migration or Steam secrets. */
export function bytesToBase32(bytes: Uint8Array): string {
  return encodeBase32(bytes);
}

/**
 * A new random secret: 20 bytes (160 bits) from the platform's CSPRNG,
 * 32 base32 characters, already a multiple of 8.
 */
export function generateSecret(): string {
  const bytes = new Uint8Array(20);
  globalThis.crypto.getRandomValues(bytes);
  return encodeBase32(bytes);
}
