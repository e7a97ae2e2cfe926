import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seedAccounts, setSetting } from './accounts-helpers';
import { perTestSessions, signedUpOnStart } from './per-test';

/** Whether a click at the centre of the element would reach it (nothing drawn over it). */
async function reachable(page: Page, target: Locator): Promise<boolean> {
  await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
  const box = await target.boundingBox();
  if (!box) return false;
  return target.evaluate((element, point) => element.contains(document.elementFromPoint(point.x, point.y)), {
    x: box.x + box.width / 2,
    y: box.y + box.height / 2,
  });
}

describe('toasts never cover the last row', () => {
  const session = perTestSessions({ clipboard: true, setUp: signedUpOnStart });

  for (const width of [375, 1280]) {
    it(`the last row stays clickable while a toast shows, at ${width} px`, async () => {
      const { page, server } = session;
      await page.setViewportSize({ width, height: 700 });
      await seedAccounts(page, server.url, 10, 30);
      await setSetting(page, server.url, 'getOtpOnRequest', false);
      await page.goto(`${server.url}/accounts`);
      const rows = page.getByRole('list', { name: 'Accounts' }).getByRole('button', { name: /^Service/ });
      const last = rows.last();
      await last.getByText('Next').waitFor();
      await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
      // Copying a code from the list shows a toast at the bottom of the window.
      await last.click();
      const toast = page.getByRole('status').filter({ hasText: 'Copied to clipboard' });
      await toast.waitFor();
      await expect.poll(() => reachable(page, last)).toBe(true);
      await expect.poll(() => reachable(page, page.getByRole('button', { name: 'Sign out' }))).toBe(true);
    });
  }
});
