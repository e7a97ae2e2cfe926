import { readFileSync } from 'node:fs';
import { beforeEach, expect, it } from 'vitest';
import { bearerCaller, createUserWithToken, multipart } from '../test/auth-helpers.js';
import { describeEachDatabase } from '../test/harness.js';

/*
 * Current exports through POST /migration, each built here the way its app writes it: Google's
 * 2025 transfers (field 8 as a string), Proton Authenticator's Steam entries and empty issuer
 * prefixes, 2FAS's `"algorithm": null`, Bitwarden's minimal shape, KeePass with Twofish (refused
 * naming the cipher, in the caller's language), Raivo OTP, WinAuth's password-protected zip and
 * Stratum's HTML export; then a row of each saved, so that what the preview shows is what is stored.
 */

type Row = Record<string, unknown>;
const DENO = '4SJHB4GSD43FZBAI7C2HLRJGPQ';
const STEAM = 'JRZCL47CMXVOQMNPZR2F7J4RGI';

/** A Google migration URI of one TOTP entry whose field 8 is a string (wire type 2). */
function googleTransfer2025(): string {
  const bytes = (tag: number, value: Uint8Array) => [tag, value.length, ...value];
  const text = (value: string) => new TextEncoder().encode(value);
  // The secret A4GRFHVVRBGY7UIW.
  const key = Uint8Array.from([0x07, 0x0d, 0x12, 0x9e, 0xb5, 0x88, 0x4d, 0x8f, 0xd1, 0x16]);
  const entry = [
    ...bytes(0x0a, key),
    ...bytes(0x12, text('Mason')),
    ...bytes(0x1a, text('Deno')),
    0x20,
    1,
    0x28,
    1,
    0x30,
    2,
    ...bytes(0x42, text('d1c0a7e2-2025')),
  ];
  const payload = [0x0a, entry.length, ...entry, 0x10, 1];
  return `otpauth-migration://offline?data=${encodeURIComponent(Buffer.from(payload).toString('base64'))}`;
}

const built = (name: string) =>
  new Uint8Array(
    readFileSync(new URL(`../../../../packages/import/test/fixtures/built/${name}`, import.meta.url)),
  );

