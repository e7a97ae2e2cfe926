import { perTestSessions, signedUpOnStart } from './per-test';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createAccount, SECRET, setSetting } from './accounts-helpers';
import { expectAccessible } from './axe';
import { screenshots } from './harness';

/** The page's background colour, as painted. */
function background(page: Page): Promise<string> {
  return page.evaluate(() => getComputedStyle(document.body).backgroundColor);
}

const LIGHT_BG = 'rgb(246, 247, 249)';
const DARK_BG = 'rgb(17, 18, 21)';

describe('light and dark themes, and accessibility in both', () => {
  const session = perTestSessions({ setUp: signedUpOnStart });

  async function seed(page: Page): Promise<void> {
    await createAccount(page, session.server.url, {
      service: 'GitHub',
      account: 'jane@example.com',
      otp_type: 'totp',
      secret: SECRET,
    });
    await createAccount(page, session.server.url, {
      service: 'Steam',
      account: 'gamer',
      otp_type: 'steamtotp',
      secret: SECRET,
    });
    await createAccount(page, session.server.url, {
      service: 'Bank',
      account: 'jane',
      otp_type: 'totp',
      secret: SECRET,
    });
  }

  it('the theme setting chooses light or dark over the system, and is kept for the sign-in screen', async () => {
    const { page } = session;
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(`${session.server.url}/settings/options`);
    const theme = page.getByRole('combobox', { name: 'Theme' });
    await expect.poll(() => theme.inputValue()).toBe('system');
    await expect.poll(() => background(page)).toBe(LIGHT_BG);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => background(page)).toBe(DARK_BG);

    await theme.selectOption('light');
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    await expect.poll(() => background(page)).toBe(LIGHT_BG);
    await theme.selectOption('dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => background(page)).toBe(DARK_BG);
    await page.reload();
    await theme.waitFor();
    await expect.poll(() => background(page)).toBe(DARK_BG);
    // The browser's own bars (theme-color) take the chosen theme's colour whatever the system's.
    const themeColours = () =>
      page.evaluate(() =>
        [...document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')].map(
          (meta) => meta.content,
        ),
      );
    await expect.poll(themeColours).toEqual(['#141417', '#141417']);
    await theme.selectOption('system');
    await expect.poll(themeColours).toEqual(['#f7f7f8', '#141417']);
    await theme.selectOption('dark');
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();

    // Signed out: the sign-in screen keeps the colours chosen.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/login/);
    await expect.poll(() => background(page)).toBe(DARK_BG);
  });

  for (const scheme of ['light', 'dark'] as const) {
    it(`the accounts, code window, Manage mode and settings pass axe in ${scheme} mode`, async () => {
      const { page } = session;
      await page.emulateMedia({ colorScheme: scheme });
      await seed(page);
      await page.goto(`${session.server.url}/accounts`);
      await page
        .getByRole('list', { name: 'Accounts' })
        .getByRole('button', { name: /^GitHub/ })
        .waitFor();
      await expectAccessible(page, `on the accounts (${scheme})`);
      await screenshots(page, `theme-accounts-${scheme}`);

      await page
        .getByRole('list', { name: 'Accounts' })
        .getByRole('button', { name: /^GitHub/ })
        .click();
      await page.getByRole('dialog').getByRole('button', { name: 'Copy', exact: true }).waitFor();
      await expectAccessible(page, `on the code window (${scheme})`);
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Manage' }).click();
      await page.getByRole('button', { name: /Sort ascending/ }).waitFor();
      await page.getByRole('checkbox', { name: 'Select GitHub' }).click();
      await expectAccessible(page, `in Manage mode (${scheme})`);
      await page.getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('alertdialog').waitFor();
      await expectAccessible(page, `on the delete confirmation (${scheme})`);
      await screenshots(page, `theme-delete-${scheme}`);
      await page.keyboard.press('Escape');

      await setSetting(page, session.server.url, 'getOtpOnRequest', false);
      await page.goto(`${session.server.url}/accounts`);
      await page.getByRole('list', { name: 'Accounts' }).getByText(/\d{3}/).first().waitFor();
      await expectAccessible(page, `with the codes in the list (${scheme})`);
      await screenshots(page, `theme-codes-${scheme}`);

      await page.goto(`${session.server.url}/settings/options`);
      await page.getByRole('combobox', { name: 'Theme' }).waitFor();
      await expectAccessible(page, `on the settings (${scheme})`);
      await screenshots(page, `theme-settings-${scheme}`);
    });
  }
});
