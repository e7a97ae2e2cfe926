/**
 * The CLI as npm users get it: both tarballs packed with pnpm (the CLI depends on the SDK),
 * installed globally into a scratch prefix with npm, then run through the installed bin and
 * through `npx --offline` (the tarballs' dependencies come from npm's cache, filled by the
 * install: no registry fetch).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { packedInto } from '../../../tooling/packed.mjs';

const cliDir = fileURLToPath(new URL('..', import.meta.url));
const contractDir = path.join(cliDir, '../contract');
const { version } = JSON.parse(readFileSync(path.join(cliDir, 'package.json'), 'utf8')) as {
  version: string;
};
let scratch: string;

const run = (command: string, args: string[]) =>
  execFileSync(command, args, {
    cwd: scratch,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      npm_config_update_notifier: 'false',
      npm_config_fund: 'false',
      npm_config_audit: 'false',
    },
  });

beforeAll(() => {
  for (const dir of [cliDir, contractDir]) {
    if (!existsSync(path.join(dir, 'dist'))) throw new Error(`build ${dir} first (pnpm build)`);
  }
  scratch = mkdtempSync(path.join(tmpdir(), 'twofold-cli-pack-'));
});

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

it('installs from its tarballs with npm, runs through its bin and through npx offline', () => {
  const contract = packedInto(contractDir, scratch);
  const cli = packedInto(cliDir, scratch);
  const files = execFileSync('tar', ['-tzf', cli], { encoding: 'utf8' });
  expect(files).toContain('package/man/twofold.1');
  expect(files).toContain('package/LICENSE');
  expect(files).not.toMatch(/\.test\.|\.map\b|src\//);
  const manifest = JSON.parse(
    execFileSync('tar', ['-xzOf', cli, 'package/package.json'], { encoding: 'utf8' }),
  ) as {
    dependencies: Record<string, string>;
  };
  expect(manifest.dependencies['@twofold/contract']).toMatch(/^\d+\.\d+\.\d+$/); // not workspace:*

  const prefix = path.join(scratch, 'global');
  run('npm', ['install', '--global', '--prefix', prefix, '--prefer-offline', contract, cli]);
  const bin = path.join(prefix, 'bin', 'twofold');
  expect(run(bin, ['--version']).trim()).toMatch(
    new RegExp(`^${version.replace(/\./g, '\\.')} \\(SDK \\d+\\.\\d+\\.\\d+`),
  );
  expect(run(bin, ['--help'])).toMatch(/Usage: twofold \[options\] \[command\][\s\S]*completion/);
  expect(existsSync(path.join(prefix, 'share/man/man1/twofold.1'))).toBe(true);

  const viaNpx = run('npx', [
    '--offline',
    '--yes',
    '--package',
    contract,
    '--package',
    cli,
    'twofold',
    '--version',
  ]);
  expect(viaNpx.trim()).toMatch(new RegExp(`^${version.replace(/\./g, '\\.')} `));
}, 240_000);
