import { randomBytes } from 'node:crypto';
import { argon2id } from 'hash-wasm';
import { describe, expect, it, vi } from 'vitest';
import { defaultDeriveKey, type KdfRequest } from '../src/index.js';
import * as F from './fixtures.js';
import { fields, importFail, importOk, SEVEN } from './helpers.js';
import {
  aegisVault,
  andOtpFile,
  b64,
  bitwardenFile,
  enteFile,
  gcm,
  twoFasFile,
} from './encrypted-builders.js';

/*
 * Encrypted fixtures. Only Aegis's encrypted vault is published with its password; the others are
 * built here with node:crypto (PBKDF2, scrypt, AES-GCM, AES-CBC, HMAC), hash-wasm (Argon2id) and
 * libsodium's secretstream *push* side, independently of the package's decryption path (WebCrypto
 * and libsodium's pull side), following each app's documented layout.
 */

const PLAIN_TXT = F.AEGIS_PLAIN_TXT;

const wrong = (app: string) => ({
  kind: 'wrong_password',
  app,
  message: `Wrong password, the ${app} data cannot be decrypted`,
});
const required = (app: string) => ({
  kind: 'password_required',
  app,
  reason: 'password_required',
  message: 'Unreadable, the data seem encrypted',
});
const unsupported = (app: string) => ({
  kind: 'unsupported_encryption',
  app,
  message: `Unsupported ${app} encryption settings`,
});

describe('Aegis encrypted', () => {
  it('aegis_encrypted.json opens with "test" and gives the seven rows', async () => {
    const result = await importOk(F.AEGIS_ENCRYPTED, { password: 'test' });
    expect(result.rows.map(fields)).toEqual(SEVEN);
  });
  it('no password → password_required; wrong password → wrong_password', async () => {
    expect(await importFail(F.AEGIS_ENCRYPTED)).toEqual(required('Aegis'));
    expect(await importFail(F.AEGIS_ENCRYPTED, { password: 'nope' })).toEqual(wrong('Aegis'));
  });
  it('the 2FAuth "encrypted" blob with any password is a wrong password', async () => {
    const vault = JSON.parse(aegisVault({ n: 1024, r: 8, p: 1 })) as { db: string };
    vault.db = '1rX0ajzsxNbhN2hvnNCMBNooLlzqwz/LMT3bNEIJjPH+zIvIbA6GVVPHLpna+yvjxLPKVkt1OQig==';
    expect(await importFail(JSON.stringify(vault))).toEqual(required('Aegis'));
    expect(await importFail(JSON.stringify(vault), { password: 'x' })).toEqual(wrong('Aegis'));
  });
  it('a vault built here with N = 2^14 opens', async () => {
    const result = await importOk(aegisVault({ n: 2 ** 14, r: 8, p: 1 }, 'correct horse'), {
      password: 'correct horse',
    });
    expect(result.rows.map(fields)).toEqual(SEVEN);
  });
  it('biometric-only slots → unsupported settings', async () => {
    expect(await importFail(aegisVault({ n: 1024, r: 8, p: 1 }, 'pw', 2), { password: 'pw' })).toEqual(
      unsupported('Aegis'),
    );
  });
  it.each([
    ['N = 2^30', { n: 2 ** 30, r: 8, p: 1 }],
    ['N = 2^21', { n: 2 ** 21, r: 1, p: 1 }],
    ['N = 2^9', { n: 2 ** 9, r: 8, p: 1 }],
    ['N not a power of two', { n: 30000, r: 8, p: 1 }],
    ['r = 33', { n: 1024, r: 33, p: 1 }],
    ['p = 17', { n: 1024, r: 8, p: 17 }],
    ['128·N·r over 1 GiB', { n: 2 ** 20, r: 16, p: 1 }],
  ])('caps: %s → unsupported, nothing derived', async (_name, params) => {
    const deriveKey = vi.fn(defaultDeriveKey);
    expect(await importFail(aegisVault(params), { password: 'pw', deriveKey })).toEqual(unsupported('Aegis'));
    expect(deriveKey).not.toHaveBeenCalled();
  });
  it('a configured memory ceiling and a veto both refuse before deriving', async () => {
    const deriveKey = vi.fn(defaultDeriveKey);
    const vault = aegisVault({ n: 2 ** 14, r: 8, p: 1 });
    expect(
      await importFail(vault, { password: 'pw', deriveKey, limits: { maxMemoryBytes: 8 * 1024 * 1024 } }),
    ).toEqual(unsupported('Aegis'));
    const seen: KdfRequest[] = [];
    const acceptKdf = (request: KdfRequest) => (seen.push(request), false);
    expect(await importFail(vault, { password: 'pw', deriveKey, acceptKdf })).toEqual(unsupported('Aegis'));
    expect(seen[0]).toMatchObject({
      algorithm: 'scrypt',
      N: 2 ** 14,
      r: 8,
      p: 1,
      memoryBytes: 128 * 2 ** 14 * 8,
    });
    expect(deriveKey).not.toHaveBeenCalled();
  });
  it('a failing injected KDF is a typed failure', async () => {
    const deriveKey = () => Promise.reject(new Error('worker died'));
    expect(await importFail(aegisVault({ n: 1024, r: 8, p: 1 }), { password: 'pw', deriveKey })).toEqual(
      unsupported('Aegis'),
    );
  });
});

