// Writes dist/.well-known/twofold-assets.json: the path and SHA-256 of every file of the built web
// app that a browser can load (index.html, scripts, styles, icons, the web app manifest, the
// service worker and its precache list). Run after `vite build`, once every other file is final;
// the API serves it at /.well-known/twofold-assets.json and `twofold verify <url>` compares a
// running server's files with it. Deterministic (sorted, no date): two builds of the same source
// write the same manifest. Left out: the brotli/gzip copies (the same bytes once decoded, which
// `twofold verify` checks), and dot folders (Vite's own manifest; this one), which are not served.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const MANIFEST_PATH = '.well-known/twofold-assets.json';

/** Every servable file under `root`, as `/`-separated paths relative to it. */
function servedFiles(root, folder = '') {
  return readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.')) return [];
    const relative = folder ? `${folder}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return servedFiles(root, relative);
    if (!entry.isFile() || /\.(br|gz)$/.test(entry.name)) return [];
    return [relative];
  });
}

function assetManifest(root) {
  const files = servedFiles(root)
    .sort()
    .map((relative) => {
      const bytes = readFileSync(path.join(root, relative));
      return {
        path: `/${relative}`,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        bytes: bytes.length,
      };
    });
  return { version: 1, files };
}

const root = fileURLToPath(new URL('../dist', import.meta.url));
const target = path.join(root, MANIFEST_PATH);
const manifest = assetManifest(root);
mkdirSync(path.dirname(target), { recursive: true });
writeFileSync(target, `${JSON.stringify(manifest, null, 1)}\n`);
console.log(`asset manifest: ${manifest.files.length} files -> dist/${MANIFEST_PATH}`);
