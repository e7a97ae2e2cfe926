/**
 * `pnpm --filter @twofold/web bench` (second part): bytes on the wire of a first visit to
 * /accounts with 1,000 accounts, counted by Chromium through CDP (cache disabled, headers
 * included), compressed as served, side by side with the same visit asking for no compression
 * (`Accept-Encoding: identity`, the "before" of the compression work). Three runs each, medians.
 * Needs `pnpm build` (it runs the built server and app).
 */
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser, startServer } from '../test/browser/harness';
import { registerByApi } from '../test/browser/identity';
import { seedAccounts } from '../test/browser/accounts-helpers';

const ACCOUNTS = 1000;
const RUNS = 3;
const TARGET = 180 * 1024;

async function visit(page: Page, context: BrowserContext, url: string, identity: boolean) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (identity) await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': 'identity' } });
  const received = new Map<string, number>();
  cdp.on('Network.loadingFinished', (event) => received.set(event.requestId, event.encodedDataLength));
  await page.goto(`${url}/accounts`, { waitUntil: 'networkidle' });
  await page.getByText('Service 0', { exact: true }).first().waitFor();
  await page.waitForLoadState('networkidle');
  await cdp.detach();
  return { bytes: [...received.values()].reduce((sum, bytes) => sum + bytes, 0), requests: received.size };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const server = await startServer({ THROTTLE_API: '0', THROTTLE_WEB: '0' });
const browser = await launchBrowser();
try {
  const { page, context } = browser;
  await registerByApi(page, server.url);
  await seedAccounts(page, server.url, 0, ACCOUNTS);
  const compressed: number[] = [];
  const identity: number[] = [];
  let requests = 0;
  for (let run = 0; run < RUNS; run += 1) {
    const served = await visit(page, context, server.url, false);
    compressed.push(served.bytes);
    requests = served.requests;
    identity.push((await visit(page, context, server.url, true)).bytes);
  }
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
  console.log(
    `\n=== first visit to /accounts, ${ACCOUNTS} accounts (Chromium, CDP, cache off; ${RUNS} runs, medians) ===`,
  );
  console.log(`as served (br)        ${kb(median(compressed))} in ${requests} requests`);
  console.log(`no compression asked  ${kb(median(identity))}`);
  console.log(`target <= ${kb(TARGET)}: ${median(compressed) <= TARGET ? 'met' : 'MISSED'}`);
  console.log(`  runs: ${compressed.map(kb).join('/')} vs ${identity.map(kb).join('/')}`);
} finally {
  await browser.close();
  await server.stop();
}
