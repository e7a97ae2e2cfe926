import { describe, expect, it } from 'vitest';
import { createAccount, SECRET } from './accounts-helpers';
import { registerByApi } from './identity';
import { perTestSessions } from './per-test';

const TAGS = ['banking', 'family', 'gaming', 'shopping', 'work'];

describe('the keyboard reaches the list quickly', () => {
  const session = perTestSessions({
    setUp: async ({ page }, server) => {
      await registerByApi(page, server.url);
      for (const [index, tag] of TAGS.entries())
        await createAccount(page, server.url, {
          service: `Service ${index + 1}`,
          account: 'me',
          otp_type: 'totp',
          secret: SECRET,
          tags: [tag],
        });
    },
  });

  it('five tag chips are one Tab stop, walked with the arrow keys; the row ring is drawn whole', async () => {
    const { page, server } = session;
    await page.goto(`${server.url}/accounts`);
    const chips = page.getByRole('group', { name: 'Filter by tags' });
    await chips.getByRole('button', { name: 'work' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search' }).focus();
    const firstRow = page.getByRole('list', { name: 'Accounts' }).locator(':scope > li').first();
    let tabs = 0;
    while (tabs < 20) {
      await page.keyboard.press('Tab');
      tabs += 1;
      if (await firstRow.evaluate((row) => row.contains(document.activeElement))) break;
    }
    // Search -> group switch -> New -> Manage -> More -> the chips -> the first row.
    expect(tabs).toBeLessThanOrEqual(6);

    // The ring of the focused row is inside the row and the list's clip: nothing cuts it.
    const ring = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement;
      const style = getComputedStyle(element);
      const reach = parseFloat(style.outlineOffset) + parseFloat(style.outlineWidth);
      const box = element.getBoundingClientRect();
      const row = element.closest('li')!.getBoundingClientRect();
      return {
        style: style.outlineStyle,
        inside:
          box.top - reach >= row.top - 0.5 &&
          box.bottom + reach <= row.bottom + 0.5 &&
          box.left - reach >= row.left - 0.5 &&
          box.right + reach <= row.right + 0.5,
      };
    });
    expect(ring).toEqual({ style: 'solid', inside: true });

    // Back into the chips (Shift+Tab), then along them with the arrow keys.
    await page.keyboard.press('Shift+Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('banking');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('gaming');
    await page.keyboard.press('End');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('work');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => chips.getByRole('button', { name: 'work' }).getAttribute('aria-pressed'))
      .toBe('true');
    await expect
      .poll(() => page.getByRole('list', { name: 'Accounts' }).locator(':scope > li').count())
      .toBe(1);
  });
});
