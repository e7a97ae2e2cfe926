import { describe, expect, it } from 'vitest';
import { apiCall, setSetting } from './accounts-helpers';
import { screenshots } from './harness';
import { registerByApi } from './identity';
import { perTestSessions } from './per-test';

describe('Settings on a phone: devices by name, lists without a stray line, tabs in a row', () => {
  const session = perTestSessions({
    setUp: async ({ page }, server) => {
      await registerByApi(page, server.url);
      // A copy registered from this browser's session: its name names the session.
      await apiCall(page, 'POST', `${server.url}/api/v1/device-copies`, { name: 'Work laptop' });
    },
  });

  it('names the copies by browser and system, and the session by its copy', async () => {
    const { page, server } = session;
    await page.goto(`${server.url}/settings/device`);
    const copies = page.getByRole('list', { name: 'Devices with a copy' });
    await copies.locator('.item-title', { hasText: 'Work laptop' }).waitFor();
    await copies.getByText('Chrome, Linux', { exact: true }).waitFor();
    await expect.poll(() => copies.getByText(/Mozilla/).count()).toBe(0);
    await screenshots(page, 'settings-device-copies');

    await page.goto(`${server.url}/settings/security`);
    const sessions = page.getByRole('list', { name: 'Open sessions' });
    await sessions.locator('.item-title', { hasText: 'Work laptop' }).waitFor();
    await sessions.getByText(/^Signed in .+ · Chrome, Linux$/).waitFor();
    // No line above the first item of either list.
    for (const name of ['Open sessions', 'Sign-in log']) {
      const first = page.getByRole('list', { name }).locator(':scope > li').first();
      await first.waitFor();
      await expect
        .poll(() => first.evaluate((item) => getComputedStyle(item).borderTopWidth), { message: name })
        .toBe('0px');
    }
    // The period select looks like the other selects.
    const select = page.getByRole('combobox', { name: 'Show' });
    await expect.poll(() => select.evaluate((element) => element.classList.contains('input'))).toBe(true);
    await screenshots(page, 'settings-security');
  });

  for (const lang of ['de', 'ar'] as const) {
    it(`keeps the tabs to at most two rows at 375 px (${lang}), the current one in view`, async () => {
      const { page, server } = session;
      await setSetting(page, server.url, 'lang', lang);
      await page.setViewportSize({ width: 375, height: 812 });
      await page.goto(`${server.url}/settings/security`);
      const tabs = page.locator('.settings-tabs a');
      await expect.poll(() => tabs.count()).toBe(8);
      const rows = await tabs.evaluateAll(
        (links) => new Set(links.map((link) => Math.round(link.getBoundingClientRect().top))).size,
      );
      expect(rows).toBeLessThanOrEqual(2);
      // The current tab is on screen.
      const current = page.locator('.settings-tabs [aria-current="page"]');
      await expect
        .poll(() =>
          current.evaluate((link) => {
            const box = link.getBoundingClientRect();
            return box.left >= 0 && box.right <= window.innerWidth;
          }),
        )
        .toBe(true);
      await screenshots(page, `settings-tabs-${lang}`);
    });
  }
});
