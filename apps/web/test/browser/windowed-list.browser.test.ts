import { describe, expect, it } from 'vitest';
import { seedAccounts } from './accounts-helpers';
import { registerByApi } from './identity';
import { perTestSessions } from './per-test';

const ACCOUNTS = 300;

describe('a list of hundreds of accounts, windowed', () => {
  // Hundreds of accounts are created through the API first: no request limits for the seeding.
  const session = perTestSessions({
    env: { THROTTLE_API: '0', THROTTLE_WEB: '0' },
    setUp: async ({ page }, server) => {
      await registerByApi(page, server.url);
      await seedAccounts(page, server.url, 0, ACCOUNTS);
      // Accounts were added behind the app's back: no 'Some data have changed' notice wanted here.
      await page.goto(`${server.url}/accounts?toRefresh=true`);
      await page.getByText('Service 0', { exact: true }).waitFor();
    },
  });

  const rendered = () => session.page.getByRole('list', { name: 'Accounts' }).getByRole('listitem').count();

  it('keeps only the accounts on screen in the page, and shows the last one once scrolled down', async () => {
    const { page } = session;
    await expect.poll(() => rendered()).toBeLessThan(80);
    await page.getByRole('button', { name: /^Active group: All, 300 accounts/ }).waitFor();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByText(`Service ${ACCOUNTS - 1}`, { exact: true }).waitFor();
    await expect.poll(() => page.getByText('Service 0', { exact: true }).count()).toBe(0);
    await expect.poll(() => rendered()).toBeLessThan(80);
  });

  it('End reaches the last account and Home the first, by keyboard', async () => {
    const { page } = session;
    await page.getByRole('searchbox', { name: 'Search' }).focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('End');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
      .toContain(`Service ${ACCOUNTS - 1}`);
    await page.keyboard.press('Home');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
      .toContain('Service 0');
  });

  it('finds an account far down the list by search, and windows Manage mode too', async () => {
    const { page } = session;
    await page.getByRole('searchbox', { name: 'Search' }).fill('Service 287');
    await page.getByText('Service 287', { exact: true }).waitFor();
    await page.getByRole('searchbox', { name: 'Search' }).fill('');
    await page.getByRole('button', { name: 'Manage', exact: true }).click();
    await page.getByRole('checkbox', { name: 'Select Service 0 (user0@example.com)' }).waitFor();
    await expect.poll(() => rendered()).toBeLessThan(80);
    await page.getByRole('button', { name: 'Select all' }).click();
    await page.getByText(`${ACCOUNTS} selected`).waitFor();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const last = page.getByRole('checkbox', {
      name: `Select Service ${ACCOUNTS - 1} (user${ACCOUNTS - 1}@example.com)`,
    });
    await last.waitFor();
    await expect.poll(() => last.isChecked()).toBe(true);
  });
});
