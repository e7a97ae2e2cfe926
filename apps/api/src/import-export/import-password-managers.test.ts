import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { beforeEach, expect, it } from 'vitest';
import { aegisFixture } from '../../../../packages/import/test/aegis-fixtures.js';
import { bearerCaller, createUserWithToken, multipart } from '../test/auth-helpers.js';
import { describeEachDatabase } from '../test/harness.js';

/*
 * Password managers and archives through the HTTP route: KeePass (Argon2d in the key-derivation
 * worker), Proton Pass (zip and PGP), 1Password (.1pux), Authenticator Plus (password zip),
 * screenshots of Google Authenticator's transfer QR code (made by
 * packages/import/scripts/make-transfer-screenshots.mjs). The
 * password flow as statuses, and mutated files of each: always a 4xx or rows, never a 5xx. The
 * built files come from packages/import/scripts; authenticator_plus.zip is Aegis's test file.
 */

type Row = Record<string, unknown>;
const ENCRYPTED = 'Unreadable, the data seem encrypted';
const wrong = (app: string) => {
  const message = `Wrong password, the ${app} data cannot be decrypted`;
  return { message, errors: { password: [message] } };
};
const built = (name: string) =>
  new Uint8Array(
    readFileSync(new URL(`../../../../packages/import/test/fixtures/built/${name}`, import.meta.url)),
  );

const ENCRYPTED_FILES: [string, () => Uint8Array, string, string, string[]][] = [
  [
    'KeePass KDBX 4 (Argon2d)',
    () => built('keepass_kdbx4_argon2d.kdbx'),
    'test',
    'KeePass',
    ['Deno', 'Issuu'],
  ],
  ['KeePass KDBX 3.1', () => built('keepass_kdbx3.kdbx'), 'test', 'KeePass', ['Deno', 'Issuu']],
  ['Proton Pass PGP', () => built('proton_pass.pgp'), 'test', 'Proton Pass', ['Deno', 'SPDX']],
  [
    'Authenticator Plus',
    () => aegisFixture('authenticator_plus.zip'),
    'testtesttest',
    'Authenticator Plus',
    ['Deno', 'SPDX'],
  ],
];

describeEachDatabase('import of password managers and archives (POST /migration)', (t) => {
  let token = '';
  const call = bearerCaller(t, () => token);
  const upload = (file: Uint8Array, filename: string, password?: string) => {
    const body = multipart([
      { name: 'file', value: Buffer.from(file), filename },
      ...(password === undefined ? [] : [{ name: 'password', value: password }]),
    ]);
    return call('POST', '/api/v1/twofaccounts/migration?withSecret=1', body.payload, body.headers);
  };
  beforeEach(async () => {
    token = await createUserWithToken(t.db);
    await call('PUT', '/api/v1/settings/getOfficialIcons', { value: false });
  });

  it.each(ENCRYPTED_FILES)(
    '%s: no password 400, wrong password 422 on password, right password rows',
    async (_name, file, password, app, services) => {
      const none = await upload(file(), 'export');
      expect([none.statusCode, none.json()]).toEqual([
        400,
        { message: ENCRYPTED, reason: 'password_required' },
      ]);
      expect(none.headers['x-import-app']).toBe(app);
      const bad = await upload(file(), 'export', 'nope');
      expect([bad.statusCode, bad.json()]).toEqual([422, wrong(app)]);
      const ok = await upload(file(), 'export', password);
      expect([ok.statusCode, ok.statusCode === 200 ? null : ok.body]).toEqual([200, null]);
      expect(ok.json<Row[]>().map((row) => row.service)).toEqual(expect.arrayContaining(services));
    },
  );

  it('plain archives: the Proton Pass zip and a 1Password .1pux', async () => {
    const proton = await upload(built('proton_pass.zip'), 'Proton Pass_export.zip');
    expect(proton.json<Row[]>().map((row) => [row.service, row.account, row.group])).toContainEqual([
      'Steam',
      'Sophia',
      'Work',
    ]);
    const onePassword = await upload(built('onepassword.1pux'), 'export.1pux');
    expect(onePassword.json<Row[]>().map((row) => row.service)).toEqual([
      'Issuu',
      'Air Canada',
      'Deno',
      'WWE',
      '- invalid service -',
    ]);
  });

  it.each(['light', 'dark'])(
    'a %s screenshot of Google Authenticator\'s "Transfer accounts" screen (1080×2400) imports its accounts',
    async (mode) => {
      const png = new Uint8Array(
        readFileSync(
          new URL(
            `../../../../packages/import/test/fixtures/screenshots/google_transfer_${mode}.png`,
            import.meta.url,
          ),
        ),
      );
      const response = await upload(png, `Screenshot_${mode}.png`);
      expect(response.statusCode).toBe(200);
      expect(response.json<Row[]>().map((row) => [row.service, row.account, row.secret])).toEqual([
        ['service', 'account', 'A4GRFHVVRBGY7UIW'],
        ['service_bis', 'account_bis', 'A4GRFHVVRBGY7UIW'],
      ]);
    },
  );

  it("Authenticator Plus's SQLCipher database: a 400 that names the app and its export", async () => {
    const response = await upload(new Uint8Array(randomBytes(8192)), 'databases');
    expect([response.statusCode, response.json()]).toEqual([
      400,
      {
        message:
          'This looks like the encrypted database of Authenticator Plus, which cannot be read; export your accounts from Authenticator Plus to a file and import that file instead',
      },
    ]);
  });

  it('mutated files of every new format: rows or a 4xx, never a 5xx', async () => {
    const files = [
      built('keepass_kdbx4_aes.kdbx'),
      built('proton_pass.zip'),
      built('proton_pass.pgp'),
      built('onepassword.1pux'),
      aegisFixture('authenticator_plus.zip'),
    ];
    let seed = 7;
    const random = (max: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % max;
    };
    for (const original of files) {
      for (let round = 0; round < 6; round++) {
        const file = original.slice(0, round === 0 ? random(original.length) : original.length);
        for (let flips = 0; flips < 1 + random(8); flips++) file[random(file.length)] = random(256);
        const response = await upload(file, 'export', 'test');
        expect(response.statusCode, `round ${round}`).toBeLessThan(500);
        expect(response.statusCode).not.toBe(0);
      }
    }
  }, 60_000);
});
