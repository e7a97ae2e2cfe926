import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshots, startServer, type BrowserSession, type RunningServer } from './harness';

describe('a new install', () => {
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

  it('opens on the registration screen', async () => {
    const { page } = browser;
    await page.goto(server.url);
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/register');
    expect(await page.title()).toBe('Register · Twofold');
    for (const label of ['Name', 'Email', 'Password', 'Confirm password']) {
      expect(await page.getByLabel(label, { exact: true }).isVisible()).toBe(true);
    }
    await screenshots(page, 'register');
  });

  it('sends an unknown path to the 404 screen', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/no/such/page`);
    await page.getByRole('heading', { name: 'Resource not found' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/404');
  });
});
