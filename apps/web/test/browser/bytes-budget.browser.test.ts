import { describe, expect, it } from 'vitest';
import { perTestSessions } from './per-test';
import { registerByApi } from './identity';
import { seedAccounts } from './accounts-helpers';

/**
 * What a first visit to /accounts with 1,000 accounts may move over the wire, headers included.
 * Measured at 199 KB once assets and JSON were compressed (603 KB before): about 185 KB of
 * brotli'd scripts and 31 KB of response headers over 34 requests. The goal is 180 KB (README,
 * Performance). The accounts menu (a Radix dropdown) and the footer links brought it to 225 KB over
 * 41 requests; the installable app (manifest, service worker registration script, the icon the
 * browser reads from the manifest), the settings definitions shared with the server, the codes in
 * the list and the windowed list to 243 KB over 43, and the features merged after them to 256 KB over
 * 52. Loading dialogs, menus and edit mode's toolbar only when wanted, and bundling what the entry
 * and the accounts screen import statically into one chunk each (vite.config.ts), brought it to
 * 169,038 B over 16 requests. The route definitions of the extension's /connect page, the data
 * routes' error screen with Retry and the return to a page after sign-in brought it to 173,359 B.
 * The budget sits about 2 KB above today's figure (room for the few hundred bytes that headers vary by)
 * so that it cannot silently regress, and comes down as the first-visit bundle shrinks.
 */
const BUDGET = 171 * 1024;
const ACCOUNTS = 1000;

describe('bytes on the wire', () => {
  // 1,000 accounts are created through the API first: no request limits for the seeding.
  const session = perTestSessions({ env: { THROTTLE_API: '0', THROTTLE_WEB: '0' } });

  it(`a first visit to /accounts with ${ACCOUNTS} accounts stays under ${BUDGET / 1024} KB`, async () => {
    const { server } = session;
    const { page, context } = session.browser;
    await registerByApi(page, server.url);
    await seedAccounts(page, server.url, 0, ACCOUNTS);

    // Chromium's own count of the bytes received (headers and encoded bodies), cache disabled.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const received = new Map<string, number>();
    const urls = new Map<string, string>();
    const encodings = new Map<string, string>();
    cdp.on('Network.responseReceived', (event) => {
      urls.set(event.requestId, event.response.url);
      const headers = event.response.headers as Record<string, string>;
      const encoding = Object.entries(headers).find(([name]) => name.toLowerCase() === 'content-encoding');
      if (encoding) encodings.set(event.requestId, encoding[1]);
    });
    cdp.on('Network.loadingFinished', (event) => received.set(event.requestId, event.encodedDataLength));

    await page.goto(`${server.url}/accounts`, { waitUntil: 'networkidle' });
    await page.getByText('Service 0', { exact: true }).first().waitFor();
    await page.waitForLoadState('networkidle');
    await cdp.detach();

    const total = [...received.values()].reduce((sum, bytes) => sum + bytes, 0);
    const scripts = [...urls].filter(([, url]) => url.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    for (const [id] of scripts) expect(encodings.get(id)).toBe('br');
    const list = [...urls].find(([, url]) => /\/api\/v1\/twofaccounts(\?|$)/.test(url));
    expect(list).toBeDefined();
    expect(encodings.get(list![0])).toBe('br');
    if (process.env.BUDGET_DETAIL)
      for (const [id, bytes] of received) console.log(bytes, encodings.get(id), urls.get(id));
    console.log(`first visit to /accounts: ${total} bytes in ${received.size} requests`);
    expect(total).toBeLessThan(BUDGET);
  });
});
