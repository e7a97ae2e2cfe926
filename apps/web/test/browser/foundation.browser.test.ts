import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  launchSharedBrowser,
  screenshots,
  startResettableServer,
  type BrowserSession,
  type ResettableServer,
  type SharedBrowser,
} from './harness';
import { signUp } from './accounts-helpers';

describe('a new install', () => {
  let server: ResettableServer;
  let chromium: SharedBrowser;
  let browser: BrowserSession;

  // One server and one browser for the file; each test starts from a new install's database,
  // in a fresh browser context.
  beforeAll(async () => {
    server = await startResettableServer();
    chromium = await launchSharedBrowser();
  });

  afterAll(async () => {
    await chromium?.close();
    await server?.stop();
  });

  beforeEach(async () => {
    await server.reset();
    browser = await chromium.newSession();
  });

  afterEach(async () => {
    await browser?.close();
  });

  it('opens on the registration screen', async () => {
    const { page } = browser;
    await page.goto(server.url);
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/register');
    await expect.poll(() => page.title()).toBe('Register · Twofold');
    for (const label of ['Name', 'Email', 'Password', 'Confirm password']) {
      await expect.poll(() => page.getByLabel(label, { exact: true }).isVisible()).toBe(true);
    }
    await screenshots(page, 'register');
  });

  it('sends a signed-in visit to /register to the accounts list', async () => {
    const { page } = browser;
    await signUp(page, server.url);
    await page.goto(`${server.url}/register`);
    await page.waitForURL(/\/(start|accounts)$/);
    expect(await page.getByRole('heading', { name: 'Create your account' }).count()).toBe(0);
  });

  it('sends an unknown path to the 404 screen', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/no/such/page`);
    await page.getByRole('heading', { name: 'Resource not found' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/404');
  });
});
