import { readdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser, screenshots, startServer, type BrowserSession, type RunningServer } from './harness';
import { createAccount, qrPng, SECRET, signUp } from './accounts-helpers';

/** Every URL held by the page's Cache Storage (what the service worker keeps). */
async function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
}

/** The English catalogue files of the build served (one per namespace). */
const ENGLISH_CATALOGUES = readdirSync(new URL('../../dist/assets/locales/en/', import.meta.url)).filter(
  (file) => file.endsWith('.js'),
).length;

/** The English catalogues the page has kept for offline use (the first visit keeps them all). */
async function keptEnglishCatalogues(page: Page): Promise<string[]> {
  return (await cachedUrls(page)).filter((url) => url.startsWith('/assets/locales/en/'));
}

/** Paths of the server's API and data: none may ever be in a cache (their answers hold secrets). */
const SERVER_PATHS = /^\/(api|user|webauthn|oidc|oauth|refresh-csrf|app-config|infos|storage|up)(\/|$)/;

/** A signed-up user with one account, the accounts screen open and the service worker active. */
async function openAccountsWithWorker(page: Page, url: string): Promise<string> {
  await signUp(page, url);
  await createAccount(page, url, { service: 'Offline', account: 'jane', otp_type: 'totp', secret: SECRET });
  await page.goto(`${url}/accounts`);
  await page.getByText('Offline', { exact: true }).first().waitFor();
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.scriptURL ?? '';
  });
}

