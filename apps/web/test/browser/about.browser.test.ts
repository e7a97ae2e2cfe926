import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshots, startServer, type BrowserSession, type RunningServer } from './harness';
import { registerByApi } from './identity';

describe('the about screen', () => {
  let server: RunningServer;
  let browser: BrowserSession;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows the version and a short environment to anyone', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/about`);
    await page.getByRole('heading', { name: 'Twofold' }).waitFor();
    await page.getByText(/^Version \d/).waitFor();
    await page.getByText('userAgent').waitFor();
    expect(await page.getByText('DB driver').count()).toBe(0);
    expect(await page.title()).toBe('About · Twofold');
  });

  it('shows the whole environment and the options to the signed-in user, with a copy button', async () => {
    const { page } = browser;
    await registerByApi(page, server.url);
    await page.goto(`${server.url}/settings/options`);
    // The footer of the settings links to the about page with the version.
    await page.getByRole('link', { name: /^Twofold v/ }).click();
    await page.getByText('DB driver').waitFor();
    await page.getByRole('heading', { name: 'User options' }).waitFor();
    await page.getByText('kickUserAfter').waitFor();
    await screenshots(page, 'about');
    await page.getByRole('button', { name: 'Copy the list' }).click();
    await page.getByRole('status').filter({ hasText: 'Copied to clipboard' }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain('DB driver: pglite');
    expect(copied).toContain('kickUserAfter: 15');
  });
});
