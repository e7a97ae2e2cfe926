// The published packages' tarballs, packed once per content: the publish check and the tests that
// install the SDK or the CLI as npm users do share them. A tarball is kept under
// node_modules/.cache/twofold-packs, named by a hash of what goes into it (package.json, the
// built files, the readme, changelog and licence), so a rebuild that changes nothing packs
// nothing and a change packs again.
//
// Packing once also closes a race: the SDK's prepack copies the licence into its folder and its
// postpack removes it, so two processes packing the SDK at once (the SDK's and the CLI's tests
// run side by side) could produce a tarball without it. Here one process packs while the others
// wait for its tarball.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { basename, join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const cacheDir = join(root, 'node_modules/.cache/twofold-packs');
/** A lock older than this belongs to a process that died while packing. */
const STALE_LOCK_MS = 5 * 60_000;
const WAIT_LIMIT_MS = 3 * 60_000;

/** pnpm as the caller runs it (the test command), else the version the repository pins. */
export function pnpm(args, cwd) {
  const execPath = process.env.npm_execpath;
  const [command, prefix] =
    execPath && /pnpm/.test(basename(execPath))
      ? [process.execPath, [execPath]]
      : ['npx', ['-y', 'pnpm@10.34.9']];
  return execFileSync(command, [...prefix, ...args], {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Every file under `dir` (relative to `base`), sorted. */
function filesUnder(dir, base) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      return entry.isDirectory() ? filesUnder(path, base) : [relative(base, path)];
    })
    .sort();
}

/** A hash of what the package's tarball holds: its manifest, built files and documents. */
function contentHash(packageDir) {
  const hash = createHash('sha256');
  const files = [
    'package.json',
    'README.md',
    'CHANGELOG.md',
    ...filesUnder(join(packageDir, 'dist'), packageDir),
    ...filesUnder(join(packageDir, 'man'), packageDir),
  ];
  for (const file of files) {
    const path = join(packageDir, file);
    if (!existsSync(path)) continue;
    hash.update(file).update('\0').update(readFileSync(path)).update('\0');
  }
  hash.update(readFileSync(join(root, 'LICENSE')));
  return hash.digest('hex').slice(0, 16);
}

/** The tarball's name as `pnpm pack` writes it: `twofold-contract-1.2.3.tgz`. */
function tarballName(manifest) {
  return `${manifest.name.replace(/^@/, '').replace('/', '-')}-${manifest.version}`;
}

const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * The path of the package's tarball as `pnpm pack` writes it (`workspace:*` turned into versions),
 * packed now unless a tarball of the same content is already kept. Needs the package built.
 */
export function packedTarball(packageDir) {
  const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
  const name = tarballName(manifest);
  const tarball = join(cacheDir, `${name}-${contentHash(packageDir)}.tgz`);
  const lock = join(cacheDir, `${name}.lock`);
  mkdirSync(cacheDir, { recursive: true });
  const started = Date.now();
  while (!existsSync(tarball)) {
    try {
      mkdirSync(lock);
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      if (Date.now() - statSync(lock, { throwIfNoEntry: false })?.mtimeMs > STALE_LOCK_MS)
        rmSync(lock, { recursive: true, force: true });
      if (Date.now() - started > WAIT_LIMIT_MS) throw new Error(`gave up waiting for ${lock}`);
      sleep(200);
      continue;
    }
    try {
      if (existsSync(tarball)) break;
      const scratch = mkdtempSync(join(cacheDir, 'packing-'));
      try {
        pnpm(['pack', '--pack-destination', scratch], packageDir);
        const packed = readdirSync(scratch).find((file) => file.endsWith('.tgz'));
        if (!packed) throw new Error(`pnpm pack wrote no tarball for ${packageDir}`);
        // Earlier contents of this package are dropped: the cache holds one tarball per package.
        for (const file of readdirSync(cacheDir))
          if (file.startsWith(`${name}-`) && file.endsWith('.tgz')) rmSync(join(cacheDir, file));
        // Renamed into place whole: a reader never sees half a tarball.
        renameSync(join(scratch, packed), tarball);
      } finally {
        rmSync(scratch, { recursive: true, force: true });
      }
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
  return tarball;
}

/** The package's tarball copied into `dir` under the name `pnpm pack` gives it; its path. */
export function packedInto(packageDir, dir) {
  const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
  const target = join(dir, `${tarballName(manifest)}.tgz`);
  copyFileSync(packedTarball(packageDir), target);
  return target;
}
