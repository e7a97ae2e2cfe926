import { describe, expect, it } from 'vitest';
import { SEVEN, fields, importOk } from './helpers.js';

/*
 * LastPass Authenticator's export. No real file is public (Aegis has none): this one is built in
 * the shape the app writes, with the test vectors' TOTP entries.
 */

const account = (vector: (typeof SEVEN)[number], folderId: number) => ({
  accountID: `id-${vector.secret.slice(0, 4)}`,
  issuerName: vector.service,
  originalIssuerName: vector.service,
  userName: vector.account,
  originalUserName: vector.account,
  pushNotification: false,
  secret: vector.secret.replace(/=+$/, ''),
  timeStep: vector.period,
  digits: vector.digits,
  creationTimestamp: 1_700_000_000_000,
  isFavorite: false,
  algorithm: vector.algorithm.toUpperCase(),
  folderData: { folderId, position: 0 },
});

const EXPORT = {
  deviceName: 'Pixel',
  deviceSecret: '',
  localDeviceId: 'x',
  deviceId: 'y',
  version: 3,
  accounts: [account(SEVEN[0], 0), account(SEVEN[1], 1), account(SEVEN[2], 1)],
  folders: [
    { id: 0, name: 'Favorites', isOpened: true },
    { id: 1, name: 'Work', isOpened: true },
  ],
};

describe('LastPass Authenticator', () => {
  it('TOTP accounts with their folders as groups', async () => {
    const result = await importOk(JSON.stringify(EXPORT));
    expect(result).toMatchObject({ format: 'lastpass', app: 'LastPass Authenticator' });
    expect(result.rows.map(fields)).toEqual(SEVEN.slice(0, 3));
    expect(result.rows.map((row) => row.group)).toEqual(['Favorites', 'Work', 'Work']);
  });
  it('an empty user name takes the original one, else the issuer; a bad secret is an invalid row', async () => {
    const accounts = [
      { ...EXPORT.accounts[0], userName: '' },
      { ...EXPORT.accounts[1], userName: '', originalUserName: '' },
      { ...EXPORT.accounts[2], secret: '!!' },
    ];
    const rows = (await importOk(JSON.stringify({ ...EXPORT, accounts }))).rows;
    expect(rows.map((row) => row.account)).toEqual(['Mason', 'SPDX', 'Elijah']);
    expect(rows[2]).toMatchObject({ error: { key: 'validation.base32' } });
  });
});