describe('2FAS encrypted', () => {
  const file = twoFasFile('secret pw');
  it('opens with the password', async () => {
    const result = await importOk(file, { password: 'secret pw' });
    expect(result.rows.map(fields)).toEqual([0, 3, 4, 5, 6].map((i) => SEVEN[i]));
  });
  it('no password, wrong password, and a file without reference', async () => {
    expect(await importFail(file)).toEqual(required('2FAS Auth'));
    expect(await importFail(file, { password: 'nope' })).toEqual(wrong('2FAS Auth'));
    const noRef = twoFasFile('pw', false);
    expect((await importOk(noRef, { password: 'pw' })).rows).toHaveLength(5);
    expect(await importFail(noRef, { password: 'nope' })).toEqual(wrong('2FAS Auth'));
  });
  it('a broken servicesEncrypted string is unreadable', async () => {
    const broken = JSON.stringify({ ...(JSON.parse(file) as object), servicesEncrypted: 'abc:def' });
    expect(await importFail(broken, { password: 'pw' })).toMatchObject({
      kind: 'unreadable',
      app: '2FAS Auth',
    });
  });
});

describe('andOTP encrypted (binary)', () => {
  it('opens with the password; no password, wrong password', async () => {
    const file = andOtpFile('pw', 5000);
    expect((await importOk(file, { password: 'pw' })).rows.map(fields)).toEqual(SEVEN);
    expect(await importFail(file)).toEqual(required('andOTP'));
    expect(await importFail(file, { password: 'nope' })).toEqual(wrong('andOTP'));
  });
  it('a truncated file is a wrong password (andOTP cannot tell); a tiny one is not recognised', async () => {
    const file = andOtpFile('pw', 1000);
    expect(await importFail(file.subarray(0, 60), { password: 'pw' })).toEqual(wrong('andOTP'));
    expect(await importFail(file.subarray(0, 43), { password: 'pw' })).toMatchObject({ kind: 'no_format' });
  });
  it('iterations above a configured cap → unsupported; decrypted non-andOTP JSON → unreadable', async () => {
    expect(
      await importFail(andOtpFile('pw', 5000), { password: 'pw', limits: { andOtpMaxIterations: 1000 } }),
    ).toEqual(unsupported('andOTP'));
    expect(await importFail(andOtpFile('pw', 1000, '{"a":1}'), { password: 'pw' })).toMatchObject({
      kind: 'unreadable',
      app: 'andOTP',
    });
  });
});

describe('Ente Auth encrypted', () => {
  it('opens with small parameters; no password, wrong password, truncated ciphertext', async () => {
    const { json } = await enteFile('pw', 64 * 1024, 2);
    const text = JSON.stringify(json);
    expect((await importOk(text, { password: 'pw' })).rows.map(fields)).toEqual(SEVEN);
    expect(await importFail(text)).toEqual(required('Ente Auth'));
    expect(await importFail(text, { password: 'nope' })).toEqual(wrong('Ente Auth'));
    const truncated = {
      ...json,
      encryptedData: b64(Buffer.from(json.encryptedData, 'base64').subarray(0, 30)),
    };
    expect(await importFail(JSON.stringify(truncated), { password: 'pw' })).toEqual(wrong('Ente Auth'));
    const tiny = { ...json, encryptedData: b64(Buffer.from(json.encryptedData, 'base64').subarray(0, 5)) };
    expect(await importFail(JSON.stringify(tiny), { password: 'pw' })).toEqual(wrong('Ente Auth'));
  });
  it('a file without version is unreadable', async () => {
    const { json } = await enteFile('pw', 64 * 1024, 1);
    const { version: _v, ...rest } = json;
    expect(await importFail(JSON.stringify(rest), { password: 'pw' })).toMatchObject({
      kind: 'unreadable',
      app: 'Ente Auth',
    });
  });
  it('the real 1 GiB / ops 4 parameters reach the injected KDF as stated, without deriving 1 GiB here', async () => {
    const { json, key } = await enteFile('pw', 64 * 1024, 1);
    const real = { ...json, kdfParams: { ...json.kdfParams, memLimit: 1073741824, opsLimit: 4 } };
    const seen: KdfRequest[] = [];
    const deriveKey = (request: KdfRequest) => (seen.push(request), Promise.resolve(key));
    expect((await importOk(JSON.stringify(real), { password: 'pw', deriveKey })).rows).toHaveLength(7);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      algorithm: 'argon2id',
      memoryKiB: 1048576,
      memoryBytes: 1073741824,
      iterations: 4,
      parallelism: 1,
      length: 32,
    });
    // A 512 MiB ceiling refuses the same file before any derivation.
    const refused = vi.fn(deriveKey);
    expect(
      await importFail(JSON.stringify(real), {
        password: 'pw',
        deriveKey: refused,
        limits: { maxMemoryBytes: 512 * 1024 * 1024 },
      }),
    ).toEqual(unsupported('Ente Auth'));
    expect(refused).not.toHaveBeenCalled();
  });
  it.each([
    ['memLimit 2 GiB', { memLimit: 2 * 1073741824, opsLimit: 4 }],
    ['memLimit below 8192', { memLimit: 4096, opsLimit: 4 }],
    ['opsLimit 11', { memLimit: 65536, opsLimit: 11 }],
    ['opsLimit 0', { memLimit: 65536, opsLimit: 0 }],
  ])('caps: %s → unsupported', async (_name, params) => {
    const { json } = await enteFile('pw', 64 * 1024, 1);
    const deriveKey = vi.fn(defaultDeriveKey);
    const file = { ...json, kdfParams: { ...json.kdfParams, ...params } };
    expect(await importFail(JSON.stringify(file), { password: 'pw', deriveKey })).toEqual(
      unsupported('Ente Auth'),
    );
    expect(deriveKey).not.toHaveBeenCalled();
  });
});

