// The published packages as npm will get them: each is packed with pnpm (tooling/packed.mjs; pnpm turns
// `workspace:*` into a version), checked with publint, and given to `npm publish --dry-run`
// (no registry call). Needs built packages (`pnpm build`). Run by the root test script and by
// `pnpm release` before publishing.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packedTarball } from './packed.mjs';

const root = new URL('..', import.meta.url).pathname;
const PACKAGES = ['packages/contract', 'packages/cli'];

const scratch = mkdtempSync(join(tmpdir(), 'twofold-publish-'));
let failed = false;
try {
  for (const dir of PACKAGES) {
    const cwd = join(root, dir);
    const tarball = packedTarball(cwd);
    try {
      const lint = execFileSync(join(root, 'node_modules/.bin/publint'), ['run', tarball, '--strict'], {
        cwd,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const dry = execFileSync(
        'npm',
        ['publish', '--dry-run', '--ignore-scripts', '--access', 'public', tarball],
        {
          cwd: scratch,
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'pipe'],
          env: { ...process.env, npm_config_loglevel: 'error' },
        },
      );
      console.log(
        `${dir}: publint clean (${lint.trim().split('\n').at(-1)}); npm publish --dry-run clean ${dry.trim()}`,
      );
    } catch (error) {
      failed = true;
      console.error(`${dir}: ${error.stdout ?? ''}${error.stderr ?? error.message}`);
    }
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
