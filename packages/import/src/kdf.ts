import { argon2d, argon2id } from 'hash-wasm';
import type { ScryptRequest } from '@twofold/vault';

/*
 * Key derivation requests. Every encrypted format states its KDF parameters in the file; they are
 * read and checked against the caps first, so a hostile file cannot make the server derive with
 * absurd parameters. The derivation itself is injectable (`DeriveKey`): the server runs it in a
 * worker thread, one memory-heavy job at a time.
 */

export type KdfRequest =
  /** scrypt, as @twofold/vault asks for it (Aegis); memory 128·N·r bytes. */
  | ScryptRequest
  | {
      readonly algorithm: 'pbkdf2';
      readonly hash: 'sha1' | 'sha256' | 'sha512';
      readonly password: Uint8Array;
      readonly salt: Uint8Array;
      readonly iterations: number;
      readonly length: number;
      readonly memoryBytes: number;
    }
  | {
      /** Argon2d only for KeePass databases, which may choose it. */
      readonly algorithm: 'argon2id' | 'argon2d';
      readonly password: Uint8Array;
      readonly salt: Uint8Array;
      readonly iterations: number;
      /** Memory in KiB, as hash-wasm and the Argon2 paper count it. */
      readonly memoryKiB: number;
      readonly parallelism: number;
      readonly length: number;
      readonly memoryBytes: number;
    };

/** The accepted ranges of KDF parameters. Files beyond them get `unsupported_encryption`. */
export interface KdfLimits {
  /** Ceiling on the memory of any one derivation, in bytes (default 1 GiB). */
  readonly maxMemoryBytes: number;
  readonly scryptMinN: number;
  readonly scryptMaxN: number;
  readonly scryptMaxR: number;
  readonly scryptMaxP: number;
  /** andOTP's PBKDF2-SHA1 iterations. */
  readonly andOtpMaxIterations: number;
  /** Bitwarden's PBKDF2-SHA256 iterations. */
  readonly bitwardenMaxIterations: number;
  /** Argon2id time cost (Ente's opsLimit, Bitwarden's iterations). */
  readonly argon2MaxIterations: number;
  readonly argon2MaxParallelism: number;
  /** Smallest Argon2 memory accepted from a file, in bytes (libsodium's minimum). */
  readonly argon2MinMemoryBytes: number;
  /**
   * KeePass's AES-KDF rounds. KeePassXC calibrates one second of its own speed (tens of
   * millions); kdbxweb runs them in WebCrypto chunks, off the event loop.
   */
  readonly keepassAesMaxRounds: number;
  /** KeePass's Argon2 passes, since KeePass calibrates by time rather than keeping libsodium's. */
  readonly keepassArgon2MaxIterations: number;
  /** KeePass's Argon2 passes times memory, in bytes: the work one file may ask for. */
  readonly keepassArgon2MaxWorkBytes: number;
}

export const GIB = 1024 * 1024 * 1024;

export const DEFAULT_LIMITS: KdfLimits = {
  maxMemoryBytes: GIB,
  scryptMinN: 2 ** 10,
  scryptMaxN: 2 ** 20,
  scryptMaxR: 32,
  scryptMaxP: 16,
  andOtpMaxIterations: 10_000_000,
  bitwardenMaxIterations: 2_000_000,
  argon2MaxIterations: 10,
  argon2MaxParallelism: 16,
  argon2MinMemoryBytes: 8192,
  keepassAesMaxRounds: 200_000_000,
  keepassArgon2MaxIterations: 200,
  keepassArgon2MaxWorkBytes: 16 * GIB,
};

/** The caps in force: the defaults, tightened (never loosened) by the caller's values. */
export function effectiveLimits(overrides: Partial<KdfLimits> = {}): KdfLimits {
  const out: Record<string, number> = { ...DEFAULT_LIMITS };
  for (const [name, value] of Object.entries(overrides)) {
    if (typeof value !== 'number' || !(name in DEFAULT_LIMITS)) continue;
    const current = out[name] ?? 0;
    // Minimums may only rise and maximums only fall.
    out[name] =
      name.endsWith('MinN') || name.startsWith('argon2Min')
        ? Math.max(current, value)
        : Math.min(current, value);
  }
  return out as unknown as KdfLimits;
}

