import { describe, expect, it } from 'vitest';
import { createGroup } from './accounts-helpers';
import { expectAccessible } from './axe';
import { registerByApi } from './identity';
import { perTestSessions } from './per-test';

describe('the order of the groups', () => {
  const session = perTestSessions({
    setUp: async ({ page }, server) => {
      await registerByApi(page, server.url);
      for (const name of ['Work', 'Home', 'Bank']) await createGroup(page, server.url, name);
    },
  });

  const names = () =>
    session.page.getByRole('list', { name: 'Groups' }).locator('.group-name').allInnerTexts();

  it('moves a group up and down by its buttons, and the order is kept', async () => {
    const { page, server } = session;
    await page.goto(`${server.url}/groups`);
    await page.getByRole('list', { name: 'Groups' }).waitFor();
    await expect.poll(() => names()).toEqual(['Work', 'Home', 'Bank']);
    await expect.poll(() => page.getByRole('button', { name: 'Move Work up' }).isDisabled()).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'Move Bank down' }).isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Move Bank up' }).click();
    await expect.poll(names).toEqual(['Work', 'Bank', 'Home']);
    // The keyboard carries on from the same button.
    await page.keyboard.press('Enter');
    await expect.poll(names).toEqual(['Bank', 'Work', 'Home']);
    await page.getByRole('button', { name: 'Move Work down' }).click();
    await expect.poll(names).toEqual(['Bank', 'Home', 'Work']);
    await expectAccessible(page, 'on the groups');

    await page.reload();
    await page.getByRole('list', { name: 'Groups' }).waitFor();
    await expect.poll(() => names()).toEqual(['Bank', 'Home', 'Work']);
    const stored = await page.evaluate(async (url) => {
      const response = await fetch(`${url}/api/v1/groups`, { headers: { Accept: 'application/json' } });
      return ((await response.json()) as { name: string }[]).map((group) => group.name);
    }, server.url);
    expect(stored).toEqual(['All', 'Bank', 'Home', 'Work']);
  });
});
