import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { aegisFixture } from './aegis-fixtures.js';
import { importFail, importOk } from './helpers.js';

/*
 * Authenticator Plus's internal database is SQLCipher: whole pages of ciphertext, no header.
 * A file of that shape (random pages, as SQLCipher's output is indistinguishable from them) is
 * refused with a message naming the app and its export; other binary formats keep their reading.
 */
describe('Authenticator Plus SQLCipher database', () => {
  const database = new Uint8Array(randomBytes(4 * 4096));
  it('is refused with a pointer to the export, with or without a password', async () => {
    const expected = {
      kind: 'use_export',
      app: 'Authenticator Plus',
      message:
        'This looks like the encrypted database of Authenticator Plus, which cannot be read; export your accounts from Authenticator Plus to a file and import that file instead',
    };
    expect(await importFail(database)).toEqual(expected);
    expect(await importFail(database, { password: 'test' })).toEqual(expected);
  });
  it('binary exports with a header are not taken for it', async () => {
    expect((await importOk(aegisFixture('andotp_encrypted.bin'), { password: 'test' })).format).toBe(
      'andotp',
    );
    expect((await importOk(aegisFixture('stratum_encrypted.bin'), { password: 'test' })).format).toBe(
      'stratum',
    );
    expect((await importOk(aegisFixture('andotp_encrypted_old.bin'), { password: 'test' })).format).toBe(
      'andotp',
    );
  });
  it('pages of text or zeros are not', async () => {
    expect((await importFail(new Uint8Array(8192))).kind).not.toBe('use_export');
  });
});