/** True when the request lies within the caps that apply to every format. */
export function withinGlobalLimits(request: KdfRequest, limits: KdfLimits): boolean {
  if (request.memoryBytes > limits.maxMemoryBytes) return false;
  if (request.algorithm === 'scrypt') {
    const { N, r, p } = request;
    return (
      Number.isInteger(N) &&
      N >= limits.scryptMinN &&
      N <= limits.scryptMaxN &&
      (N & (N - 1)) === 0 &&
      Number.isInteger(r) &&
      r >= 1 &&
      r <= limits.scryptMaxR &&
      Number.isInteger(p) &&
      p >= 1 &&
      p <= limits.scryptMaxP
    );
  }
  if (request.algorithm === 'argon2id' || request.algorithm === 'argon2d') {
    return (
      Number.isInteger(request.iterations) &&
      request.iterations >= 1 &&
      request.iterations <= limits.argon2MaxIterations &&
      Number.isInteger(request.parallelism) &&
      request.parallelism >= 1 &&
      request.parallelism <= limits.argon2MaxParallelism &&
      Number.isInteger(request.memoryKiB) &&
      request.memoryBytes >= limits.argon2MinMemoryBytes
    );
  }
  return Number.isInteger(request.iterations) && request.iterations >= 1;
}

async function scrypt(request: Extract<KdfRequest, { algorithm: 'scrypt' }>): Promise<Uint8Array> {
  const crypto = await import('node:crypto');
  const { N, r, p } = request;
  return new Promise((resolve, reject) => {
    // Node's default maxmem (32 MiB) is just short of Aegis's N = 32768, r = 8.
    crypto.scrypt(
      request.password,
      request.salt,
      request.length,
      { N, r, p, maxmem: 256 * N * r },
      (error, key) => (error ? reject(error) : resolve(new Uint8Array(key))),
    );
  });
}

async function pbkdf2(request: Extract<KdfRequest, { algorithm: 'pbkdf2' }>): Promise<Uint8Array> {
  const subtle = globalThis.crypto.subtle;
  const key = await subtle.importKey('raw', new Uint8Array(request.password), 'PBKDF2', false, [
    'deriveBits',
  ]);
  const bits = await subtle.deriveBits(
    {
      name: 'PBKDF2',
      hash: { sha1: 'SHA-1', sha256: 'SHA-256', sha512: 'SHA-512' }[request.hash],
      salt: new Uint8Array(request.salt),
      iterations: request.iterations,
    },
    key,
    request.length * 8,
  );
  return new Uint8Array(bits);
}

/**
 * The default key derivation: PBKDF2 through WebCrypto, scrypt through node:crypto's async
 * function (off the event loop, in libuv's pool) and Argon2 through hash-wasm. Argon2 runs on
 * the calling thread; a server should inject a worker-thread `DeriveKey` instead.
 */
export async function defaultDeriveKey(request: KdfRequest): Promise<Uint8Array> {
  switch (request.algorithm) {
    case 'scrypt':
      return scrypt(request);
    case 'pbkdf2':
      return pbkdf2(request);
    case 'argon2id':
    case 'argon2d':
      return (request.algorithm === 'argon2d' ? argon2d : argon2id)({
        password: request.password,
        salt: request.salt,
        iterations: request.iterations,
        parallelism: request.parallelism,
        memorySize: request.memoryKiB,
        hashLength: request.length,
        outputType: 'binary',
      });
  }
}

/**
 * Wraps a key derivation so that memory-heavy requests (`memoryBytes` at or above `heavyBytes`,
 * 64 MiB by default) run one at a time, in arrival order; light ones run at once. The server
 * combines it with a worker-thread derivation so that a 1 GiB Argon2id job never runs twice in
 * parallel.
 */
export function serializeHeavy(
  deriveKey: (request: KdfRequest) => Promise<Uint8Array>,
  options: { heavyBytes?: number } = {},
): (request: KdfRequest) => Promise<Uint8Array> {
  const heavyBytes = options.heavyBytes ?? 64 * 1024 * 1024;
  let tail: Promise<unknown> = Promise.resolve();
  return (request) => {
    if (request.memoryBytes < heavyBytes) return deriveKey(request);
    const run = tail.then(() => deriveKey(request));
    tail = run.catch(() => undefined);
    return run;
  };
}