describeEachDatabase('import of current exports (POST /migration)', (t) => {
  let token = '';
  const call = bearerCaller(t, () => token);
  const migrate = (payload: string, password?: string) =>
    call('POST', '/api/v1/twofaccounts/migration?withSecret=1', {
      payload,
      ...(password === undefined ? {} : { password }),
    });
  const upload = (
    file: Uint8Array,
    filename: string,
    password?: string,
    headers: Record<string, string> = {},
  ) => {
    const body = multipart([
      { name: 'file', value: Buffer.from(file), filename },
      ...(password === undefined ? [] : [{ name: 'password', value: password }]),
    ]);
    return call('POST', '/api/v1/twofaccounts/migration?withSecret=1', body.payload, {
      ...body.headers,
      ...headers,
    });
  };
  const names = (rows: Row[]) => rows.map((row) => [row.id, row.otp_type, row.service, row.account]);
  /** Stores every row of a preview, as the web app does, and answers the statuses. */
  const save = async (rows: Row[]) => {
    const statuses: number[] = [];
    for (const row of rows) {
      const { id: _id, ...fields } = row;
      statuses.push((await call('POST', '/api/v1/twofaccounts', fields)).statusCode);
    }
    return statuses;
  };
  beforeEach(async () => {
    token = await createUserWithToken(t.db);
    await call('PUT', '/api/v1/settings/getOfficialIcons', { value: false });
  });

  it('a Google transfer of 2025 (field 8 a string) imports whole', async () => {
    const res = await migrate(googleTransfer2025());
    expect(res.statusCode).toBe(200);
    expect(res.json<Row[]>()).toMatchObject([
      { id: 0, otp_type: 'totp', service: 'Deno', account: 'Mason', secret: 'A4GRFHVVRBGY7UIW', period: 30 },
    ]);
  });

  it('Proton Authenticator: a steam:// entry is Steam; ":cool@ente.com" saves without its colon', async () => {
    const payload = JSON.stringify({
      version: 1,
      entries: [
        { id: 'a', content: { name: 'Sophia', uri: `STEAM://${STEAM}`, entry_type: 'Steam' }, note: null },
        {
          id: 'b',
          content: {
            name: ':cool@ente.com',
            uri: `otpauth://totp/:cool%40ente.com?secret=${DENO}&issuer=Ente`,
            entry_type: 'Totp',
          },
          note: null,
        },
      ],
    });
    const rows = (await migrate(payload)).json<Row[]>();
    expect(names(rows)).toEqual([
      [0, 'steamtotp', 'Steam', 'Sophia'],
      [0, 'totp', 'Ente', 'cool@ente.com'],
    ]);
    expect(await save(rows)).toEqual([201, 201]);
  });

  it('2FAS "algorithm": null and a Bitwarden file without "encrypted" import', async () => {
    const twoFas = JSON.stringify({
      schemaVersion: 4,
      services: [
        {
          name: 'Deno',
          secret: DENO,
          otp: { account: 'Mason', digits: 6, period: 30, algorithm: null, tokenType: 'TOTP' },
        },
      ],
    });
    expect(names((await migrate(twoFas)).json<Row[]>())).toEqual([[0, 'totp', 'Deno', 'Mason']]);
    const bitwarden = JSON.stringify({
      items: [{ type: 1, name: 'Deno', login: { username: 'Mason', totp: DENO } }],
    });
    const res = await migrate(bitwarden);
    expect(res.statusCode).toBe(200);
    expect(names(res.json<Row[]>())).toEqual([[0, 'totp', 'Deno', 'Mason']]);
  });

  it("KeePass with Twofish: 400 naming the cipher, in the caller's language, without a password", async () => {
    const file = built('keepass_kdbx4_aes.kdbx');
    const at = Buffer.from(file).indexOf(Buffer.from('31c1f2e6bf714350be5805216afc5aff', 'hex'));
    file.set(Buffer.from('ad68f29f576f4bb9a36ad47af965346c', 'hex'), at);
    const english = await upload(file, 'vault.kdbx');
    expect([english.statusCode, english.json()]).toEqual([
      400,
      { message: 'Unsupported KeePass encryption settings: the Twofish cipher cannot be read' },
    ]);
    const german = await upload(file, 'vault.kdbx', 'test', { 'accept-language': 'de' });
    expect([german.statusCode, german.json()]).toEqual([
      400,
      {
        message:
          'Nicht unterstützte KeePass-Verschlüsselungseinstellungen: die Verschlüsselung Twofish kann nicht gelesen werden',
      },
    ]);
  });

  it('Raivo OTP JSON, WinAuth password-protected zip and Stratum HTML', async () => {
    const raivo = JSON.stringify([
      {
        issuer: 'Deno',
        account: 'Mason',
        secret: DENO,
        kind: 'TOTP',
        algorithm: 'SHA1',
        digits: '6',
        timer: '30',
        counter: '0',
      },
    ]);
    expect(names((await migrate(raivo)).json<Row[]>())).toEqual([[0, 'totp', 'Deno', 'Mason']]);

    // Built by packages/import/scripts/make-winauth-fixture.mjs (ZipCrypto, password `test`).
    const winAuth = built('winauth.zip');
    const none = await upload(winAuth, 'winauth.zip');
    expect([none.statusCode, none.json()]).toEqual([
      400,
      { message: 'Unreadable, the data seem encrypted', reason: 'password_required' },
    ]);
    const wrong = await upload(winAuth, 'winauth.zip', 'nope');
    const message = 'Wrong password, the WinAuth data cannot be decrypted';
    expect([wrong.statusCode, wrong.json()]).toEqual([422, { message, errors: { password: [message] } }]);
    expect(names((await upload(winAuth, 'winauth.zip', 'test')).json<Row[]>())).toEqual([
      [0, 'totp', 'Deno', 'Mason'],
      [0, 'totp', 'Airbnb', 'Elijah'],
    ]);

    const html = `<!DOCTYPE html><html><body><table><tbody>
      <tr><td>Steam</td><td>Sophia</td><td><code>otpauth://steam/Steam:Sophia?secret=${STEAM}&issuer=Steam</code></td><td><img src="data:image/png;base64,AA=="></td></tr>
      </tbody></table></body></html>`;
    const rows = (await upload(new TextEncoder().encode(html), 'stratum-backup.html')).json<Row[]>();
    expect(names(rows)).toEqual([[0, 'steamtotp', 'Steam', 'Sophia']]);
  });
});
