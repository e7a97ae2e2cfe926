import { perTestSessions, signedUpOnStart } from './per-test';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createAccount, SECRET, setSetting, totp } from './accounts-helpers';
import { screenshots, type BrowserSession, type ResettableServer } from './harness';

/** What has the focus, as a person would name it: a button's or field's accessible text. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return '';
    return (
      element.getAttribute('aria-label') ??
      (element as HTMLInputElement).placeholder ??
      element.innerText
    ).replace(/\s+/g, ' ');
  });
}

describe('the accounts screen with the keyboard only', () => {
  /** Signed up, with five accounts on the list. */
  async function withFiveAccounts(session: BrowserSession, server: ResettableServer): Promise<void> {
    await signedUpOnStart(session, server);
    for (const service of ['GitHub', 'GitLab', 'Bank', 'Mail', 'Shop']) {
      await createAccount(session.page, server.url, {
        service,
        account: 'jane',
        otp_type: 'totp',
        secret: SECRET,
      });
    }
  }

  // One server and one browser for the file; each test starts from a new install's database,
  // in a fresh browser context.
  const session = perTestSessions({ clipboard: true, setUp: withFiveAccounts });

  const list = (page: Page) => page.getByRole('list', { name: 'Accounts' });

  it('type to search, arrows between accounts, Enter opens, Enter copies, Escape gives the focus back', async () => {
    const { page } = session;
    await page.goto(`${session.server.url}/accounts`);
    await list(page)
      .getByRole('button', { name: /^GitHub/ })
      .waitFor();

    // Typing anywhere goes to the search field.
    await page.keyboard.type('git');
    const search = page.getByRole('searchbox', { name: 'Search' });
    await expect.poll(() => search.inputValue()).toBe('git');
    await expect.poll(() => focused(page)).toBe('Search');
    await expect.poll(() => list(page).getByRole('listitem').count()).toBe(2);

    // Down into the list, down and up between the accounts, up again back to the search.
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focused(page)).toMatch(/^GitHub/);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focused(page)).toMatch(/^GitLab/);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focused(page)).toMatch(/^GitLab/);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => focused(page)).toBe('Search');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');

    // Enter opens the code; the focus starts on Copy, so Enter again copies it.
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'GitLab' }).waitFor();
    await expect.poll(() => focused(page)).toBe('Copy');
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Copied to clipboard' }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    const now = Date.now() / 1000;
    expect([totp(SECRET, now - 1), totp(SECRET, now)]).toContain(copied);
    await screenshots(page, 'keyboard-code-window');

    // Escape closes it and the focus is back on the account.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toMatch(/^GitLab/);

    // A letter typed on an account goes to the search too.
    await page.keyboard.type('l');
    await expect.poll(() => search.inputValue()).toBe('gitl');
    await expect.poll(() => list(page).getByRole('listitem').count()).toBe(1);
  });

  it('in a grid: left and right one by one, down by a line, Home and End', async () => {
    const { page } = session;
    await setSetting(page, session.server.url, 'displayMode', 'grid');
    await page.goto(`${session.server.url}/accounts`);
    const first = list(page).getByRole('button', { name: /^GitHub/ });
    await first.waitFor();
    const columns = await list(page)
      .locator('.account-main')
      .evaluateAll(
        (items) =>
          items.filter((item) => item.getBoundingClientRect().top === items[0]!.getBoundingClientRect().top)
            .length,
      );
    const names = (await list(page).locator('.account-service').allInnerTexts()).map((name) => name.trim());
    await first.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => focused(page)).toMatch(new RegExp(`\\b${names[1]}`));
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowDown');
    await expect
      .poll(() => focused(page))
      .toMatch(new RegExp(`\\b${names[Math.min(columns, names.length - 1)]}`));
    await page.keyboard.press('End');
    await expect.poll(() => focused(page)).toMatch(new RegExp(`\\b${names.at(-1)}`));
    await page.keyboard.press('Home');
    await expect.poll(() => focused(page)).toMatch(/^GitHub/);
  });

  it('keys typed in a window or a menu stay there', async () => {
    const { page } = session;
    await page.goto(`${session.server.url}/accounts`);
    await list(page)
      .getByRole('button', { name: /^GitHub/ })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Copy', exact: true }).waitFor();
    await page.keyboard.type('x');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe('');
  });
});
