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

describe('the favourites star on a phone row with codes', () => {
  const session = perTestSessions({
    setUp: async ({ page }, server) => {
      await registerByApi(page, server.url);
      await createAccount(page, server.url, {
        service: 'GitHub',
        account: 'octocat@example.com',
        otp_type: 'totp',
        secret: SECRET,
      });
      await setSetting(page, server.url, 'getOtpOnRequest', false);
    },
  });

  const addStar = { de: 'GitHub zu den Favoriten hinzufügen', ar: 'إضافة GitHub إلى المفضلة' };
  for (const lang of ['de', 'ar'] as const) {
    it(`leaves the service and the account readable at 375 px (${lang})`, async () => {
      const { page, server } = session;
      await setSetting(page, server.url, 'lang', lang);
      await page.setViewportSize({ width: 375, height: 812 });
      await page.goto(`${server.url}/accounts?toRefresh=true`);
      const row = page.getByRole('list').locator(':scope > li').filter({ hasText: 'octocat@example.com' });
      await expect.poll(() => row.getByText(/\d{3}\s?\d{3}/).count(), { timeout: 10_000 }).toBeGreaterThan(0);
      for (const text of ['GitHub', 'octocat@example.com']) {
        const widths = await nameWidths(page, text);
        expect(widths.visible, text).toBeGreaterThanOrEqual(widths.full - 1);
      }
      // The star is in the row, covers neither name, and is what a tap on it reaches.
      const star = row.getByRole('button', { name: addStar[lang] });
      const [starBox, rowBox] = [await star.boundingBox(), await row.boundingBox()];
      expect(
        starBox &&
          rowBox &&
          starBox.y >= rowBox.y &&
          starBox.y + starBox.height <= rowBox.y + rowBox.height + 1,
      ).toBe(true);
      for (const text of ['GitHub', 'octocat@example.com']) {
        // The text itself (a range), not its element, whose box includes the room left for the star.
        const box = await page.getByText(text, { exact: true }).evaluate((element) => {
          const range = document.createRange();
          range.selectNodeContents(element);
          const { x, y, width, height } = range.getBoundingClientRect();
          return { x, y, width, height };
        });
        const apart =
          box.x + box.width <= starBox!.x + 1 ||
          starBox!.x + starBox!.width <= box.x + 1 ||
          box.y + box.height <= starBox!.y + 1 ||
          starBox!.y + starBox!.height <= box.y + 1;
        expect(apart, text).toBe(true);
      }
      const centre = { x: starBox!.x + starBox!.width / 2, y: starBox!.y + starBox!.height / 2 };
      expect(
        await star.evaluate((element, at) => element.contains(document.elementFromPoint(at.x, at.y)), centre),
      ).toBe(true);
      await screenshots(page, `phone-row-star-${lang}`);
    });
  }
});
