import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { defaultDeriveKey, type KdfRequest } from '../src/index.js';
import { SEVEN, fields, importFail, importOk } from './helpers.js';

/*
 * KeePass databases built with kdbxweb by scripts/make-keepass-fixtures.mjs (password `test`): the
 * seven vectors stored as KeePassXC's `otp` URI, its older `TOTP Seed`/`TOTP Settings`, KeePass
 * 2's `HmacOtp-*` fields and KeeOtp's `otp` query; a Yandex entry, a login without OTP and a
 * trashed entry.
 */
const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`./fixtures/built/${name}`, import.meta.url)));

const FILES = [
  ['KDBX 4, Argon2d', 'keepass_kdbx4_argon2d.kdbx', 'argon2d'],
  ['KDBX 4, Argon2id', 'keepass_kdbx4_argon2id.kdbx', 'argon2id'],
  ['KDBX 4, AES-KDF', 'keepass_kdbx4_aes.kdbx', null],
  ['KDBX 3.1, AES-KDF', 'keepass_kdbx3.kdbx', null],
] as const;

describe.each(FILES)('KeePass %s', (_name, file, kdf) => {
  it('opens with the right password: the seven vectors, a Yandex row, skipped login', async () => {
    const deriveKey = vi.fn(defaultDeriveKey);
    const result = await importOk(fixture(file), { password: 'test', deriveKey });
    expect(result.format).toBe('keepass');
    expect(result.app).toBe('KeePass');
    const valid = result.rows.filter((row) => row.error === undefined);
    const bySecret = (a: { secret: string }, b: { secret: string }) => a.secret.localeCompare(b.secret);
    expect(valid.map(fields).sort(bySecret)).toEqual([...SEVEN].sort(bySecret));
    // Root entries first, then each group's.
    expect(valid.map((row) => [row.service, row.group])).toEqual([
      ['Deno', null],
      ['Issuu', null],
      ['Air Canada', null],
      ['WWE', null],
      ['Steam', null],
      ['SPDX', 'Work'],
      ['Airbnb', 'Work'],
    ]);
    const yandex = result.rows.filter((row) => row.error !== undefined);
    expect(yandex).toMatchObject([
      { service: null, account: 'someone', error: { message: 'Unsupported OTP type' } },
    ]);
    // The login without OTP is skipped; the trashed entry is not read at all.
    expect(result.skipped).toBe(1);
    expect(deriveKey.mock.calls.map(([request]: [KdfRequest]) => request.algorithm)).toEqual(
      kdf ? [kdf] : [],
    );
  });
  it('no password: 400 encrypted; wrong password: 422', async () => {
    expect(await importFail(fixture(file))).toMatchObject({
      kind: 'password_required',
      app: 'KeePass',
      message: 'Unreadable, the data seem encrypted',
    });
    expect(await importFail(fixture(file), { password: 'nope' })).toMatchObject({
      kind: 'wrong_password',
      app: 'KeePass',
    });
  });
});

/** The database with its header's cipher set to Twofish (KeePassXC's other built-in cipher). */
function withTwofish(file: string): Uint8Array {
  const bytes = fixture(file);
  const aes = Buffer.from('31c1f2e6bf714350be5805216afc5aff', 'hex');
  const at = Buffer.from(bytes).indexOf(aes);
  if (at < 0) throw new Error('no AES cipher id in the fixture');
  bytes.set(Buffer.from('ad68f29f576f4bb9a36ad47af965346c', 'hex'), at);
  return bytes;
}

describe.each(FILES)('KeePass %s with the Twofish cipher', (_name, file) => {
  it('is refused naming the cipher, with or without a password, before any derivation', async () => {
    const deriveKey = vi.fn(defaultDeriveKey);
    const expected = {
      kind: 'unsupported_encryption',
      app: 'KeePass',
      cipher: 'Twofish',
      message: 'Unsupported KeePass encryption settings: the Twofish cipher cannot be read',
    };
    expect(await importFail(withTwofish(file), { password: 'test', deriveKey })).toEqual(expected);
    expect(await importFail(withTwofish(file))).toEqual(expected);
    expect(deriveKey).not.toHaveBeenCalled();
  });
});

describe('KeePass refusals', () => {
  it('a truncated database is unreadable or a wrong password, never rows', async () => {
    const bytes = fixture('keepass_kdbx4_argon2d.kdbx');
    for (const length of [12, 100, bytes.length - 40]) {
      const failure = await importFail(bytes.slice(0, length), { password: 'test' });
      expect(['unreadable', 'wrong_password']).toContain(failure.kind);
    }
  });
  it('Argon2 memory over the ceiling is refused before any derivation', async () => {
    const deriveKey = vi.fn(defaultDeriveKey);
    const failure = await importFail(fixture('keepass_kdbx4_argon2d.kdbx'), {
      password: 'test',
      deriveKey,
      limits: { maxMemoryBytes: 512 * 1024 },
    });
    expect(failure).toMatchObject({ kind: 'unsupported_encryption', app: 'KeePass' });
    expect(deriveKey).not.toHaveBeenCalled();
  });
  it("AES-KDF rounds over the caller's cap are refused before any derivation", async () => {
    for (const name of ['keepass_kdbx3.kdbx', 'keepass_kdbx4_aes.kdbx']) {
      const failure = await importFail(fixture(name), {
        password: 'test',
        limits: { keepassAesMaxRounds: 1 },
      });
      expect(failure).toMatchObject({ kind: 'unsupported_encryption', app: 'KeePass' });
      // The right password would open it, so the refusal can only come from the cap.
      await importOk(fixture(name), { password: 'test' });
    }
  });
  it("Argon2 passes over the caller's caps are refused before any derivation", async () => {
    for (const limits of [{ keepassArgon2MaxIterations: 1 }, { keepassArgon2MaxWorkBytes: 1024 }]) {
      const deriveKey = vi.fn(defaultDeriveKey);
      const failure = await importFail(fixture('keepass_kdbx4_argon2d.kdbx'), {
        password: 'test',
        deriveKey,
        limits,
      });
      expect(failure).toMatchObject({ kind: 'unsupported_encryption', app: 'KeePass' });
      expect(deriveKey).not.toHaveBeenCalled();
    }
  });
  it('KeePass 1.x databases are named and refused', async () => {
    const kdb = new Uint8Array([0x03, 0xd9, 0xa2, 0x9a, 0x65, 0xfb, 0x4b, 0xb5, ...new Uint8Array(120)]);
    expect(await importFail(kdb, { password: 'test' })).toMatchObject({
      kind: 'unsupported_encryption',
      app: 'KeePass',
    });
  });
  it('loads run one after the other and each uses its own derivation', async () => {
    const a = vi.fn(defaultDeriveKey);
    const b = vi.fn(defaultDeriveKey);
    const [first, second] = await Promise.all([
      importOk(fixture('keepass_kdbx4_argon2d.kdbx'), { password: 'test', deriveKey: a }),
      importFail(fixture('keepass_kdbx4_argon2id.kdbx'), { password: 'wrong', deriveKey: b }),
    ]);
    expect(first.rows).toHaveLength(8);
    expect(second.kind).toBe('wrong_password');
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).toHaveBeenCalledTimes(1);
  });
});
