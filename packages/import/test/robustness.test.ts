import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseImport, type ImportResult } from '../src/index.js';
import { aegisText } from './aegis-fixtures.js';
import * as F from './fixtures.js';
import { importFail } from './helpers.js';

const MIB = 1024 * 1024;

/** Every result is either rows or one of the typed failures, with a message. */
function checkShape(result: ImportResult): void {
  if (result.ok) {
    for (const row of result.rows) {
      if (row.error) expect(row.secret).toBe('');
      else expect(row.secret).toMatch(/^[A-Z2-7]+=*$/);
    }
    expect(result.skipped).toBeGreaterThanOrEqual(0);
  } else {
    expect([
      'no_format',
      'unreadable',
      'password_required',
      'wrong_password',
      'unsupported_encryption',
      'account_key',
      'use_export',
    ]).toContain(result.failure.kind);
    expect(result.failure.message.length).toBeGreaterThan(0);
  }
}

describe('hostile input gives a typed failure, never a throw or a hang', () => {
  it('10 MiB of random bytes', async () => {
    const started = Date.now();
    const result = await parseImport(new Uint8Array(randomBytes(10 * MIB)), { password: 'pw' });
    expect(result.ok).toBe(false);
    checkShape(result);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
  it('10 MiB of printable junk', async () => {
    const junk = randomBytes(10 * MIB)
      .toString('base64')
      .slice(0, 10 * MIB);
    expect(await importFail(junk)).toMatchObject({ kind: 'no_format' });
  });
  it('deep nesting (arrays and objects)', async () => {
    expect(await importFail('['.repeat(5_000_000))).toMatchObject({ kind: 'no_format' });
    expect(await importFail(`${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`)).toMatchObject({
      kind: 'no_format',
    });
    expect(await importFail(`${'['.repeat(1000)}${']'.repeat(1000)}`)).toMatchObject({ kind: 'no_format' });
  });
  it('huge arrays', async () => {
    expect(await importFail(`[${'0,'.repeat(3_000_000)}0]`)).toMatchObject({ kind: 'no_format' });
    const items = `[${'{"secret":"A","type":"TOTP"},'.repeat(200_000)}{"secret":"A","type":"TOTP"}]`;
    expect(await importFail(items)).toMatchObject({ kind: 'unreadable', app: 'andOTP' });
    const twoFauth = `{"app":"2fauth_v5","schema":1,"data":[${'{},'.repeat(300_000)}{}]}`;
    expect(await importFail(twoFauth)).toMatchObject({ kind: 'unreadable', app: '2FAuth' });
    const lines = 'otpauth://totp/a?secret=JBSWY3DPEHPK3PXP\n'.repeat(20_000);
    expect(await importFail(lines)).toMatchObject({ kind: 'unreadable', app: 'migration' });
  });
  it('a configurable entry limit', async () => {
    expect(await importFail(F.AEGIS_PLAIN, { maxEntries: 3 })).toMatchObject({
      kind: 'unreadable',
      app: 'Aegis',
    });
  });
  it('scrypt N = 2^30 in an Aegis slot', async () => {
    const vault = JSON.parse(F.AEGIS_ENCRYPTED) as { header: { slots: { n: number }[] } };
    vault.header.slots[0]!.n = 2 ** 30;
    expect(await importFail(JSON.stringify(vault), { password: 'test' })).toMatchObject({
      kind: 'unsupported_encryption',
      app: 'Aegis',
    });
  });
  it('a truncated Aegis ciphertext', async () => {
    const vault = JSON.parse(F.AEGIS_ENCRYPTED) as { db: string };
    vault.db = vault.db.slice(0, 200);
    expect(await importFail(JSON.stringify(vault), { password: 'test' })).toMatchObject({
      kind: 'wrong_password',
      app: 'Aegis',
    });
    vault.db = 'not base64!';
    expect(await importFail(JSON.stringify(vault), { password: 'test' })).toMatchObject({
      kind: 'unreadable',
      app: 'Aegis',
    });
  });
  it('non-string, non-bytes input', async () => {
    expect(await parseImport(42 as unknown as string)).toMatchObject({
      ok: false,
      failure: { kind: 'no_format' },
    });
  });
});

const PLAIN_FIXTURES = [
  F.TWOFAUTH_JSON,
  F.AEGIS_V2,
  F.TWOFAS_V2,
  F.ANDOTP_PLAIN,
  F.BITWARDEN_JSON,
  F.BITWARDEN_CSV,
  F.ENTE_TXT,
  F.STEAM_JSON,
  F.GOOGLE,
  F.AEGIS_PLAIN_TXT,
  ...[
    'authy_plain.xml',
    'authy_encrypted.xml',
    'battle_net_authenticator.xml',
    'duo.json',
    'freeotp_plus_internal.xml',
    'stratum_plain.json',
    'totp_authenticator_internal.xml',
    '2fas_authenticator_encrypted_v4.2fas',
  ].map(aegisText),
];

describe('fuzzing the entry point (fast-check)', () => {
  it('arbitrary text, bytes and JSON values', async () => {
    const input = fc.oneof(
      fc.string({ maxLength: 400 }),
      fc.uint8Array({ maxLength: 400 }),
      fc.jsonValue({ maxDepth: 6 }).map((value) => JSON.stringify(value)),
      fc
        .constantFrom(...PLAIN_FIXTURES)
        .chain((fixture) =>
          fc
            .tuple(fc.nat(fixture.length), fc.nat(40), fc.string({ maxLength: 8 }))
            .map(([at, cut, insert]) => fixture.slice(0, at) + insert + fixture.slice(at + cut)),
        ),
    );
    await fc.assert(
      fc.asyncProperty(input, fc.option(fc.string({ maxLength: 12 })), async (payload, password) => {
        const result = await parseImport(payload, password === null ? {} : { password });
        checkShape(result);
      }),
      { numRuns: 600 },
    );
  });
  it('objects shaped like each format with arbitrary field values', async () => {
    const shapes = fc.oneof(
      fc.record({
        app: fc.constant('2fauth_v1'),
        schema: fc.constant(1),
        data: fc.array(
          fc.dictionary(
            fc.constantFrom(
              'otp_type',
              'account',
              'service',
              'secret',
              'digits',
              'algorithm',
              'period',
              'counter',
              'icon_file',
              'icon_mime',
            ),
            fc.jsonValue(),
          ),
          { maxLength: 4 },
        ),
      }),
      fc.record({
        version: fc.jsonValue(),
        header: fc.jsonValue(),
        db: fc.oneof(
          fc.jsonValue(),
          fc.record({
            version: fc.nat(4),
            entries: fc.array(fc.jsonValue(), { maxLength: 4 }),
            groups: fc.jsonValue(),
          }),
        ),
      }),
      fc.record({
        schemaVersion: fc.jsonValue(),
        services: fc.array(fc.jsonValue(), { maxLength: 4 }),
        groups: fc.jsonValue(),
      }),
      fc.record({
        encrypted: fc.boolean(),
        passwordProtected: fc.boolean(),
        items: fc.array(fc.jsonValue(), { maxLength: 4 }),
        folders: fc.jsonValue(),
      }),
      fc.record({ version: fc.jsonValue(), entries: fc.array(fc.jsonValue(), { maxLength: 4 }) }),
      fc.record({
        accounts: fc.dictionary(
          fc.string(),
          fc.record({ shared_secret: fc.jsonValue(), account_name: fc.jsonValue() }),
        ),
      }),
      fc.record({ tokenOrder: fc.jsonValue(), tokens: fc.array(fc.jsonValue(), { maxLength: 4 }) }),
      fc.record({
        Authenticators: fc.array(
          fc.dictionary(
            fc.constantFrom(
              'Type',
              'Issuer',
              'Username',
              'Secret',
              'Algorithm',
              'Digits',
              'Period',
              'Counter',
            ),
            fc.jsonValue(),
          ),
          { maxLength: 4 },
        ),
        Categories: fc.jsonValue(),
        AuthenticatorCategories: fc.jsonValue(),
      }),
      fc.record({
        version: fc.jsonValue(),
        accounts: fc.array(
          fc.record({ secret: fc.jsonValue(), timeStep: fc.jsonValue(), issuerName: fc.jsonValue() }),
          { maxLength: 4 },
        ),
        folders: fc.jsonValue(),
      }),
      fc.record({
        version: fc.constant(1),
        kdfParams: fc.record({ memLimit: fc.integer(), opsLimit: fc.integer(), salt: fc.string() }),
        encryptedData: fc.string(),
        encryptionNonce: fc.string(),
      }),
    );
    await fc.assert(
      fc.asyncProperty(shapes, fc.option(fc.constant('pw')), async (value, password) => {
        checkShape(await parseImport(JSON.stringify(value), password === null ? {} : { password }));
      }),
      { numRuns: 400 },
    );
  });
  it('Duo arrays and Android shared preferences with arbitrary values', async () => {
    const escape = (text: string) =>
      text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
    const prefs = (entries: [string, string][]) =>
      `<?xml version='1.0' encoding='utf-8' standalone='yes' ?>\n<map>\n${entries
        .map(([name, value]) => `    <string name="${escape(name)}">${escape(value)}</string>`)
        .join('\n')}\n</map>`;
    const key = fc.constantFrom(
      'com.authy.storage.tokens.authenticator.key',
      'com.authy.storage.tokens.authy.key',
      'com.blizzard.messenger.AUTHENTICATOR_DEVICE_SECRET',
      'com.blizzard.messenger.AUTHENTICATOR_SERIAL',
      'STATIC_TOTP_CODES_LIST',
      'tokenOrder',
      'Deno:Mason',
    );
    const value = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.jsonValue({ maxDepth: 3 }).map((json) => JSON.stringify(json)),
    );
    const payload = fc.oneof(
      fc.array(fc.tuple(key, value), { maxLength: 4 }).map(prefs),
      fc
        .array(fc.record({ name: fc.jsonValue(), otpGenerator: fc.jsonValue() }), {
          minLength: 1,
          maxLength: 4,
        })
        .map((items) => JSON.stringify(items)),
    );
    await fc.assert(
      fc.asyncProperty(payload, fc.option(fc.constant('pw')), async (text, password) => {
        checkShape(await parseImport(text, password === null ? {} : { password }));
      }),
      { numRuns: 300 },
    );
  });
});
