import { derive, wrong, type DecryptContext } from './context.js';
import { aesGcmDecrypt } from './crypto.js';
import {
  isObject,
  num,
  passwordRequired,
  str,
  unreadable,
  unsupportedEncryption,
  type Json,
} from './failures.js';
import { readSerializedStringMap } from './java-serial.js';
import { parseFreeOtpPlus } from './json-formats.js';
import type { ImportResult } from './types.js';

/*
 * FreeOTP 2's encrypted backup (`externalBackup.xml`, despite its name a Java-serialised
 * HashMap<String, String>): `masterKey` holds a 256-bit AES key sealed with PBKDF2-HMAC-SHA1 or
 * -SHA512 of the password (AES-GCM, the `mToken` as AAD, the nonce inside the DER-encoded
 * `mParameters`); each `<uuid>` holds a token's secret sealed with that key, and `<uuid>-token` the
 * token's JSON (FreeOTP+'s token shape). Every sealed value is `{mCipher, mCipherText (with the
 * GCM tag), mParameters, mToken}`.
 */

const MAX_ITERATIONS = 10_000_000;

const signedBytes = (value: unknown): Uint8Array | null =>
  Array.isArray(value) && value.every((b) => Number.isInteger(b) && b >= -128 && b <= 255)
    ? Uint8Array.from(value as number[], (b) => b & 0xff)
    : null;

/**
 * `mParameters`: DER `SEQUENCE { OCTET STRING nonce, INTEGER tagLength }` (GCMParameterSpec), or
 * the bare `OCTET STRING nonce` older Android versions write; the nonce.
 */
function gcmNonce(parameters: Uint8Array): Uint8Array | null {
  const at = parameters[0] === 0x30 ? 2 : 0;
  if (parameters[at] !== 0x04) return null;
  const length = parameters[at + 1] ?? 0;
  return length > 0 && at + 2 + length <= parameters.length
    ? parameters.subarray(at + 2, at + 2 + length)
    : null;
}

async function open(sealed: unknown, key: Uint8Array): Promise<Uint8Array | null | 'bad'> {
  if (!isObject(sealed) || sealed.mCipher !== 'AES/GCM/NoPadding') return 'bad';
  const data = signedBytes(sealed.mCipherText);
  const parameters = signedBytes(sealed.mParameters);
  const nonce = parameters === null ? null : gcmNonce(parameters);
  const aad = str(sealed.mToken);
  if (data === null || nonce === null || aad === null || data.length < 16) return 'bad';
  const tag = data.subarray(data.length - 16);
  return aesGcmDecrypt(key, nonce, data.subarray(0, data.length - 16), tag, new TextEncoder().encode(aad));
}

const json = (text: string | undefined): unknown => {
  try {
    return JSON.parse(text ?? '');
  } catch {
    return undefined;
  }
};

export function readFreeOtp2(bytes: Uint8Array, maxEntries: number): Map<string, string> | null {
  const map = readSerializedStringMap(bytes, maxEntries);
  return map !== null && map.has('masterKey') ? map : null;
}

export async function parseFreeOtp2(
  map: ReadonlyMap<string, string>,
  ctx: DecryptContext,
): Promise<ImportResult> {
  const master = json(map.get('masterKey'));
  if (!isObject(master)) return unreadable('FreeOTP');
  const algorithm = master.mAlgorithm;
  const hash =
    algorithm === 'PBKDF2withHmacSHA1' ? 'sha1' : algorithm === 'PBKDF2withHmacSHA512' ? 'sha512' : null;
  const salt = signedBytes(master.mSalt);
  const iterations = num(master.mIterations);
  if (hash === null || iterations === null) return unsupportedEncryption('FreeOTP');
  if (salt === null) return unreadable('FreeOTP');
  if (ctx.password === null) return passwordRequired('FreeOTP');
  if (iterations > MAX_ITERATIONS) return unsupportedEncryption('FreeOTP');
  const passKey = await derive(ctx, 'FreeOTP', {
    algorithm: 'pbkdf2',
    hash,
    password: ctx.password,
    salt,
    iterations,
    length: 32,
    memoryBytes: 0,
  });
  const masterKey = await open(master.mEncryptedKey, passKey);
  if (masterKey === 'bad') return unreadable('FreeOTP');
  if (masterKey === null) wrong('FreeOTP');
  const tokens: Json[] = [];
  for (const [name, value] of map) {
    if (name === 'masterKey' || name.endsWith('-token')) continue;
    const token = json(map.get(`${name}-token`));
    const sealed = json(value);
    if (!isObject(token) || !isObject(sealed)) continue;
    const secret = await open(json(str(sealed.key) ?? ''), masterKey);
    // FreeOTP 2 stores the counter itself; the FreeOTP+ reader adds the one FreeOTP+ keeps behind.
    const counter = typeof token.counter === 'number' ? token.counter - 1 : token.counter;
    tokens.push({ ...token, counter, secret: secret instanceof Uint8Array ? Array.from(secret) : null });
  }
  const result = parseFreeOtpPlus({ tokens, tokenOrder: json(map.get('tokenOrder')) ?? [] });
  return result.ok ? { ...result, format: 'freeotp-2', app: 'FreeOTP' } : result;
}
