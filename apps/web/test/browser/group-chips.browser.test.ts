import { describe, expect, it } from 'vitest';
import { createAccount, createGroup, SECRET, setSetting } from './accounts-helpers';
import { expectAccessible } from './axe';
import { screenshots } from './harness';
import { registerByApi } from './identity';
import { perTestSessions } from './per-test';

describe('the groups as chips under the search', () => {
  const session = perTestSessions({
    setUp: async ({ page }, server) => {
      await registerByApi(page, server.url);
      const ids: number[] = [];
      for (const service of ['Alpha', 'Bravo', 'Charlie']) {
        ids.push(
          (
            await createAccount(page, server.url, {
              service,
              account: 'me',
              otp_type: 'totp',
              secret: SECRET,
            })
          ).id,
        );
      }
      await createGroup(page, server.url, 'Work', [ids[0]!, ids[1]!]);
      await createGroup(page, server.url, 'Empty');
    },
  });

  const services = () =>
    session.page.getByRole('list', { name: 'Accounts' }).locator('.account-service').allInnerTexts();

  it('are off by default, and once on, one press shows a group', async () => {
    const { page, server } = session;
    await page.goto(`${server.url}/accounts?toRefresh=true`);
    await page.getByText('Alpha', { exact: true }).waitFor();
    await expect.poll(() => page.getByRole('group', { name: 'Groups' }).count()).toBe(0);

    await setSetting(page, server.url, 'showGroupChips', true);
    await page.goto(`${server.url}/accounts?toRefresh=true`);
    const chips = page.getByRole('group', { name: 'Groups' });
    await chips.waitFor();
    // Only groups holding accounts, after All.
    await expect.poll(() => chips.getByRole('button').allInnerTexts()).toEqual(['All', 'Work']);
    await expect
      .poll(() => chips.getByRole('button', { name: 'All' }).getAttribute('aria-pressed'))
      .toBe('true');

    await chips.getByRole('button', { name: 'Work' }).click();
    await expect.poll(services).toEqual(['Alpha', 'Bravo']);
    await expect
      .poll(() => chips.getByRole('button', { name: 'Work' }).getAttribute('aria-pressed'))
      .toBe('true');
    await screenshots(page, 'group-chips');
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      // Colours change with a short transition: measure the settled ones.
      await page.waitForTimeout(500);
      await expectAccessible(page, `with the group chips (${scheme})`);
    }
    await chips.getByRole('button', { name: 'All' }).click();
    await expect.poll(services).toEqual(['Alpha', 'Bravo', 'Charlie']);
  });
});
