import { describe, expect, it } from 'vitest';
import { SEVEN, fields, importOk } from './helpers.js';

/*
 * Quirks of current exports, each in a file built the way the app writes it: Proton
 * Authenticator's Steam entries and empty issuer prefixes, 2FAS's `"algorithm": null` and
 * Bitwarden's minimal import shape without `encrypted` (KeePassXC's export).
 */

const steam = SEVEN[6];
const deno = SEVEN[0];

const proton = (entries: readonly Record<string, unknown>[]): string =>
  JSON.stringify({
    version: 1,
    entries: entries.map((content, i) => ({ id: `e${i}`, content, note: null })),
  });

describe('Proton Authenticator', () => {
  it('Steam entries with "steam://<secret>", in any letter case, are Steam accounts', async () => {
    const result = await importOk(
      proton([
        { name: 'Sophia', uri: `steam://${steam.secret.replace(/=+$/, '')}`, entry_type: 'Steam' },
        { name: 'Sophia', uri: `STEAM://${steam.secret.toLowerCase()}`, entry_type: 'Steam' },
        { name: 'Sophia', uri: 'Steam://not*base32', entry_type: 'Steam' },
      ]),
    );
    expect(result.rows.slice(0, 2).map(fields)).toEqual([steam, steam]);
    expect(result.rows[2]).toMatchObject({
      service: 'Steam',
      account: 'Sophia',
      otp_type: 'steamtotp',
      error: { message: 'The secret field must be a base32 encoded string.' },
    });
    expect(JSON.stringify(result.rows[2])).not.toContain('not*base32');
  });

  it('an entry named ":cool@ente.com" with an issuer loses the empty prefix, as in Ente', async () => {
    const result = await importOk(
      proton([
        {
          name: ':cool@ente.com',
          uri: `otpauth://totp/:cool%40ente.com?secret=${deno.secret.replace(/=+$/, '')}&issuer=Deno`,
          entry_type: 'Totp',
        },
      ]),
    );
    expect(result.rows.map(fields)).toEqual([{ ...deno, account: 'cool@ente.com' }]);
  });
});

describe('2FAS', () => {
  it('"algorithm": null (2FAS Android 4.2) is SHA-1, like an absent algorithm', async () => {
    const json = JSON.stringify({
      schemaVersion: 4,
      appVersionCode: 5000029,
      appOrigin: 'android',
      groups: [],
      services: [
        {
          name: 'Deno',
          secret: deno.secret.replace(/=+$/, ''),
          updatedAt: 1700000000000,
          otp: {
            label: 'Mason',
            account: 'Mason',
            issuer: 'Deno',
            digits: 6,
            period: 30,
            algorithm: null,
            tokenType: 'TOTP',
            source: 'Link',
          },
          order: { position: 0 },
        },
      ],
    });
    const result = await importOk(json);
    expect(result.rows.map(fields)).toEqual([deno]);
  });
});

describe('Bitwarden', () => {
  it('the minimal import shape without "encrypted" (KeePassXC\'s Bitwarden export)', async () => {
    const json = JSON.stringify({
      folders: [{ id: 'f1', name: 'Games' }],
      items: [
        {
          id: 'i1',
          folderId: null,
          type: 1,
          name: 'Deno',
          login: {
            username: 'Mason',
            password: 'pw',
            totp: `otpauth://totp/Deno:Mason?secret=${deno.secret.replace(/=+$/, '')}&issuer=Deno`,
          },
        },
        {
          id: 'i2',
          folderId: 'f1',
          type: 1,
          name: 'Steam',
          login: { username: 'Sophia', totp: `steam://${steam.secret.replace(/=+$/, '')}` },
        },
        { id: 'i3', type: 2, name: 'a note', secureNote: { type: 0 } },
      ],
    });
    const result = await importOk(json);
    expect(result).toMatchObject({ format: 'bitwarden', app: 'Bitwarden', skipped: 1 });
    expect(result.rows.map(fields)).toEqual([deno, steam]);
    expect(result.rows.map((row) => row.group)).toEqual([null, 'Games']);
  });
});
