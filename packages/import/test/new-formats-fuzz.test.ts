import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseImport } from '../src/index.js';
import { aegisFixture } from './aegis-fixtures.js';

/*
 * Mutated files of the archive and database formats (KeePass, Proton Pass zip and PGP, 1Password,
 * Authenticator Plus): cut, bytes overwritten, with and without a password. Every result is rows
 * or a typed failure, never a throw, within a few seconds. A flipped byte may land on a KDF's cost
 * (KeePass accepts up to 200 million AES rounds, tens of seconds by design), so the runs use small
 * caps: what is checked is that every cost is capped, and the caps themselves in keepass.test.ts.
 */
const SMALL_CAPS = {
  maxMemoryBytes: 64 * 1024 * 1024,
  keepassAesMaxRounds: 1_000_000,
  keepassArgon2MaxIterations: 4,
  keepassArgon2MaxWorkBytes: 128 * 1024 * 1024,
};
const built = (name: string) =>
  new Uint8Array(readFileSync(new URL(`./fixtures/built/${name}`, import.meta.url)));

const FILES = [
  built('keepass_kdbx4_aes.kdbx'),
  built('keepass_kdbx3.kdbx'),
  built('proton_pass.zip'),
  built('proton_pass.pgp'),
  built('onepassword.1pux'),
  aegisFixture('authenticator_plus.zip'),
];

const KINDS = [
  'no_format',
  'unreadable',
  'password_required',
  'wrong_password',
  'unsupported_encryption',
  'account_key',
  'use_export',
];

describe('mutated archives and databases', () => {
  it('rows or a typed failure, never a throw or a hang', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...FILES.keys()),
        fc.nat(),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 8 }),
        fc.option(fc.constantFrom('test', 'testtesttest', 'x')),
        async (index, cut, flips, password) => {
          const original = FILES[index]!;
          const file = original.slice(0, original.length - (cut % Math.max(1, original.length >> 1)));
          for (const [at, value] of flips) file[at % file.length] = value;
          const started = Date.now();
          const result = await parseImport(
            file,
            password === null ? { limits: SMALL_CAPS } : { password, limits: SMALL_CAPS },
          );
          expect(Date.now() - started).toBeLessThan(5_000);
          if (!result.ok) expect(KINDS).toContain(result.failure.kind);
        },
      ),
      { numRuns: 60 },
    );
  }, 120_000);
});
