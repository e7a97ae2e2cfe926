// What a first visit to /accounts downloads, gzip-compressed: the entry with its static imports,
// the accounts route chunk with its own, their CSS, and the English catalogues the screen reads.
// Reads apps/web/dist (build first: `pnpm --filter @twofold/web build`); builds nothing.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const BUDGET_KB = 200;
const ACCOUNTS_ROUTE = 'src/features/accounts/AccountsPage.tsx';

let manifest;
try {
  manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
} catch {
  console.error('No dist/.vite/manifest.json: run `pnpm --filter @twofold/web build` first.');
  process.exit(1);
}

const gzipKb = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length / 1024;

/** A chunk and everything it imports statically (what the browser must fetch before running it). */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const child of manifest[key]?.imports ?? []) closure(child, seen);
  return seen;
}

function filesOf(keys) {
  const files = new Set();
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk) continue;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
  }
  return files;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error('no entry chunk in the manifest');
if (!manifest[ACCOUNTS_ROUTE]) throw new Error(`${ACCOUNTS_ROUTE} is not a chunk of its own`);

const entryFiles = filesOf(closure(entryKey));
const routeFiles = [...filesOf(closure(ACCOUNTS_ROUTE))].filter((file) => !entryFiles.has(file));
const catalogueKeys = Object.keys(manifest).filter((key) =>
  /locales\/en\/(common|accounts)\.json$/.test(key),
);
const catalogueFiles = [...filesOf(catalogueKeys)].filter(
  (file) => !entryFiles.has(file) && !routeFiles.includes(file),
);

const sum = (files) => [...files].reduce((total, file) => total + gzipKb(file), 0);
const entryKb = sum(entryFiles);
const routeKb = sum(routeFiles);
const catalogueKb = sum(catalogueFiles);
const firstVisit = entryKb + routeKb + catalogueKb;

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}
const allAssets = walk(path.join(dist, 'assets')).filter((file) => /\.(js|css)$/.test(file));
const totalKb = allAssets.reduce(
  (total, file) => total + gzipSync(readFileSync(file), { level: 9 }).length / 1024,
  0,
);

const row = (label, kb, note = '') =>
  console.log(`${label.padEnd(34)} ${kb.toFixed(1).padStart(7)} KB${note ? `  ${note}` : ''}`);
console.log('First visit to /accounts (gzip, level 9)');
row('entry + static imports', entryKb, `${entryFiles.size} files`);
row('accounts route chunk + imports', routeKb, `${routeFiles.length} files`);
row('catalogues (en common, accounts)', catalogueKb, `${catalogueFiles.length} files`);
row(
  'first visit total',
  firstVisit,
  firstVisit <= BUDGET_KB ? `within the ${BUDGET_KB} KB budget` : `OVER the ${BUDGET_KB} KB budget`,
);
row('all JS + CSS of the app', totalKb, `${allAssets.length} files`);
if (firstVisit > BUDGET_KB) process.exitCode = 1;

// What the service worker downloads on the first visit: its precache list (in sw.js), raw bytes.
const precached = [...readFileSync(path.join(dist, 'sw.js'), 'utf8').matchAll(/url:"([^"]+)"/g)].map(
  (match) => match[1],
);
const precacheBytes = precached.reduce((total, url) => total + statSync(path.join(dist, url)).size, 0);
console.log(
  `${'service worker precache'.padEnd(34)} ${(precacheBytes / 1024).toFixed(1).padStart(7)} KB  ${precached.length} files (raw; catalogues on demand)`,
);
