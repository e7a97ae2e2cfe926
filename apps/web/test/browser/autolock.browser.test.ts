import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshots, startServer, type BrowserSession, type RunningServer } from './harness';
import { registerByApi } from './identity';

describe('auto lock', () => {
  let server: RunningServer;
  let browser: BrowserSession;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    await registerByApi(browser.page, server.url);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('locks after the chosen inactivity, activity resets the timer and keeps the session alive', async () => {
    const { page } = browser;
    // The page's clock is ours to move; the server keeps real time.
    await page.clock.install();
    await page.goto(`${server.url}/settings/options`);
    await page.getByLabel('Auto lock').selectOption({ label: 'After 1 minute' });
    await page.getByRole('status').filter({ hasText: 'Setting saved' }).waitFor();

    await page.clock.runFor('00:50');
    await page.getByRole('heading', { name: 'General' }).click();
    // Active within the minute: one light signed-in request keeps the server's session in step.
    const keepAlive = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/v1/user');
    await page.clock.runFor('00:50');
    await keepAlive;
    expect(new URL(page.url()).pathname).toBe('/settings/options');

    await page.clock.runFor('00:15');
    await page.getByRole('heading', { name: 'Locked for inactivity' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/autolock');
    expect(await page.title()).toBe('Locked · Twofold');
    await screenshots(page, 'autolock');

    // The session is over: a signed-in screen sends back to the sign-in screen.
    await page.goto(`${server.url}/settings/options`);
    await page.waitForURL(/\/login/);
    await page.getByRole('heading', { name: 'Welcome back Ada' }).waitFor();
  });

  it('never locks when the setting is "Never"', async () => {
    const { page } = browser;
    await page.getByLabel('Email', { exact: true }).fill('ada@example.com');
    await page.getByLabel('Password', { exact: true }).fill('correct horse battery');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/\/(accounts|start)/);
    await page.goto(`${server.url}/settings/options`);
    await page.getByLabel('Auto lock').selectOption({ label: 'Never' });
    await page.getByRole('status').filter({ hasText: 'Setting saved' }).waitFor();
    await page.clock.runFor('02:00:00');
    expect(new URL(page.url()).pathname).toBe('/settings/options');
  });

  it('refreshes the CSRF token every five minutes on the sign-in screen', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Welcome back Ada' }).waitFor();
    const refreshed = page.waitForRequest((request) => new URL(request.url()).pathname === '/refresh-csrf');
    await page.clock.runFor('05:01');
    await refreshed;
  });
});
