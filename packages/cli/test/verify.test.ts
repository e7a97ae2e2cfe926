/**
 * `twofold verify` against the built server sending a copy of the built web app (WEB_DIR), so
 * that a byte of it can be changed without touching the shared build.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repositoryRoot, startTestServer, type TestServer } from '../../contract/test/test-server.js';

const main = fileURLToPath(new URL('../dist/main.js', import.meta.url));
const builtWeb = path.join(repositoryRoot, 'apps/web/dist');
const MANIFEST = '.well-known/twofold-assets.json';
let server: TestServer;
let web: string;

interface Manifest {
  version: number;
  files: { path: string; sha256: string; bytes: number }[];
}

function twofold(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [main, ...args], {
      env: { PATH: path.dirname(process.execPath), HOME: web, XDG_CONFIG_HOME: web },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end();
  });
}

/** Every file of the copy a browser can load: not the compressed copies, not the dot folders. */
function servedFiles(root: string, folder = ''): string[] {
  return readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = folder ? `${folder}/${entry.name}` : entry.name;
    if (entry.name.startsWith('.')) return [];
    if (entry.isDirectory()) return servedFiles(root, relative);
    return /\.(br|gz)$/.test(entry.name) ? [] : [`/${relative}`];
  });
}

beforeAll(async () => {
  if (!existsSync(main)) throw new Error('build the CLI first (pnpm build)');
  if (!existsSync(path.join(builtWeb, MANIFEST))) throw new Error('build the web app first (pnpm build)');
  web = mkdtempSync(path.join(tmpdir(), 'twofold-web-copy-'));
  cpSync(builtWeb, web, { recursive: true });
  server = await startTestServer({ WEB_DIR: web });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  if (web) rmSync(web, { recursive: true, force: true });
});

describe('asset manifest', () => {
  it('lists every file the build wrote, the service worker and all that index.html loads, with their SHA-256', async () => {
    const response = await fetch(`${server.url}/${MANIFEST}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const manifest = (await response.json()) as Manifest;
    expect(manifest.version).toBe(1);
    const listed = new Map(manifest.files.map((file) => [file.path, file.sha256]));

    expect([...listed.keys()].sort()).toEqual(servedFiles(web).sort());
    for (const [file, sha256] of listed) {
      const bytes = readFileSync(path.join(web, file));
      expect(createHash('sha256').update(bytes).digest('hex'), file).toBe(sha256);
    }

    const index = readFileSync(path.join(web, 'index.html'), 'utf8');
    const referenced = [...index.matchAll(/(?:src|href)="(\/[^"]+)"/g)].map((match) => match[1]!);
    expect(referenced.length).toBeGreaterThan(4);
    for (const file of ['/index.html', '/sw.js', '/registerSW.js', '/manifest.webmanifest', ...referenced]) {
      expect(listed.has(file), file).toBe(true);
    }
    // The service worker's precache list and the scripts it imports are listed too.
    const worker = readFileSync(path.join(web, 'sw.js'), 'utf8');
    const precached = [...worker.matchAll(/url:"([^"]+)"/g)].map(
      (match) => `/${match[1]!.replace(/^\//, '')}`,
    );
    expect(precached.length).toBeGreaterThan(10);
    for (const file of [...precached, '/push-sw.js', '/share-target.js'])
      expect(listed.has(file), file).toBe(true);
    expect([...listed.keys()].some((file) => /^\/workbox-[\w-]+\.js$/.test(file))).toBe(true);
  });
});

describe('twofold verify', () => {
  it('passes while the server sends the build, fails after one byte of one asset changes', async () => {
    const passed = await twofold(['verify', server.url]);
    expect(passed.stderr).toBe('');
    expect(passed.code).toBe(0);
    expect(passed.stdout).toMatch(/^All \d+ files match the server's manifest/);

    const index = readFileSync(path.join(web, 'index.html'), 'utf8');
    const script = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"/.exec(index)?.[1];
    expect(script).toBeDefined();
    const file = path.join(web, script!);
    const bytes = readFileSync(file);
    bytes[bytes.length - 2] = bytes[bytes.length - 2]! ^ 0x01;
    writeFileSync(file, bytes);

    const failed = await twofold(['verify', server.url]);
    expect(failed.code).toBe(1);
    expect(failed.stdout).toContain(`changed    ${script} (identity): sha256 `);
    expect(failed.stdout).toMatch(/1 difference\(s\) across \d+ files/);
    expect(failed.stderr).toMatch(/differs from its build/);

    const json = await twofold(['verify', server.url, '--json']);
    expect(json.code).toBe(1);
    const report = JSON.parse(json.stdout) as {
      ok: boolean;
      differences: { path: string; problem: string }[];
    };
    expect(report.ok).toBe(false);
    expect(report.differences).toEqual([expect.objectContaining({ path: script, problem: 'changed' })]);
  });

  it('with --manifest, compares with a trusted manifest: a list changed on the server is named', async () => {
    const trusted = path.join(mkdtempSync(path.join(tmpdir(), 'twofold-trusted-')), 'trusted.json');
    const original = readFileSync(path.join(builtWeb, MANIFEST), 'utf8');
    const manifest = JSON.parse(original) as Manifest;
    manifest.files[0]!.sha256 = '0'.repeat(64);
    writeFileSync(trusted, JSON.stringify(manifest));
    const run = await twofold(['verify', server.url, '--manifest', trusted, '--json']);
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as {
      manifest: string;
      differences: { path: string; problem: string }[];
    };
    expect(report.manifest).toBe('file');
    expect(report.differences).toContainEqual(
      expect.objectContaining({ path: manifest.files[0]!.path, problem: 'differs' }),
    );
  });

  it('an unreachable server is exit 4', async () => {
    const unreachable = await twofold(['verify', 'http://127.0.0.1:9']);
    expect(unreachable.code).toBe(4);
    expect(unreachable.stderr).toMatch(/Cannot reach the server at http:\/\/127\.0\.0\.1:9/);
  });
});
