import { periodOf } from './account.js';
import { decodeBase32Text } from './base32.js';
import { normalizeSecret } from './secret.js';
import { steamEncode } from './steam.js';
import { dynamicTruncation } from './truncation.js';
import { MAX_DIGITS, MIN_DIGITS } from './types.js';

/** What a time-based code needs: the fields of the API's account objects (with their secret). */
export interface WebCodeParams {
  readonly otp_type: string;
  readonly secret: string;
  readonly digits: number;
  readonly algorithm: string;
  readonly period: number | null;
}

/** This time step's code and the next one's, at one moment. */
export interface WebTotpCodes {
  readonly password: string;
  readonly next_password: string;
  /** The time step (Unix seconds / period, rounded down) `password` belongs to. */
  readonly step: number;
  readonly period: number;
}

/** Web Crypto's names of the algorithms it offers for HMAC (MD5 is not one of them). */
const WEB_HASHES: Readonly<Record<string, string>> = { sha1: 'SHA-1', sha256: 'SHA-256', sha512: 'SHA-512' };

/**
 * Whether `webTotpCodes` can compute this account's codes: TOTP or Steam (never HOTP, whose code
 * spends a counter value on the server) with an algorithm Web Crypto offers (not MD5).
 */
export function canComputeInBrowser(params: Pick<WebCodeParams, 'otp_type' | 'algorithm'>): boolean {
  if (params.otp_type === 'steamtotp') return true;
  return params.otp_type === 'totp' && params.algorithm in WEB_HASHES;
}

function counterBytes(step: number): Uint8Array {
  const bytes = new Uint8Array(8);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, Math.floor(step / 0x1_0000_0000));
  view.setUint32(4, step % 0x1_0000_0000);
  return bytes;
}

/**
 * TOTP or Steam codes at `nowSeconds` with the browser's Web Crypto (`crypto.subtle`): the same
 * codes as the Node entry point's `totpCodes`, for the accounts `canComputeInBrowser` accepts.
 * Null for any other account or invalid parameters; the caller then asks the server.
 */
export async function webTotpCodes(params: WebCodeParams, nowSeconds: number): Promise<WebTotpCodes | null> {
  if (!canComputeInBrowser(params)) return null;
  const steam = params.otp_type === 'steamtotp';
  const period = periodOf(params.otp_type, params.period);
  const digits = params.digits;
  if (!Number.isSafeInteger(period) || period < 1) return null;
  if (!steam && (!Number.isInteger(digits) || digits < MIN_DIGITS || digits > MAX_DIGITS)) return null;
  const key = decodeBase32Text(normalizeSecret(params.secret));
  if (key === null || key.length === 0) return null;
  const hash = steam ? 'SHA-1' : (WEB_HASHES[params.algorithm] ?? 'SHA-1');
  const cryptoKey = await globalThis.crypto.subtle.importKey(
    'raw',
    key as Uint8Array<ArrayBuffer>,
    { name: 'HMAC', hash },
    false,
    ['sign'],
  );
  key.fill(0);
  const step = Math.floor(Math.floor(nowSeconds) / period);
  const code = async (counter: number): Promise<string> => {
    const digest = new Uint8Array(
      await globalThis.crypto.subtle.sign(
        'HMAC',
        cryptoKey,
        counterBytes(counter) as Uint8Array<ArrayBuffer>,
      ),
    );
    const value = dynamicTruncation(digest);
    return steam ? steamEncode(value) : String(value % 10 ** digits).padStart(digits, '0');
  };
  const [password, next] = await Promise.all([code(step), code(step + 1)]);
  return { password, next_password: next, step, period };
}
