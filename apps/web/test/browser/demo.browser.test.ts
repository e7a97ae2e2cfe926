import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshots, startServer } from './harness';
import { registerByApi, signInWithPassword } from './identity';
import { perTestSessions } from './per-test';

const BANNER = 'Demo app: do not post sensitive data, everything is erased regularly.';

describe('demo mode', () => {
  // Registration is refused in demo mode: the user is registered by a normal server on data that
  // each test then gets a new copy of (the API cannot undo a test's changes in demo mode).
  const dataDir = mkdtempSync(path.join(tmpdir(), 'twofold-demo-'));

  beforeAll(async () => {
    const browser = await launchBrowser();
    const setup = await startServer({ DATA_DIR: dataDir });
    try {
      await registerByApi(browser.page, setup.url);
    } finally {
      await setup.stop();
      await browser.close();
    }
  });

  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const session = perTestSessions({ env: { DATA_DIR: dataDir, IS_DEMO_APP: 'true' } });

  it('shows the banner and hides the password and device recovery links on the sign-in screen', async () => {
    const { page, server } = session;
    await page.goto(`${server.url}/login`);
    await page.getByRole('heading', { name: 'Welcome back Ada' }).waitFor();
    await page.getByRole('note').filter({ hasText: BANNER }).waitFor();
    await expect.poll(() => page.getByRole('link', { name: 'Forgot your password?' }).count()).toBe(0);
    await expect.poll(() => page.getByRole('link', { name: 'Lost your security device?' }).count()).toBe(0);
    await screenshots(page, 'demo-login');
    // What the links led to is refused by the server.
    const cookies = await page.context().cookies(server.url);
    const token = decodeURIComponent(cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '');
    const lost = await page.request.post(`${server.url}/user/password/lost`, {
      headers: { Accept: 'application/json', 'X-XSRF-TOKEN': token },
      data: { email: 'ada@example.com' },
    });
    expect(lost.status()).toBe(403);
    expect(await lost.json()).toEqual({ message: 'Feature disabled in Demo mode' });
  });

  it('signed in: the banner stays, the profile, password and deletion forms are disabled', async () => {
    const { page, server } = session;
    await signInWithPassword(page, server.url);
    await page.getByRole('note').filter({ hasText: BANNER }).waitFor();
    await page.goto(`${server.url}/settings/account`);
    await page.getByLabel('Name', { exact: true }).waitFor();
    await expect.poll(() => page.getByLabel('Name', { exact: true }).isDisabled()).toBe(true);
    await expect.poll(() => page.getByLabel('Email', { exact: true }).isDisabled()).toBe(true);
    await expect.poll(() => page.getByLabel('New password', { exact: true }).isDisabled()).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'Save the profile' }).isDisabled()).toBe(true);
    await expect
      .poll(() => page.getByRole('button', { name: 'Change the password' }).isDisabled())
      .toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'Delete my account' }).isDisabled()).toBe(true);
    await screenshots(page, 'demo-settings-account');
  });
});
