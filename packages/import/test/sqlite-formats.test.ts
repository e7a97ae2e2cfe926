import initSqlJs from 'sql.js';
import { describe, expect, it } from 'vitest';
import { aegisFixture, expectVectors } from './aegis-fixtures.js';
import { importFail, importOk } from './helpers.js';

/*
 * Google and Microsoft Authenticator on-device databases (SQLite), Aegis's real files. Neither app
 * keeps algorithm, digits or period (Google: SHA-1, 6, 30 s; Microsoft: TOTP only, and its own
 * account type has 8 digits), as Aegis's tests say.
 */

const defaults = <T extends { digits: number; algorithm: string; period: number | null; otp_type: string }>(
  vector: T,
): T => ({ ...vector, digits: 6, algorithm: 'sha1', period: vector.otp_type === 'hotp' ? null : 30 });

describe('SQLite databases', () => {
  it('Google Authenticator (databases/databases)', async () => {
    const result = await importOk(aegisFixture('google_authenticator.sqlite'));
    expect(result).toMatchObject({ format: 'google-db', app: 'Google Authenticator' });
    expectVectors(result.rows, 6, defaults);
  });
  it('Microsoft Authenticator (databases/PhoneFactor)', async () => {
    const result = await importOk(aegisFixture('microsoft_authenticator.sqlite'));
    expect(result).toMatchObject({ format: 'microsoft', app: 'Microsoft Authenticator' });
    // The Steam vector is a plain TOTP entry of "Boeing" there (the Steam rule names it Steam).
    expectVectors(result.rows, 7, (vector) => ({
      ...defaults(vector),
      service: vector.otp_type === 'steamtotp' ? 'Boeing' : vector.service,
      otp_type: 'totp',
      period: 30,
      counter: null,
    }));
  });
  it("Microsoft's own accounts (base64 secret, 8 digits); push-only accounts are skipped", async () => {
    const SQL = await initSqlJs();
    const db = new SQL.Database();
    db.run(
      'CREATE TABLE accounts (_id INTEGER PRIMARY KEY, name TEXT, username TEXT, oath_secret_key TEXT, account_type INTEGER)',
    );
    db.run(
      "INSERT INTO accounts VALUES (1, 'Microsoft', 'mason@example.com', '5JJw8NIfNlyECPi0dcUmfA==', 1)",
    );
    db.run("INSERT INTO accounts VALUES (2, 'Work', 'james@example.com', '', 2)");
    const file = db.export();
    db.close();
    const result = await importOk(file);
    expect(result.skipped).toBe(1);
    expect(result.rows.map((row) => [row.service, row.account, row.secret, row.digits])).toEqual([
      ['Microsoft', 'mason@example.com', '4SJHB4GSD43FZBAI7C2HLRJGPQ======', 8],
    ]);
  });
  it('a truncated database and a SQLite file of another app are refused', async () => {
    const file = aegisFixture('google_authenticator.sqlite');
    const cut = await importFail(file.subarray(0, 2048));
    expect(['no_format', 'unreadable']).toContain(cut.kind);
    const junk = new Uint8Array(4096);
    junk.set(new TextEncoder().encode('SQLite format 3\0'));
    expect(await importFail(junk)).toMatchObject({ kind: 'no_format' });
  });
});
