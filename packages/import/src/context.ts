import { ImportAbort, unsupportedEncryption, wrongPassword } from './failures.js';
import {
  defaultDeriveKey,
  effectiveLimits,
  withinGlobalLimits,
  type KdfLimits,
  type KdfRequest,
} from './kdf.js';
import type { AppName, DeriveKey, ImportOptions } from './types.js';

/** What the encrypted readers need: the password, the caps and the injected derivation. */
export interface DecryptContext {
  readonly password: Uint8Array | null;
  readonly limits: KdfLimits;
  readonly deriveKey: DeriveKey;
  readonly acceptKdf: (request: KdfRequest) => boolean;
}

export function decryptContext(options: ImportOptions): DecryptContext {
  return {
    password:
      typeof options.password === 'string' && options.password !== ''
        ? new TextEncoder().encode(options.password)
        : null,
    limits: effectiveLimits(options.limits),
    deriveKey: options.deriveKey ?? defaultDeriveKey,
    acceptKdf: options.acceptKdf ?? (() => true),
  };
}

/**
 * Derives a key after checking the request against the caps and the caller's veto. Parameters
 * out of range, a refusal or a failing derivation abort with `unsupported_encryption`.
 */
export async function derive(ctx: DecryptContext, app: AppName, request: KdfRequest): Promise<Uint8Array> {
  if (!withinGlobalLimits(request, ctx.limits) || !ctx.acceptKdf(request))
    throw new ImportAbort(unsupportedEncryption(app));
  let key: Uint8Array;
  try {
    key = await ctx.deriveKey(request);
  } catch {
    throw new ImportAbort(unsupportedEncryption(app));
  }
  if (!(key instanceof Uint8Array) || key.length !== request.length)
    throw new ImportAbort(unsupportedEncryption(app));
  return key;
}

/** Aborts with the wrong-password failure. */
export function wrong(app: AppName): never {
  throw new ImportAbort(wrongPassword(app));
}

/** Decodes hex of an exact byte length, else null. */
export function hexBytes(value: unknown, length?: number): Uint8Array | null {
  if (typeof value !== 'string' || !/^([0-9a-fA-F]{2})*$/.test(value)) return null;
  const bytes = new Uint8Array(value.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(value.slice(i * 2, i * 2 + 2), 16);
  return length === undefined || bytes.length === length ? bytes : null;
}

/** UTF-8 text of decrypted bytes, or null when they are not valid UTF-8. */
export function utf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}
