import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cases } from './cases.js';
import { bundleForBrowser, launchChromium } from './chromium-launch.js';

/*
 * The shared cases in Debian's Chromium (playwright-core, as the web app's browser tests): the
 * cases and the package are bundled for the browser with esbuild (a node: import would fail the
 * bundle), served on http://localhost (a secure context, so Web Crypto is there) by request
 * interception, and run in the page with Chromium's own Web Crypto.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const ORIGIN = 'http://localhost';

let browser: Browser | undefined;
const outcomes = new Map<string, string | null>();

beforeAll(async () => {
  const script = await bundleForBrowser({ entryPoints: [path.join(here, 'browser-entry.ts')] });
  browser = await launchChromium();
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.route(`${ORIGIN}/**`, (route) => {
    const url = new URL(route.request().url());
    if (url.pathname === '/vault.js') return route.fulfill({ contentType: 'text/javascript', body: script });
    return route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><title>vault</title><script type="module" src="/vault.js"></script>',
    });
  });
  await page.goto(`${ORIGIN}/`);
  await page.waitForFunction(() => typeof globalThis.runVaultCases === 'function');
  expect(await page.evaluate(() => globalThis.isSecureContext)).toBe(true);
  const results = await page.evaluate(() => globalThis.runVaultCases());
  for (const { name, error } of results) outcomes.set(name, error);
  expect(errors).toEqual([]);
}, 240_000);

afterAll(async () => {
  await browser?.close();
});

describe('vault (Chromium)', () => {
  for (const { name } of cases) {
    it(name, () => {
      expect(outcomes.has(name), 'the case ran in the page').toBe(true);
      expect(outcomes.get(name)).toBeNull();
    });
  }
});
