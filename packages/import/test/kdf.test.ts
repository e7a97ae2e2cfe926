import { createHash, pbkdf2Sync, scryptSync } from 'node:crypto';
import { argon2id } from 'hash-wasm';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LIMITS,
  defaultDeriveKey,
  effectiveLimits,
  serializeHeavy,
  type KdfRequest,
} from '../src/index.js';

const enc = (text: string) => new TextEncoder().encode(text);
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

describe('defaultDeriveKey matches independent implementations', () => {
  const salt = createHash('sha256').update('salt').digest().subarray(0, 16);
  it('PBKDF2-SHA1 and SHA256 (WebCrypto) = node:crypto', async () => {
    for (const hash of ['sha1', 'sha256'] as const) {
      const key = await defaultDeriveKey({
        algorithm: 'pbkdf2',
        hash,
        password: enc('pw'),
        salt,
        iterations: 1000,
        length: 32,
        memoryBytes: 0,
      });
      expect(hex(key)).toBe(pbkdf2Sync('pw', salt, 1000, 32, hash).toString('hex'));
    }
  });
  it('scrypt = scryptSync', async () => {
    const key = await defaultDeriveKey({
      algorithm: 'scrypt',
      password: enc('pw'),
      salt,
      N: 1024,
      r: 8,
      p: 1,
      length: 32,
      memoryBytes: 128 * 1024 * 8,
    });
    expect(hex(key)).toBe(scryptSync('pw', salt, 32, { N: 1024, r: 8, p: 1 }).toString('hex'));
  });
  it('Argon2id = hash-wasm called directly', async () => {
    const key = await defaultDeriveKey({
      algorithm: 'argon2id',
      password: enc('pw'),
      salt,
      iterations: 2,
      memoryKiB: 64,
      parallelism: 1,
      length: 32,
      memoryBytes: 65536,
    });
    expect(hex(key)).toBe(
      await argon2id({
        password: 'pw',
        salt,
        iterations: 2,
        parallelism: 1,
        memorySize: 64,
        hashLength: 32,
        outputType: 'hex',
      }),
    );
  });
});

describe('limits', () => {
  it('overrides only tighten the caps', () => {
    const limits = effectiveLimits({
      maxMemoryBytes: 2 ** 40,
      scryptMaxN: 2 ** 16,
      scryptMinN: 2 ** 5,
      argon2MinMemoryBytes: 65536,
    });
    expect(limits.maxMemoryBytes).toBe(DEFAULT_LIMITS.maxMemoryBytes);
    expect(limits.scryptMaxN).toBe(2 ** 16);
    expect(limits.scryptMinN).toBe(2 ** 10);
    expect(limits.argon2MinMemoryBytes).toBe(65536);
  });
});

describe('serializeHeavy', () => {
  it('runs heavy derivations one at a time and light ones at once', async () => {
    let running = 0;
    let most = 0;
    const log: string[] = [];
    const slow = async (request: KdfRequest) => {
      running++;
      most = Math.max(most, running);
      log.push(`start ${request.memoryBytes}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
      running--;
      if (request.memoryBytes === 3) throw new Error('boom');
      return new Uint8Array(32);
    };
    const derive = serializeHeavy(slow, { heavyBytes: 2 });
    const heavy = (memoryBytes: number): KdfRequest => ({
      algorithm: 'pbkdf2',
      hash: 'sha1',
      password: enc('x'),
      salt: enc('s'),
      iterations: 1,
      length: 32,
      memoryBytes,
    });
    const results = await Promise.allSettled([derive(heavy(3)), derive(heavy(4)), derive(heavy(5))]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
    expect(most).toBe(1);
    expect(log).toEqual(['start 3', 'start 4', 'start 5']);
    most = 0;
    await Promise.all([derive(heavy(0)), derive(heavy(1))]);
    expect(most).toBe(2);
  });
});
