// The built extension (the test build: granted http://*.test/* up front, since a headless browser
// cannot answer the permission prompt) in Debian's Chromium, against the built server with a
// token made through the token routes and pasted in the popup. The filled code is checked against
// an independent TOTP computation (@twofold/otp with the account's known secret).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { totpCodes } from '@twofold/otp';
import { startTestServer, type TestServer } from '../../../../packages/contract/test/test-server';
import { servePages, type Pages } from './pages';

const root = path.resolve(__dirname, '../..');
const unpacked = path.join(root, '.output-test/chrome-mv3');
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

let server: TestServer;
let pages: Pages;
let context: BrowserContext;
let profile: string;
let extensionId: string;
let popup: Page;
let accountId: number;
let websitesSupported = false;

/** The extension API as its own pages see it (the functions below run in the popup page). */
interface Chrome {
  tabs: { query(q: object): Promise<{ id?: number; url?: string }[]> };
  runtime: { sendMessage(message: object): Promise<{ filled?: boolean; error?: string }> };
}
declare const chrome: Chrome;

/** The codes of the account's secret around now: the filled one must be among them. */
function codesNow(): string[] {
  const now = Date.now() / 1000;
  return [now - 1, now].map((at) => {
    const result = totpCodes(
      { otp_type: 'totp', secret: SECRET, digits: 6, algorithm: 'sha1', period: 30 },
      at,
    );
    if (!result.ok) throw new Error('totp');
    return result.value.password;
  });
}

async function api(method: string, route: string, body?: unknown): Promise<Response> {
  return fetch(`${server.url}${route}`, {
    method,
    headers: {
      Authorization: `Bearer ${server.token}`,
      Accept: 'application/json',
      'Content-Type': 'application/json',
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

const serverUrl = () => `http://twofold.test:${new URL(server.url).port}`;
const pageUrl = (host: string, route: string) => `http://${host}:${pages.port}${route}`;

/** The tab id of an open page, asked from the extension's own page. */
async function tabIdOf(url: string): Promise<number> {
  return popup.evaluate(async (wanted) => {
    const tabs = await chrome.tabs.query({});
    return tabs.find((tab) => tab.url === wanted)!.id!;
  }, url);
}

/** What the keyboard command does (a shortcut cannot be pressed in a headless browser). */
async function fillBest(url: string): Promise<{ filled?: boolean; error?: string }> {
  const tabId = await tabIdOf(url);
  return popup.evaluate((id) => chrome.runtime.sendMessage({ type: 'fill-best', tabId: id }), tabId);
}

beforeAll(async () => {
  execFileSync('npx', ['wxt', 'build'], {
    cwd: root,
    env: { ...process.env, TWOFOLD_EXTENSION_TEST: '1' },
    stdio: 'ignore',
  });
  server = await startTestServer();
  pages = await servePages();
  const created = await api('POST', '/api/v1/twofaccounts', {
    service: 'GitHub',
    account: 'octocat',
    otp_type: 'totp',
    secret: SECRET,
    digits: 6,
    algorithm: 'sha1',
    period: 30,
  });
  accountId = ((await created.json()) as { id: number }).id;
  const remembered = await api('POST', `/api/v1/twofaccounts/${accountId}/websites`, {
    domain: 'github.test',
  });
  websitesSupported = remembered.ok;
  profile = mkdtempSync(path.join(tmpdir(), 'twofold-extension-'));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless=new',
      `--disable-extensions-except=${unpacked}`,
      `--load-extension=${unpacked}`,
      '--host-resolver-rules=MAP *.test 127.0.0.1',
      '--no-sandbox',
    ],
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  extensionId = new URL(worker.url()).host;
  popup = await context.newPage();
  await popup.goto(`chrome-extension://${extensionId}/popup.html`);
  await popup.locator('#server-url').fill(serverUrl());
  await popup.locator('details summary').click();
  await popup.locator('#token').fill(server.token);
  await popup.locator('#token-form button').click();
  await popup.locator('#list li').first().waitFor();
});

afterAll(async () => {
  await context?.close();
  await pages?.close();
  await server?.stop();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

describe('the popup', () => {
  it('lists the account after a pasted token and shows its current code', async () => {
    const item = popup.locator(`#list li[data-id="${accountId}"]`);
    await expect.poll(() => item.textContent()).toContain('GitHub');
    await item.getByRole('button', { name: 'Show code' }).click();
    await expect
      .poll(async () => codesNow().includes((await item.locator('.code').textContent()) ?? ''))
      .toBe(true);
  });
});

describe('filling a sign-in page', () => {
  it('fills the right code into a GitHub-like page and does not submit', async (ctx) => {
    if (!websitesSupported) ctx.skip('the server does not keep account websites yet');
    const page = await context.newPage();
    await page.goto(pageUrl('github.test', '/two-factor'));
    const button = page.locator('twofold-code-button');
    await button.waitFor({ state: 'attached' });
    const box = (await button.boundingBox())!;
    await page.mouse.click(box.x + 11, box.y + 11);
    await expect
      .poll(async () => codesNow().includes(await page.locator('#app_totp').inputValue()))
      .toBe(true);
    expect(pages.submissions()).toBe(0);
    await page.close();
  });

  it('fills six boxes one digit each, a frame, and the right one of two fields', async (ctx) => {
    if (!websitesSupported) ctx.skip('the server does not keep account websites yet');
    for (const [route, read] of [
      [
        '/split',
        (p: Page) =>
          p
            .locator('input')
            .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value).join('')),
      ],
      ['/frame', (p: Page) => p.frameLocator('iframe').locator('#app_totp').inputValue()],
      ['/two', (p: Page) => p.locator('#app').inputValue()],
    ] as const) {
      const page = await context.newPage();
      await page.goto(pageUrl('github.test', route));
      await expect.poll(async () => (await fillBest(page.url())).filled).toBe(true);
      await expect.poll(async () => codesNow().includes(await read(page))).toBe(true);
      if (route === '/two') expect(await page.locator('#sms').inputValue()).toBe('');
      await page.close();
    }
    expect(pages.submissions()).toBe(0);
  });

  it('offers nothing on a look-alike domain', async () => {
    const page = await context.newPage();
    await page.goto(pageUrl('githab.test', '/two-factor'));
    await page.locator('twofold-code-button').waitFor({ state: 'attached' });
    expect(await fillBest(page.url())).toEqual({ filled: false });
    expect(await page.locator('#app_totp').inputValue()).toBe('');
    await page.close();
  });
});
