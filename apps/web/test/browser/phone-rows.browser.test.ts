import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createAccount, SECRET, setSetting } from './accounts-helpers';
import { screenshots } from './harness';
import { registerByApi } from './identity';
import { perTestSessions } from './per-test';

const NAMES = ['alice@googlemail.com', 'alice.smith@googlemail.com'];

/** How much of an account's name the row shows, against the whole name, measured from the page. */
async function nameWidths(page: Page, name: string) {
  return page.getByText(name, { exact: true }).evaluate((element) => ({
    visible: element.getBoundingClientRect().width,
    full: element.scrollWidth,
  }));
}

describe('phone rows tell two accounts of one service apart', () => {
  const session = perTestSessions({
    setUp: async ({ page }, server) => {
      await registerByApi(page, server.url);
      for (const account of NAMES)
        await createAccount(page, server.url, {
          service: 'Google',
          account,
          otp_type: 'totp',
          secret: SECRET,
        });
      await createAccount(page, server.url, {
        service: 'Google',
        account: 'counter@googlemail.com',
        otp_type: 'hotp',
        secret: SECRET,
        counter: 0,
      });
      await setSetting(page, server.url, 'getOtpOnRequest', false);
    },
  });

  it('with codes in the list, and in Manage mode, at 375 px', async () => {
    const { page, server } = session;
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`${server.url}/accounts?toRefresh=true`);
    const list = page.getByRole('list', { name: 'Accounts' });
    // The codes are in the list.
    await expect.poll(() => list.getByText(/^Next\s*\d/).count(), { timeout: 10_000 }).toBe(NAMES.length);
    for (const name of NAMES) {
      const widths = await nameWidths(page, name);
      expect(widths.visible, name).toBeGreaterThanOrEqual(widths.full - 1);
    }
    await screenshots(page, 'phone-rows');
    await page.setViewportSize({ width: 375, height: 812 });
    // One height for every row, coded or not (the windowed list measures one; the first row has
    // no border above it).
    const heights = await list
      .locator(':scope > li')
      .evaluateAll((rows) => rows.map((row) => Math.round(row.getBoundingClientRect().height)));
    expect(Math.max(...heights) - Math.min(...heights), JSON.stringify(heights)).toBeLessThanOrEqual(1);

    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole('button', { name: 'Manage' }).click();
    await page.getByRole('checkbox', { name: `Select Google (${NAMES[1]})` }).waitFor();
    for (const name of NAMES) {
      const widths = await nameWidths(page, name);
      // Enough to read "alice.smith@googlem": more than the part that tells them apart.
      expect(widths.visible, name).toBeGreaterThanOrEqual(Math.min(widths.full - 1, 140));
    }
    await screenshots(page, 'phone-rows-manage');
  });
});
