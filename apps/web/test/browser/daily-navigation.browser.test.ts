import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshots } from './harness';
import { createAccount, SECRET } from './accounts-helpers';
import { registerByApi } from './identity';
import { perTestSessions } from './per-test';

/** The footer of a signed-in page links Accounts and Settings and offers Sign out. */
async function expectFooter(page: Page): Promise<void> {
  const footer = page.getByRole('navigation', { name: 'Footer' });
  await footer.getByRole('link', { name: 'Accounts', exact: true }).waitFor();
  await footer.getByRole('link', { name: 'Settings', exact: true }).waitFor();
  await footer.getByRole('button', { name: 'Sign out' }).waitFor();
}

const path = (page: Page) => new URL(page.url()).pathname;

describe('getting around a signed-in session', () => {
  // Each test starts signed in, with one account.
  const session = perTestSessions({
    setUp: async ({ page }, server) => {
      await registerByApi(page, server.url);
      await createAccount(page, server.url, {
        service: 'Navigated',
        account: 'jane',
        otp_type: 'totp',
        secret: SECRET,
      });
    },
  });

  it('the footer links Accounts, Settings and Sign out on every signed-in page', async () => {
    const { page, server } = session;
    for (const where of [
      '/accounts',
      '/start',
      '/groups',
      '/account/create',
      '/account/import',
      '/settings/account',
    ]) {
      await page.goto(`${server.url}${where}`);
      await expectFooter(page);
    }
    await page
      .getByRole('navigation', { name: 'Footer' })
      .getByRole('link', { name: 'Accounts', exact: true })
      .click();
    await page.waitForURL(/\/accounts$/);
  });

  it('Settings has a way back to the accounts', async () => {
    const { page, server } = session;
    await page.goto(`${server.url}/accounts`);
    await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL(/\/settings\/options$/);
    await screenshots(page, 'daily-settings-back');
    await page.getByRole('link', { name: 'Back to accounts' }).click();
    await page.waitForURL(/\/accounts$/);
  });

  it('the accounts menu reaches Import and Groups', async () => {
    const { page, server } = session;
    await page.goto(`${server.url}/accounts`);
    await page.getByRole('button', { name: 'More' }).click();
    await screenshots(page, 'daily-accounts-menu');
    await page.getByRole('menuitem', { name: 'Import accounts' }).click();
    await page.waitForURL(/\/account\/import$/);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.goto(`${server.url}/accounts`);
    await page.getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitem', { name: 'Groups' }).click();
    await page.waitForURL(/\/groups$/);
    // The menu opens from the keyboard too.
    await page.goto(`${server.url}/accounts`);
    await page.getByRole('button', { name: 'More' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Import accounts' }).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('menu').count()).toBe(0);
  });

  it('the Start screen reaches Import and Groups', async () => {
    const { page, server } = session;
    await page.goto(`${server.url}/start`);
    await page.getByRole('link', { name: 'Import accounts' }).click();
    await page.waitForURL(/\/account\/import$/);
    await page.goto(`${server.url}/start`);
    await page.getByRole('link', { name: 'Manage groups' }).click();
    await page.waitForURL(/\/groups$/);
    expect(path(page)).toBe('/groups');
  });
});
