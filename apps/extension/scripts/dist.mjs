// Moves the two zips `wxt zip` wrote into dist/, named for the browser families they serve:
// twofold-extension-chromium-<version>.zip and twofold-extension-firefox-<version>.zip.
import { mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';

const root = new URL('../', import.meta.url);
const { version } = JSON.parse(readFileSync(new URL('../../package.json', root), 'utf8'));
const dist = new URL('dist/', root);
rmSync(dist, { recursive: true, force: true });
mkdirSync(dist);
for (const [built, family] of [
  ['chrome', 'chromium'],
  ['firefox', 'firefox'],
]) {
  const from = new URL(`.output/twofold-extension-${built}-${version}.zip`, root);
  renameSync(from, new URL(`twofold-extension-${family}-${version}.zip`, dist));
}
console.log(`dist/: twofold-extension-{chromium,firefox}-${version}.zip`);
