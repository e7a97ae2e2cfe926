/**
 * `pnpm --filter @twofold/api bench` (third part): previewing every import fixture (Aegis's real
 * files and the built KeePass, Proton Pass and 1Password files), each printed with the time spent
 * in deliberate key derivations apart. Target: under 1 s per file apart from the KDF. Proton
 * Pass's PGP S2K runs inside OpenPGP.js and cannot be told apart: its line says so.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { defaultDeriveKey, parseImport, type KdfRequest } from '@twofold/import';

const FIXTURES = new URL('../../../packages/import/test/fixtures/', import.meta.url);
const PASSWORDS: Record<string, string> = {
  '2fas_authenticator_encrypted_v4.2fas': 'test',
  'andotp_encrypted.bin': 'test',
  'andotp_encrypted_old.bin': 'test',
  'authenticator_plus.zip': 'testtesttest',
  'authy_encrypted.xml': 'testtest',
  'freeotp_v2_api23.xml': 'test',
  'freeotp_v2_api34.xml': 'test',
  'stratum_encrypted.bin': 'test',
  'stratum_encrypted_legacy.bin': 'test',
  'totp_authenticator.bin': 'Testtest1',
  'proton_pass.pgp': 'test',
};
const KDF_INSIDE = new Set(['proton_pass.pgp']);
const LIMIT_MS = 1000;

let failures = 0;
for (const folder of ['aegis', 'built']) {
  for (const name of readdirSync(new URL(`${folder}/`, FIXTURES)).sort()) {
    if (name.endsWith('.md')) continue;
    const bytes = new Uint8Array(readFileSync(new URL(`${folder}/${name}`, FIXTURES)));
    const password = PASSWORDS[name] ?? (folder === 'built' && name.endsWith('.kdbx') ? 'test' : undefined);
    let kdfMs = 0;
    const deriveKey = async (request: KdfRequest) => {
      const start = performance.now();
      try {
        return await defaultDeriveKey(request);
      } finally {
        kdfMs += performance.now() - start;
      }
    };
    const start = performance.now();
    const result = await parseImport(bytes, { ...(password ? { password } : {}), deriveKey });
    const total = performance.now() - start;
    const rest = total - kdfMs;
    const rows = result.ok ? `${result.rows.length} rows` : `failure ${result.failure.kind}`;
    const over = rest > LIMIT_MS;
    if (over || !result.ok) failures++;
    console.log(
      `${`${folder}/${name}`.padEnd(44)} ${rows.padEnd(22)} total ${total.toFixed(0).padStart(5)} ms` +
        `  kdf ${kdfMs.toFixed(0).padStart(5)} ms  rest ${rest.toFixed(0).padStart(5)} ms` +
        (KDF_INSIDE.has(name) ? '  (S2K inside OpenPGP.js, counted in rest)' : '') +
        (over ? '  OVER 1 s' : ''),
    );
  }
}
console.log(
  failures === 0 ? 'every fixture previewed under 1 s apart from the KDF' : `${failures} fixture(s) failed`,
);
process.exitCode = failures === 0 ? 0 : 1;
