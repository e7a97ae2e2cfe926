import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseImport, type ImportFormat } from '../src/index.js';
import { aegisFixture } from './aegis-fixtures.js';
import * as F from './fixtures.js';

/*
 * Every fixture, old and new, through the detection: each names its own format, none is taken for
 * another. Encrypted files get their password so that the result names the format.
 */

const INLINE: [string, string, ImportFormat, string?][] = [
  ['TWOFAUTH_JSON', F.TWOFAUTH_JSON, '2fauth'],
  ['AEGIS_PLAIN', F.AEGIS_PLAIN, 'aegis'],
  ['AEGIS_V2', F.AEGIS_V2, 'aegis'],
  ['AEGIS_ENCRYPTED', F.AEGIS_ENCRYPTED, 'aegis', 'test'],
  ['TWOFAS_V4', F.TWOFAS_V4, '2fas'],
  ['TWOFAS_V2', F.TWOFAS_V2, '2fas'],
  ['ANDOTP_PLAIN', F.ANDOTP_PLAIN, 'andotp'],
  ['BITWARDEN_JSON', F.BITWARDEN_JSON, 'bitwarden'],
  ['BITWARDEN_CSV', F.BITWARDEN_CSV, 'bitwarden-csv'],
  ['BITWARDEN_AUTHENTICATOR', F.BITWARDEN_AUTHENTICATOR, 'bitwarden'],
  ['ENTE_TXT', F.ENTE_TXT, 'plain'],
  ['STEAM_JSON', F.STEAM_JSON, 'steam'],
  ['AEGIS_PLAIN_TXT', F.AEGIS_PLAIN_TXT, 'plain'],
  ['GOOGLE', F.GOOGLE, 'google'],
];

/** Aegis's real files (fixtures/aegis): the format each must be read as, and its password. */
const FILES: Record<string, [ImportFormat, string?]> = {
  '2fas_authenticator_encrypted_v4.2fas': ['2fas', 'test'],
  '2fas_authenticator_plain_v4.2fas': ['2fas'],
  'aegis_plain.json': ['aegis'],
  'andotp_encrypted.bin': ['andotp', 'test'],
  'andotp_encrypted_old.bin': ['andotp', 'test'],
  'andotp_plain.json': ['andotp'],
  'authenticator_plus.zip': ['authenticator-plus', 'testtesttest'],
  'authy_encrypted.xml': ['authy', 'testtest'],
  'authy_plain.xml': ['authy'],
  'battle_net_authenticator.xml': ['battle-net'],
  'bitwarden.csv': ['bitwarden-csv'],
  'bitwarden.json': ['bitwarden'],
  'duo.json': ['duo'],
  'ente_auth.txt': ['plain'],
  'freeotp.xml': ['freeotp-xml'],
  'freeotp_v2_api23.xml': ['freeotp-2', 'test'],
  'freeotp_v2_api34.xml': ['freeotp-2', 'test'],
  'freeotp_plus.json': ['freeotp-plus'],
  'google_authenticator.sqlite': ['google-db'],
  'microsoft_authenticator.sqlite': ['microsoft'],
  'freeotp_plus_internal.xml': ['freeotp-xml'],
  'plain.txt': ['plain'],
  'proton_authenticator.json': ['proton'],
  'steam.json': ['steam'],
  'stratum_encrypted.bin': ['stratum', 'test'],
  'stratum_encrypted_legacy.bin': ['stratum', 'test'],
  'stratum_plain.json': ['stratum'],
  'stratum_internal.db': ['stratum'],
  'totp_authenticator.bin': ['totp-authenticator', 'Testtest1'],
  'totp_authenticator_internal.xml': ['totp-authenticator'],
};

/** Files built in each app's layout (fixtures/built, see scripts/): format and password. */
const BUILT: Record<string, [ImportFormat, string?]> = {
  'keepass_kdbx3.kdbx': ['keepass', 'test'],
  'keepass_kdbx4_aes.kdbx': ['keepass', 'test'],
  'keepass_kdbx4_argon2d.kdbx': ['keepass', 'test'],
  'keepass_kdbx4_argon2id.kdbx': ['keepass', 'test'],
  'onepassword.1pux': ['1password'],
  'proton_pass.pgp': ['proton-pass', 'test'],
  'proton_pass.zip': ['proton-pass'],
  'winauth.zip': ['winauth', 'test'],
};
const builtFixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`./fixtures/built/${name}`, import.meta.url)));

const formatOf = async (input: string | Uint8Array, password?: string) => {
  const result = await parseImport(input, password === undefined ? {} : { password });
  return result.ok ? result.format : `failure: ${result.failure.kind}`;
};

describe('detection names the format of every fixture', () => {
  it.each(INLINE)('%s', async (_name, text, format, password) => {
    expect(await formatOf(text, password)).toBe(format);
  });
  it.each(Object.entries(FILES))(
    '%s',
    async (name, [format, password]) => {
      expect(await formatOf(aegisFixture(name), password)).toBe(format);
    },
    30_000,
  );
  it.each(Object.entries(BUILT))(
    '%s',
    async (name, [format, password]) => {
      expect(await formatOf(builtFixture(name), password)).toBe(format);
    },
    30_000,
  );
  it('every file in fixtures/built is listed', () => {
    expect(readdirSync(new URL('./fixtures/built/', import.meta.url)).sort()).toEqual(
      Object.keys(BUILT).sort(),
    );
  });
  it('every file in fixtures/aegis is listed', () => {
    const files = readdirSync(new URL('./fixtures/aegis/', import.meta.url)).filter((f) => f !== 'README.md');
    expect(files.sort()).toEqual(Object.keys(FILES).sort());
  });
});
