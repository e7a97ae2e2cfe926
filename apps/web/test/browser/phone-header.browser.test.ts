import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGES } from '@twofold/otp';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, createGroup, seedAccounts, setSetting } from './accounts-helpers';
import { artifactsDir, repoRoot } from './harness';
import { registerByApi } from './identity';
import { perTestSessions } from './per-test';

const LONG_GROUP = 'Household finances and utilities';

/** "All" as each language's catalogue says it: the label the header shows for every account. */
function allLabel(lang: string): string {
  const file = path.join(repoRoot, 'apps/web/src/i18n/locales', lang, 'accounts.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { list: { allAccounts: string } }).list.allAccounts;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Makes another group the active one through the header's group switch, as a user does. */
async function chooseGroup(page: Page, label: string): Promise<void> {
  const exactly = new RegExp(`^${escapeRegExp(label)}$`);
  await page.locator('.group-switch-button').click();
  const dialog = page.getByRole('dialog');
  await dialog
    .getByRole('button')
    .filter({ has: page.locator('span', { hasText: exactly }) })
    .click();
  await dialog.waitFor({ state: 'hidden' });
  await page.locator('.group-switch-name', { hasText: exactly }).waitFor();
}

interface Measure {
  readonly visibleWidth: number;
  readonly fullWidth: number;
  readonly overlap: number;
  readonly title: string | null;
  readonly insideViewport: boolean;
  readonly overActions: number;
}

/** The group name's box against the count's and the actions', as the page lays them out. */
async function measure(button: Locator, label: string, count: string): Promise<Measure> {
  return button.evaluate(
    (element, { label, count }) => {
      const spans = [...element.querySelectorAll('span')];
      const name = spans.find((span) => span.textContent === label);
      const badge = spans.find((span) => span.textContent === count);
      if (!name || !badge) throw new Error(`no "${label}" or "${count}" in the group switch`);
      const intersection = (a: DOMRect, b: DOMRect) =>
        Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) *
        Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));
      const nameBox = name.getBoundingClientRect();
      const buttonBox = element.getBoundingClientRect();
      const actions = [...document.querySelectorAll('.accounts-actions button')];
      return {
        visibleWidth: nameBox.width,
        fullWidth: name.scrollWidth,
        overlap: intersection(nameBox, badge.getBoundingClientRect()),
        title: name.getAttribute('title'),
        insideViewport: buttonBox.left >= 0 && buttonBox.right <= window.innerWidth + 0.5,
        overActions: actions.reduce(
          (sum, action) => sum + intersection(buttonBox, action.getBoundingClientRect()),
          0,
        ),
      };
    },
    { label, count },
  );
}

async function expectReadable(page: Page, label: string, count: string, where: string) {
  const button = page
    .getByRole('button', { name: new RegExp(escapeRegExp(label)) })
    .filter({ hasText: count });
  const seen = await measure(button, label, count);
  const context = `${where}: ${JSON.stringify(seen)}`;
  // A short name shows whole; a long one at least some twelve letters, then an ellipsis.
  expect(seen.visibleWidth, context).toBeGreaterThanOrEqual(Math.min(seen.fullWidth - 1, 90));
  expect(seen.overlap, context).toBe(0);
  expect(seen.overActions, context).toBe(0);
  expect(seen.insideViewport, context).toBe(true);
  expect(seen.title, context).toBe(label);
}

describe('the phone header shows the active group', () => {
  const session = perTestSessions({
    env: { THROTTLE_API: '0', THROTTLE_WEB: '0' },
    setUp: async ({ page }, server) => {
      await registerByApi(page, server.url);
      // A four-digit count beside "All".
      await seedAccounts(page, server.url, 0, 1000);
    },
  });

  it('readable beside its count in every language, at 320, 375 and 1280 px, light and dark', async () => {
    const { page, server } = session;
    mkdirSync(artifactsDir, { recursive: true });
    const accounts = (await apiCall(page, 'GET', `${server.url}/api/v1/twofaccounts`)) as { id: number }[];
    const group = await createGroup(
      page,
      server.url,
      LONG_GROUP,
      accounts.slice(0, 3).map((account) => account.id),
    );
    for (const lang of LANGUAGES) {
      await setSetting(page, server.url, 'lang', lang);
      // One load of the thousand accounts per language: the first group is the remembered one,
      // the second is chosen in the app.
      const groups = [
        [0, allLabel(lang), '1000'],
        [group.id, LONG_GROUP, '3'],
      ] as const;
      await setSetting(page, server.url, 'activeGroup', groups[0][0]);
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(`${server.url}/accounts?toRefresh=true`);
      await page.locator('.account').first().waitFor();
      for (const [activeGroup, label, count] of groups) {
        if (activeGroup !== groups[0][0]) {
          await page.setViewportSize({ width: 1280, height: 800 });
          await chooseGroup(page, label);
        }
        for (const width of [320, 375, 1280]) {
          await page.setViewportSize({ width, height: 720 });
          for (const scheme of ['light', 'dark'] as const) {
            await page.emulateMedia({ colorScheme: scheme });
            await expectReadable(page, label, count, `${lang}, ${label}, ${width} px, ${scheme}`);
          }
          if (width === 375)
            await page.screenshot({
              path: path.join(artifactsDir, `phone-header-${lang}-${activeGroup}.png`),
            });
        }
      }
    }
  }, 300_000);
});
