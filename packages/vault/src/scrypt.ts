import { scryptAsync } from '@noble/hashes/scrypt.js';
import { VaultError } from './errors.js';
import type { ScryptParams, ScryptRequest, VaultKdf } from './types.js';

/** Aegis's parameters for new password slots: N = 2^15, r = 8, p = 1 (32 MiB). */
export const AEGIS_SCRYPT: ScryptParams = { N: 2 ** 15, r: 8, p: 1 };

/** The memory one scrypt derivation needs. */
export const scryptMemory = ({ N, r }: ScryptParams): number => 128 * N * r;

/** The default KDF's ceiling: 256 MiB, eight times Aegis's own slots. */
export const DEFAULT_MAX_MEMORY = 256 * 1024 * 1024;

const positiveInteger = (value: number, max: number) => Number.isInteger(value) && value >= 1 && value <= max;

/**
 * Refuses, with `unsupported_kdf`, parameters that are not scrypt's (N a power of two above 1) or
 * that need more than `DEFAULT_MAX_MEMORY`: every scrypt implementation checks a request with it
 * before computing anything.
 */
export function checkScryptRequest(request: ScryptRequest): void {
  const { N, r, p } = request;
  if (
    !positiveInteger(N, 2 ** 30) ||
    N < 2 ||
    (N & (N - 1)) !== 0 ||
    !positiveInteger(r, 1024) ||
    !positiveInteger(p, 1024) ||
    scryptMemory(request) > DEFAULT_MAX_MEMORY
  )
    throw new VaultError('unsupported_kdf');
}

/**
 * The default KDF: @noble/hashes' scryptAsync, in the calling thread (it yields every few ms).
 * Requests are checked first (`checkScryptRequest`).
 */
export const nobleScrypt: VaultKdf = async (request: ScryptRequest) => {
  checkScryptRequest(request);
  const { N, r, p } = request;
  return scryptAsync(request.password, request.salt, {
    N,
    r,
    p,
    dkLen: request.length,
    maxmem: DEFAULT_MAX_MEMORY + 1024 * 1024,
  });
};

/** The scrypt request of a password, salt and parameters (a 32-byte key). */
export function scryptRequest(password: Uint8Array, salt: Uint8Array, params: ScryptParams): ScryptRequest {
  return {
    algorithm: 'scrypt',
    password,
    salt,
    N: params.N,
    r: params.r,
    p: params.p,
    length: 32,
    memoryBytes: scryptMemory(params),
  };
}
