import { existsSync } from 'node:fs';
import { build, type BuildOptions } from 'esbuild';
import { chromium, type Browser } from 'playwright-core';

/*
 * What the package's Chromium tests share: Debian's Chromium (playwright-core, as the web app's
 * browser tests; `CHROMIUM_PATH` to use another), and the code under test bundled for a page with
 * esbuild (a node: import would fail the bundle).
 */

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM} (set CHROMIUM_PATH)`);
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
}

/** One ES module for the page, from an entry file or from source text (`stdin`). */
export async function bundleForBrowser(entry: Pick<BuildOptions, 'entryPoints' | 'stdin'>): Promise<string> {
  const bundle = await build({
    ...entry,
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'chrome120',
    write: false,
    logLevel: 'silent',
  });
  return bundle.outputFiles[0]!.text;
}
