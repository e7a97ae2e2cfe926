// The published packages as npm will get them: each is packed with pnpm (which turns
// `workspace:*` into a version), checked with publint, and given to `npm publish --dry-run`
// (no registry call). Needs built packages (`pnpm build`). Run by the root test script and by
// `pnpm release` before publishing.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const PACKAGES = ['packages/contract', 'packages/cli'];

/** pnpm as the caller runs it, else the version the repository pins. */
function pnpm(args, cwd) {
  const execPath = process.env.npm_execpath;
  const [command, prefix] =
    execPath && /pnpm/.test(execPath) ? [process.execPath, [execPath]] : ['npx', ['-y', 'pnpm@10.34.9']];
  return execFileSync(command, [...prefix, ...args], {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

const scratch = mkdtempSync(join(tmpdir(), 'twofold-publish-'));
let failed = false;
try {
  for (const dir of PACKAGES) {
    const cwd = join(root, dir);
    const out = join(scratch, dir.replace('/', '-'));
    pnpm(['pack', '--pack-destination', out], cwd);
    const tarball = join(
      out,
      readdirSync(out).find((name) => name.endsWith('.tgz')),
    );
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