describe('Proton Authenticator encrypted', () => {
  it('Argon2id (t 2, 19 MiB) + AES-GCM with the export AAD', async () => {
    const lines = PLAIN_TXT.split('\n');
    const plain = {
      version: 1,
      entries: ['Mason', 'James', 'Elijah'].map((name, i) => ({
        id: `${i}`,
        content: { uri: lines[i], entry_type: 'Totp', name },
        note: null,
      })),
    };
    const salt = randomBytes(16);
    const key = await argon2id({
      password: 'pw',
      salt,
      iterations: 2,
      parallelism: 1,
      memorySize: 19456,
      hashLength: 32,
      outputType: 'binary',
    });
    const iv = randomBytes(12);
    const { data, tag } = gcm(
      key,
      iv,
      Buffer.from(JSON.stringify(plain)),
      Buffer.from('proton.authenticator.export.v1'),
    );
    const file = JSON.stringify({
      version: 1,
      salt: b64(salt),
      content: b64(Buffer.concat([iv, data, tag])),
    });
    expect((await importOk(file, { password: 'pw' })).rows.map(fields)).toEqual(SEVEN.slice(0, 3));
    expect(await importFail(file)).toEqual(required('Proton Authenticator'));
    expect(await importFail(file, { password: 'nope' })).toEqual(wrong('Proton Authenticator'));
  });
});

describe('Bitwarden password-protected', () => {
  it('PBKDF2: opens; no password; wrong password', async () => {
    const file = await bitwardenFile('pw', { kdfType: 0, kdfIterations: 1000 });
    const result = await importOk(file, { password: 'pw' });
    expect(result.rows.map((row) => row.service)).toEqual(['Test 1', 'Test 2', 'Test 3', 'Steam']);
    expect(await importFail(file)).toEqual(required('Bitwarden'));
    expect(await importFail(file, { password: 'nope' })).toEqual(wrong('Bitwarden'));
  });
  it('Argon2id on the SHA-256 of the salt', async () => {
    const file = await bitwardenFile('pw', { kdfType: 1, kdfIterations: 2, kdfMemory: 1, kdfParallelism: 1 });
    expect((await importOk(file, { password: 'pw' })).rows).toHaveLength(4);
  });
  it.each([
    ['PBKDF2 over 2 000 000', { kdfType: 0, kdfIterations: 2_000_001 }],
    ['Argon2 memory over 1 GiB', { kdfType: 1, kdfIterations: 3, kdfMemory: 1025, kdfParallelism: 1 }],
    ['unknown kdfType', { kdfType: 7, kdfIterations: 3 }],
  ])('caps: %s → unsupported', async (_name, kdf) => {
    const file = JSON.stringify({
      encrypted: true,
      passwordProtected: true,
      salt: 's',
      ...kdf,
      encKeyValidation_DO_NOT_EDIT: '2.a|b|c',
      data: '2.a|b|c',
    });
    const deriveKey = vi.fn(defaultDeriveKey);
    expect(await importFail(file, { password: 'pw', deriveKey })).toEqual(unsupported('Bitwarden'));
    expect(deriveKey).not.toHaveBeenCalled();
  });
  it('a password sent with an unencrypted payload is ignored', async () => {
    expect((await importOk(F.BITWARDEN_JSON, { password: 'whatever' })).rows).toHaveLength(4);
  });
});
