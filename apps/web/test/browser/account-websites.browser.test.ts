import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, SECRET } from './accounts-helpers';
import { expectAccessible } from './axe';
import { screenshots } from './harness';
import { registerByApi } from './identity';
import { perTestSessions } from './per-test';

interface Stored {
  readonly id: number;
  readonly service: string | null;
  readonly websites?: string[];
}

const listAccounts = (page: Page, url: string) =>
  apiCall(page, 'GET', `${url}/api/v1/twofaccounts?withExtras=1`) as Promise<Stored[]>;

describe('the account form: websites', () => {
  const session = perTestSessions({
    setUp: async ({ page }, server) => registerByApi(page, server.url),
  });

  it('adds websites as registrable domains, refuses what is no website, and shows them when editing', async () => {
    const { page, server } = session;
    await page.goto(`${server.url}/account/create`);
    await page.getByRole('heading', { name: 'New account' }).waitFor();
    await page.getByLabel('Service', { exact: true }).fill('GitHub');
    await page.getByLabel('Account', { exact: true }).fill('ada');
    await page.getByLabel('Secret', { exact: true }).fill(SECRET);

    const input = page.getByRole('textbox', { name: 'Websites' });
    await input.fill('github');
    await input.press('Enter');
    await page.getByText('github is not a website: type a domain such as github.com.').waitFor();
    await expect.poll(() => input.getAttribute('aria-invalid')).toBe('true');

    // The issuer's website is suggested; a typed address is kept as its registrable domain.
    await page.getByRole('button', { name: 'Add github.com' }).click();
    await input.fill('https://www.Example.co.uk/sign-in');
    await page.getByRole('button', { name: 'Add website' }).click();
    const chips = page.getByRole('list', { name: 'Websites' }).getByRole('listitem');
    await expect.poll(() => chips.allInnerTexts()).toEqual(['github.com\n×', 'example.co.uk\n×']);
    await expect.poll(() => input.getAttribute('aria-invalid')).toBe(null);
    await expectAccessible(page, 'on the account form with its websites');
    await screenshots(page, 'account-websites');

    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/accounts/);
    const github = (await listAccounts(page, server.url)).find((account) => account.service === 'GitHub');
    expect(github?.websites).toEqual(['github.com', 'example.co.uk']);

    await page.goto(`${server.url}/account/${github!.id}/edit`);
    await page.getByRole('heading', { name: 'Edit account' }).waitFor();
    await expect.poll(() => chips.allInnerTexts()).toEqual(['github.com\n×', 'example.co.uk\n×']);
    await page.getByRole('button', { name: 'Remove the website example.co.uk' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/accounts/);
    await expect
      .poll(async () => (await listAccounts(page, server.url)).find((a) => a.id === github!.id)?.websites)
      .toEqual(['github.com']);
  });
});
