import { encodeMigrationUris } from '@twofold/otp';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as F from '../../../../packages/import/test/fixtures.js';
import {
  aegisVault,
  andOtpFile,
  b64,
  bitwardenFile,
  enteFile,
  twoFasFile,
} from '../../../../packages/import/test/encrypted-builders.js';
import { CUSTOM_HOTP, CUSTOM_TOTP, SEVEN, STEAM_ROW } from '../../../../packages/import/test/helpers.js';
import { bearerCaller, createUserWithToken, multipart } from '../test/auth-helpers.js';
import { describeEachDatabase } from '../test/harness.js';

/** Bytes that look random but are the same in every run (a linear congruential sequence). */
function fixedJunk(length: number): Buffer {
  const bytes = Buffer.alloc(length);
  let state = 0x2f6b_1d3a;
  for (let i = 0; i < length; i += 1) {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    bytes[i] = state >>> 24;
  }
  return bytes;
}

/*
 * Every import format through the HTTP route, on both databases: exact rows, groups, skipped
 * counts, every password case and the caps, and hostile files (each a clear 4xx). The fixtures
 * and the encrypted-file builders are @twofold/import's own test data.
 */

type Row = Record<string, unknown>;
const fields = (row: Row) => {
  const { service, account, otp_type, secret, digits, algorithm, period, counter } = row;
  return { service, account, otp_type, secret, digits, algorithm, period, counter };
};
const BW_ROWS = [
  { ...SEVEN[0], service: 'Test 1' },
  { ...SEVEN[1], service: 'Test 2' },
  { ...SEVEN[2], service: 'Test 3' },
  { ...SEVEN[6], account: 'Test Steam' },
];
const ENCRYPTED = 'Unreadable, the data seem encrypted';
const wrong = (app: string) => {
  const message = `Wrong password, the ${app} data cannot be decrypted`;
  return { message, errors: { password: [message] } };
};
const unsupported = (app: string) => ({ message: `Unsupported ${app} encryption settings` });

let ente: string;
let bitwarden: string;
let heavyEnte: string;

beforeAll(async () => {
  ente = JSON.stringify((await enteFile('pw', 64 * 1024, 2)).json);
  bitwarden = await bitwardenFile('pw', { kdfType: 0, kdfIterations: 1000 });
  // 256 MiB of Argon2id: a memory-heavy derivation, run in the worker thread.
  heavyEnte = JSON.stringify((await enteFile('pw', 256 * 1024 * 1024, 1)).json);
}, 120_000);