describe('an installable app', () => {
  // The manifest's two tests only read what a new install serves: one server and one browser for both.
  describe('its manifest', () => {
    let server: RunningServer;
    let browser: BrowserSession;

    beforeAll(async () => {
      server = await startServer();
      browser = await launchBrowser();
    });

    afterAll(async () => {
      await browser?.close();
      await server?.stop();
    });

    it('links a web app manifest whose icons are served', async () => {
      const { page } = browser;
      // A new install opens on the registration screen.
      await page.goto(`${server.url}/`);
      await page.getByRole('heading', { name: 'Create your account' }).waitFor();
      const href = await page.locator('link[rel="manifest"]').getAttribute('href');
      expect(href).toBeTruthy();
      const manifest = await page.evaluate(
        async (url) =>
          (await (await fetch(url)).json()) as { icons: { src: string; sizes: string; purpose?: string }[] },
        href!,
      );
      expect(manifest).toMatchObject({ name: 'Twofold', display: 'standalone', start_url: '/accounts' });
      const { icons } = manifest;
      expect(icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
      expect(icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
      for (const icon of icons) {
        const type = await page.evaluate(
          async (src) => (await fetch(src)).headers.get('content-type'),
          icon.src,
        );
        expect(type).toBe('image/png');
      }
    });

    it('offers New account and Scan as shortcuts, and takes shared images', async () => {
      const { page } = browser;
      await page.goto(`${server.url}/`);
      const href = await page.locator('link[rel="manifest"]').getAttribute('href');
      const manifest: unknown = await page.evaluate(
        async (url) => (await (await fetch(url)).json()) as unknown,
        href!,
      );
      expect(manifest).toMatchObject({
        shortcuts: [
          { name: 'New account', url: '/account/create' },
          { short_name: 'Scan', url: '/capture' },
        ],
        share_target: {
          action: '/share-target',
          method: 'POST',
          enctype: 'multipart/form-data',
          params: { files: [{ name: 'image', accept: ['image/*'] }] },
        },
      });
    });
  });

  // Each test has its own server and browser profile: one stops its server, and a service worker
  // registration lives in the profile.
  describe('opens without its server', () => {
    let server: RunningServer;
    let browser: BrowserSession;

    beforeEach(async () => {
      server = await startServer();
      browser = await launchBrowser();
    });

    afterEach(async () => {
      await browser?.close();
      await server?.stop();
    });

    it('a QR code image shared to the app opens the new account it holds', async () => {
      const { page } = browser;
      await openAccountsWithWorker(page, server.url);
      await page.reload();
      await page.getByText('Offline', { exact: true }).first().waitFor();
      // What the system's share sheet sends: a multipart POST to the share target's action.
      await page.evaluate(() => {
        const form = document.createElement('form');
        form.method = 'POST';
        form.action = '/share-target';
        form.enctype = 'multipart/form-data';
        const input = document.createElement('input');
        input.type = 'file';
        input.name = 'image';
        input.id = 'shared-image';
        form.append(input);
        document.body.append(form);
      });
      const image = await qrPng(`otpauth://totp/Shared:jane?secret=${SECRET}&issuer=Shared`, 'shared');
      await page.locator('#shared-image').setInputFiles(image);
      await page.evaluate(() =>
        document.querySelector<HTMLFormElement>('form[action="/share-target"]')!.requestSubmit(),
      );
      await page.waitForURL(/\/account\/create$/);
      await page.getByText('Shared', { exact: true }).waitFor();
    });

    it('registers a service worker that precaches the app shell and never an API answer', async () => {
      const { page } = browser;
      const script = await openAccountsWithWorker(page, server.url);
      expect(new URL(script).pathname).toBe('/sw.js');
      // Use the app a little more, with the service worker in control, then look at what is kept.
      await page.reload();
      await page.getByText('Offline', { exact: true }).first().waitFor();
      const urls = await cachedUrls(page);
      expect(urls).toContain('/index.html');
      expect(urls.some((url) => url.startsWith('/assets/') && url.endsWith('.js'))).toBe(true);
      expect(urls.filter((url) => SERVER_PATHS.test(url))).toEqual([]);
      // The catalogues: every namespace of the language in use is kept (the offline screens read
      // theirs), and no other language's.
      await expect.poll(async () => new Set(await keptEnglishCatalogues(page)).size).toBe(ENGLISH_CATALOGUES);
      const catalogues = (await cachedUrls(page)).filter((url) => url.startsWith('/assets/locales/'));
      expect(catalogues.filter((url) => !url.startsWith('/assets/locales/en/'))).toEqual([]);
    });

    it("keeps the offline screens' texts at once, before the page is ever idle", async () => {
      const { page } = browser;
      // A page that never has time to spare (a busy phone): the background keeping never starts.
      await page.addInitScript(() => {
        window.requestIdleCallback = () => 0;
      });
      await openAccountsWithWorker(page, server.url);
      const urgent = ['common', 'errors', 'offline'];
      const keptNamespaces = async () =>
        (await keptEnglishCatalogues(page)).map((url) => /\/en\/(\w+)-/.exec(url)?.[1]).filter(Boolean);
      await expect
        .poll(async () => {
          const kept = await keptNamespaces();
          return urgent.filter((name) => kept.includes(name));
        })
        .toEqual(urgent);
      expect((await keptNamespaces()).length).toBeLessThan(ENGLISH_CATALOGUES);
      await server.stop();
      await page.goto(`${server.url}/accounts`);
      await page
        .getByRole('heading', { name: 'The Twofold server cannot be reached' })
        .waitFor({ timeout: 20_000 });
      await page.getByRole('button', { name: 'Try again' }).waitFor();
    });

    it('opens from its cache when the server is stopped, and says the server cannot be reached', async () => {
      const { page } = browser;
      await openAccountsWithWorker(page, server.url);
      // The first visit has kept its language's catalogues (in the background, once the page is
      // idle): the offline screens read theirs from there.
      await expect.poll(async () => new Set(await keptEnglishCatalogues(page)).size).toBe(ENGLISH_CATALOGUES);
      await server.stop();
      await page.goto(`${server.url}/accounts`);
      await page
        .getByRole('heading', { name: 'The Twofold server cannot be reached' })
        .waitFor({ timeout: 20_000 });
      await page.getByRole('button', { name: 'Try again' }).waitFor();
      await screenshots(page, 'offline');
    });
  });
});
