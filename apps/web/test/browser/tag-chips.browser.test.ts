import { describe, expect, it } from 'vitest';
import { createAccount, SECRET } from './accounts-helpers';
import { registerByApi } from './identity';
import { perTestSessions } from './per-test';

describe('tags on the accounts list', () => {
  const session = perTestSessions({
    setUp: async ({ page }, server) => {
      await registerByApi(page, server.url);
      const accounts: [string, string[]][] = [
        ['Alpha', ['Work', 'Mail']],
        ['Bravo', ['Work']],
        ['Charlie', ['Mail']],
        ['Delta', []],
      ];
      for (const [service, tags] of accounts)
        await createAccount(page, server.url, {
          service,
          account: 'me',
          otp_type: 'totp',
          secret: SECRET,
          tags,
        });
    },
  });

  const services = () =>
    session.page.getByRole('list', { name: 'Accounts' }).locator('.account-service').allInnerTexts();

  it('chips filter the list (several chips: accounts with all of them), and the search matches tag names', async () => {
    const { page, server } = session;
    await page.goto(`${server.url}/accounts?toRefresh=true`);
    const chips = page.getByRole('group', { name: 'Filter by tags' });
    await chips.waitFor();
    await expect.poll(() => chips.getByRole('button').allInnerTexts()).toEqual(['Mail', 'Work']);
    await expect.poll(services).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta']);

    await chips.getByRole('button', { name: 'Work' }).click();
    await expect.poll(services).toEqual(['Alpha', 'Bravo']);
    await expect
      .poll(() => chips.getByRole('button', { name: 'Work' }).getAttribute('aria-pressed'))
      .toBe('true');
    await chips.getByRole('button', { name: 'Mail' }).click();
    await expect.poll(services).toEqual(['Alpha']);
    await chips.getByRole('button', { name: 'Work' }).click();
    await expect.poll(services).toEqual(['Alpha', 'Charlie']);
    await chips.getByRole('button', { name: 'Mail' }).click();
    await expect.poll(services).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta']);

    await page.getByRole('searchbox').fill('mai');
    await expect.poll(services).toEqual(['Alpha', 'Charlie']);
  });

  it('Manage mode adds a new tag to the selected accounts, and removes it', async () => {
    const { page, server } = session;
    await page.goto(`${server.url}/accounts?toRefresh=true`);
    await page.getByRole('button', { name: 'Manage' }).click();
    await page.getByRole('checkbox', { name: 'Select Charlie (me)' }).click();
    await page.getByRole('checkbox', { name: 'Select Delta (me)' }).click();
    await page.getByText('2 selected').waitFor();
    await page.getByRole('button', { name: 'Add tag', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a tag to the selected accounts' });
    await dialog.getByLabel('Tag name').fill('Family');
    await dialog.getByRole('button', { name: 'Add tag' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Done' }).click();

    const chips = page.getByRole('group', { name: 'Filter by tags' });
    await chips.getByRole('button', { name: 'Family' }).click();
    await expect.poll(services).toEqual(['Charlie', 'Delta']);
    await chips.getByRole('button', { name: 'Family' }).click();

    await page.getByRole('button', { name: 'Manage' }).click();
    await page.getByRole('checkbox', { name: 'Select Delta (me)' }).click();
    await page.getByRole('button', { name: 'Remove tag', exact: true }).click();
    const removal = page.getByRole('dialog', { name: 'Remove a tag from the selected accounts' });
    await removal.getByLabel('Tag name').fill('family');
    await removal.getByRole('button', { name: 'Remove tag' }).click();
    await removal.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Done' }).click();
    await chips.getByRole('button', { name: 'Family' }).click();
    await expect.poll(services).toEqual(['Charlie']);
  });
});
