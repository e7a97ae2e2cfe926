// After `changeset version`: SDK_VERSION (packages/contract/src/version.ts) follows the package's
// version, which a test checks.
import { readFileSync, writeFileSync } from 'node:fs';

const root = new URL('../packages/contract/', import.meta.url);
const { version } = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
const file = new URL('src/version.ts', root);
const text = readFileSync(file, 'utf8').replace(/SDK_VERSION = '[^']*'/, `SDK_VERSION = '${version}'`);
writeFileSync(file, text);
console.log(`SDK_VERSION = '${version}'`);