describeEachDatabase('import of every format (POST /migration)', (t) => {
  let token = '';
  const call = bearerCaller(t, () => token);
  const migrate = (payload: string, password?: string) =>
    call('POST', '/api/v1/twofaccounts/migration?withSecret=1', {
      payload,
      ...(password === undefined ? {} : { password }),
    });
  const rowsOf = async (payload: string, password?: string) => {
    const response = await migrate(payload, password);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Row[]>();
  };
  beforeEach(async () => {
    token = await createUserWithToken(t.db);
    await call('PUT', '/api/v1/settings/getOfficialIcons', { value: false });
  });

  describe('plain formats: exact rows', () => {
    it.each([
      ['Aegis db v1', F.AEGIS_PLAIN, SEVEN],
      ['Aegis db v2', F.AEGIS_V2, [CUSTOM_TOTP, CUSTOM_HOTP, STEAM_ROW]],
      ['Aegis plain text', F.AEGIS_PLAIN_TXT, SEVEN],
      ['2FAS v4', F.TWOFAS_V4, [0, 3, 4, 5, 6].map((i) => SEVEN[i])],
      ['2FAS v2', F.TWOFAS_V2, [CUSTOM_TOTP, CUSTOM_HOTP]],
      ['andOTP', F.ANDOTP_PLAIN, SEVEN],
      ['Bitwarden JSON', F.BITWARDEN_JSON, BW_ROWS],
      ['Bitwarden CSV', F.BITWARDEN_CSV, [...BW_ROWS.slice(0, 3), { ...SEVEN[6], account: 'Test 4' }]],
      ['Ente text', F.ENTE_TXT, [4, 2, 6, 0, 3, 1, 5].map((i) => SEVEN[i])],
      ['Steam maFile', F.STEAM_JSON, [SEVEN[6]]],
    ])('%s', async (_name, payload, expected) => {
      const rows = await rowsOf(payload);
      expect(rows.map(fields)).toEqual(expected);
      expect(rows.every((row) => row.id === 0 && row.group_id === null)).toBe(true);
    });

    it('Bitwarden Authenticator export', async () => {
      expect((await rowsOf(F.BITWARDEN_AUTHENTICATOR)).map((row) => [row.service, row.account])).toEqual([
        ['Google', 'john.doe@gmail.com'],
        ['Steam', 'john.doe@gmail.com'],
      ]);
    });

    it('groups from the source; skipped entries in X-Import-Skipped', async () => {
      const twoFas = JSON.parse(F.TWOFAS_V2) as { services: Row[] };
      twoFas.services[0]!.groupId = 'C2F69014-C4C7-4EEC-9225-D24E750F77FD';
      expect((await rowsOf(JSON.stringify(twoFas))).map((row) => row.group)).toEqual(['Test', null]);
      const display = (value: object) => encodeURIComponent(JSON.stringify(value));
      const text = [
        `otpauth://totp/A:x?secret=JBSWY3DPEHPK3PXP&codeDisplay=${display({ tags: ['Work'] })}`,
        `otpauth://totp/C:y?secret=JBSWY3DPEHPK3PXP&codeDisplay=${display({ trashed: true })}`,
      ].join('\n');
      const response = await migrate(text);
      expect(response.headers['x-import-skipped']).toBe('1');
      expect(response.json<Row[]>().map((row) => [row.service, row.group])).toEqual([['A', 'Work']]);
      expect((await migrate(F.AEGIS_PLAIN)).headers['x-import-skipped']).toBeUndefined();
    });

    it('a Google entry with a colon in its name and no issuer previews as id 0', async () => {
      const { uris } = encodeMigrationUris([
        {
          otp_type: 'totp',
          service: null,
          account: 'alice:work',
          secret: 'JBSWY3DPEHPK3PXP',
          digits: 6,
          algorithm: 'sha1',
          period: 30,
          counter: null,
        },
      ]);
      const rows = await rowsOf(uris[0]!);
      expect(rows.map((row) => [row.id, row.service, row.account])).toEqual([[0, null, 'alice:work']]);
      const saved = await call('POST', '/api/v1/twofaccounts', {
        otp_type: 'totp',
        account: 'alice:work',
        secret: 'JBSWY3DPEHPK3PXP',
      });
      expect(saved.statusCode).toBe(422);
    });
  });

  describe('encrypted formats: password flow', () => {
    const cases: [string, () => string | Uint8Array, string][] = [
      ['Aegis', () => F.AEGIS_ENCRYPTED, 'test'],
      ['2FAS Auth', () => twoFasFile('pw'), 'pw'],
      ['Ente Auth', () => ente, 'pw'],
      ['Bitwarden', () => bitwarden, 'pw'],
    ];
    it.each(cases)('%s: no password, wrong password, right password', async (app, file, password) => {
      const payload = file() as string;
      const none = await migrate(payload);
      expect([none.statusCode, none.json()]).toEqual([
        400,
        { message: ENCRYPTED, reason: 'password_required' },
      ]);
      expect(none.headers['x-import-app']).toBe(app);
      const bad = await migrate(payload, 'not the password');
      expect([bad.statusCode, bad.json()]).toEqual([422, wrong(app)]);
      expect((await rowsOf(payload, password)).length).toBeGreaterThan(0);
    });

    it('Aegis encrypted gives the seven rows', async () => {
      expect((await rowsOf(F.AEGIS_ENCRYPTED, 'test')).map(fields)).toEqual(SEVEN);
    });

    it('andOTP encrypted comes as a binary file with a multipart password', async () => {
      const file = Buffer.from(andOtpFile('pw', 1000));
      const send = (parts: { name: string; value: string | Buffer; filename?: string }[]) => {
        const body = multipart(parts);
        return call('POST', '/api/v1/twofaccounts/migration?withSecret=1', body.payload, body.headers);
      };
      const none = await send([{ name: 'file', value: file, filename: 'otp_accounts.json.aes' }]);
      expect([none.statusCode, none.json()]).toEqual([
        400,
        { message: ENCRYPTED, reason: 'password_required' },
      ]);
      const bad = await send([
        { name: 'file', value: file, filename: 'a.aes' },
        { name: 'password', value: 'nope' },
      ]);
      expect([bad.statusCode, bad.json()]).toEqual([422, wrong('andOTP')]);
      const ok = await send([
        { name: 'file', value: file, filename: 'a.aes' },
        { name: 'password', value: 'pw' },
      ]);
      expect(ok.json<Row[]>().map(fields)).toEqual(SEVEN);
    });

    it('Bitwarden bound to the account key: reason account_key, then the explanation', async () => {
      const bound = F.BITWARDEN_JSON.replace('"encrypted": false', '"encrypted": true');
      const none = await migrate(bound);
      expect([none.statusCode, none.json()]).toEqual([400, { message: ENCRYPTED, reason: 'account_key' }]);
      const withPassword = await migrate(bound, 'pw');
      expect([withPassword.statusCode, withPassword.json()]).toEqual([
        400,
        {
          message:
            'This Bitwarden export is encrypted with your account key and cannot be imported; export it again with a password or unencrypted',
        },
      ]);
    });

    it('a password sent with a plain export is ignored; a non-string password is a 422', async () => {
      expect((await rowsOf(F.AEGIS_PLAIN, 'whatever')).map(fields)).toEqual(SEVEN);
      const numeric = await call('POST', '/api/v1/twofaccounts/migration', {
        payload: F.AEGIS_PLAIN,
        password: 12,
      });
      expect(numeric.statusCode).toBe(422);
    });
  });

  describe('caps and hostile files: a clear 4xx, never a 5xx or a hang', () => {
    it('KDF parameters beyond the caps are refused before any derivation', async () => {
      for (const n of [2 ** 30, 2 ** 21, 2 ** 9]) {
        const response = await migrate(aegisVault({ n, r: 8, p: 1 }), 'pw');
        expect([n, response.statusCode, response.json()]).toEqual([n, 400, unsupported('Aegis')]);
      }
      const big = JSON.parse(ente) as { kdfParams: Row };
      big.kdfParams.memLimit = 2 * 1024 * 1024 * 1024;
      const response = await migrate(JSON.stringify(big), 'pw');
      expect([response.statusCode, response.json()]).toEqual([400, unsupported('Ente Auth')]);
      const slotless = JSON.parse(F.AEGIS_ENCRYPTED) as { header: { slots: Row[] } };
      for (const slot of slotless.header.slots) slot.type = 2;
      const biometric = await migrate(JSON.stringify(slotless), 'test');
      expect([biometric.statusCode, biometric.json()]).toEqual([400, unsupported('Aegis')]);
    });

    it('truncated ciphertexts are a wrong password or unreadable, never a 5xx', async () => {
      const json = JSON.parse(ente) as { encryptedData: string };
      json.encryptedData = b64(Buffer.from(json.encryptedData, 'base64').subarray(0, 30));
      const truncated = await migrate(JSON.stringify(json), 'pw');
      expect([truncated.statusCode, truncated.json()]).toEqual([422, wrong('Ente Auth')]);
      const aegis = JSON.parse(F.AEGIS_ENCRYPTED) as { db: string };
      aegis.db = aegis.db.slice(0, 100);
      const cut = await migrate(JSON.stringify(aegis), 'test');
      expect(cut.statusCode).toBe(422);
    });

    it('10 MiB of junk, deep nesting and huge arrays are 400s', async () => {
      // Fixed junk: random bytes now and then begin like an encrypted export's header.
      const junk = multipart([{ name: 'file', value: fixedJunk(10 * 1024 * 1024), filename: 'junk.bin' }]);
      const junkResponse = await call('POST', '/api/v1/twofaccounts/migration', junk.payload, junk.headers);
      expect([junkResponse.statusCode, junkResponse.json()]).toEqual([
        400,
        { message: 'Data do not match any supported format' },
      ]);
      for (const payload of [
        '['.repeat(200_000),
        `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`,
        `[${'0,'.repeat(1_000_000)}0]`,
        JSON.stringify({
          version: 1,
          header: { slots: null, params: null },
          db: { version: 3, entries: new Array(20_000).fill({}) },
        }),
      ]) {
        const response = await migrate(payload);
        expect(response.statusCode, payload.slice(0, 40)).toBe(400);
        expect(response.json<{ message: string }>().message).toMatch(/format|unreadable/);
      }
    });

    it('a 256 MiB Argon2id derivation does not hold up other requests', async () => {
      const created = await call('POST', '/api/v1/twofaccounts', {
        otp_type: 'totp',
        account: 'a',
        secret: 'JBSWY3DPEHPK3PXP',
      });
      const id = created.json<{ id: number }>().id;
      let done = false;
      const importing = migrate(heavyEnte, 'pw').then((response) => {
        done = true;
        return response;
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      const timings: number[] = [];
      while (!done && timings.length < 200) {
        const start = performance.now();
        const otp = await call('GET', `/api/v1/twofaccounts/${id}/otp`);
        timings.push(performance.now() - start);
        expect(otp.statusCode).toBe(200);
      }
      expect((await importing).json<Row[]>().map(fields)).toEqual(SEVEN);
      expect(timings.length).toBeGreaterThan(0);
      // Generous on a loaded test machine; the benchmark measures the real figures.
      expect(Math.max(...timings)).toBeLessThan(500);
    }, 60_000);
  });
});

describeEachDatabase(
  'import memory ceiling (IMPORT_KDF_MAX_MEMORY)',
  (t) => {
    let token = '';
    const call = bearerCaller(t, () => token);
    beforeEach(async () => {
      token = await createUserWithToken(t.db);
    });

    it('a derivation above the configured ceiling is refused; one below it opens', async () => {
      // Aegis's usual N = 32768, r = 8 needs 32 MiB: over a 16 MiB ceiling.
      const over = await call('POST', '/api/v1/twofaccounts/migration', {
        payload: F.AEGIS_ENCRYPTED,
        password: 'test',
      });
      expect([over.statusCode, over.json()]).toEqual([400, unsupported('Aegis')]);
      const under = await call('POST', '/api/v1/twofaccounts/migration', {
        payload: aegisVault({ n: 1024, r: 8, p: 1 }, 'pw'),
        password: 'pw',
      });
      expect(under.statusCode).toBe(200);
    });
  },
  { env: { IMPORT_KDF_MAX_MEMORY: '16' } },
);
