import { describe, expect, it } from 'vitest';
import { screenshots } from './harness';
import { apiCall, createAccount, SECRET } from './accounts-helpers';
import { registerByApi } from './identity';
import { perTestSessions } from './per-test';

const SERVICES = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo'] as const;
const OTHER_SECRET = 'JBSWY3DPEHPK3PXP';

describe('trash, favourites, Manage mode with a search, duplicates', () => {
  // Each test starts signed in with five accounts, Alpha to Echo; Alpha has the shared secret.
  const session = perTestSessions({
    setUp: async ({ page }, server) => {
      await registerByApi(page, server.url);
      for (const service of SERVICES) {
        await createAccount(page, server.url, {
          service,
          account: 'me',
          otp_type: 'totp',
          secret: service === 'Alpha' ? SECRET : OTHER_SECRET,
        });
      }
    },
  });

  const list = () => session.page.getByRole('list', { name: 'Accounts' });
  const services = async () =>
    (await list().locator('.account-service').allInnerTexts()).map((text) => text.trim());
  async function openAccounts(): Promise<void> {
    const { page, server } = session;
    await page.goto(`${server.url}/accounts?toRefresh=true`);
    await page.getByRole('button', { name: /^Active group: All, 5 accounts/ }).waitFor();
  }
  async function deleteSelected(count: number): Promise<void> {
    const { page } = session;
    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: `Delete ${count} accounts?` });
    await confirm.getByText('They go to the trash').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
  }

  it('Manage mode keeps the search: Select all and Delete act on the matches only; Undo brings them back', async () => {
    const { page, server } = session;
    await openAccounts();
    await page.getByRole('searchbox', { name: 'Search' }).fill('a');
    // Alpha, Bravo, Charlie, Delta match "a"; Echo does not.
    await expect.poll(services).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta']);
    await page.getByRole('button', { name: 'Manage' }).click();
    await expect(page.getByRole('searchbox', { name: 'Search' }).inputValue()).resolves.toBe('a');
    await page.getByRole('searchbox', { name: 'Search' }).fill('ha');
    await expect.poll(services).toEqual(['Alpha', 'Charlie']);
    await page.getByRole('button', { name: 'Select all' }).click();
    await page.getByText('2 selected').waitFor();
    await screenshots(page, 'manage-search-selection');
    await deleteSelected(2);
    await page.getByText('Moved to the trash').waitFor();
    const left = (await apiCall(page, 'GET', `${server.url}/api/v1/twofaccounts`)) as { service: string }[];
    expect(left.map((account) => account.service)).toEqual(['Bravo', 'Delta', 'Echo']);
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.getByText('Restored').waitFor();
    const back = (await apiCall(page, 'GET', `${server.url}/api/v1/twofaccounts`)) as { service: string }[];
    expect(back.map((account) => account.service)).toEqual([...SERVICES]);
  });

  it('deletes, then restores from the Trash screen; deletes for good after a confirmation', async () => {
    const { page, server } = session;
    await openAccounts();
    await page.getByRole('button', { name: 'Manage' }).click();
    await page.getByRole('checkbox', { name: 'Select Bravo (me)' }).click();
    await page.getByRole('checkbox', { name: 'Select Delta (me)' }).click();
    await deleteSelected(2);
    await expect.poll(services).toEqual(['Alpha', 'Charlie', 'Echo']);
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitem', { name: 'Trash' }).click();
    await page.getByRole('heading', { name: 'Trash' }).waitFor();
    const trash = page.getByRole('list', { name: 'Trash' });
    await trash.getByRole('listitem').filter({ hasText: 'Bravo (me)' }).waitFor();
    await expect(trash.getByText(/^Deleted for good on /).count()).resolves.toBe(2);
    await screenshots(page, 'trash');
    await page.getByRole('checkbox', { name: 'Select Bravo (me)' }).click();
    await page.getByRole('button', { name: 'Restore selected' }).click();
    await page.getByText('Restored').waitFor();
    await trash.getByRole('listitem').filter({ hasText: 'Bravo (me)' }).waitFor({ state: 'detached' });
    await page.getByRole('checkbox', { name: 'Select Delta (me)' }).click();
    await page.getByRole('button', { name: 'Delete selected for good' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete the selected accounts for good?' });
    await confirm.getByRole('button', { name: 'Delete selected for good' }).click();
    await page.getByText('The trash is empty').waitFor();
    await page.goto(`${server.url}/accounts`);
    await expect.poll(services).toEqual(['Alpha', 'Bravo', 'Charlie', 'Echo']);
  });

  it('on a phone the trash restores one row at a time, with full-size boxes and a way back in its header', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 375, height: 812 });
    await openAccounts();
    await page.getByRole('button', { name: 'Manage' }).click();
    await page.getByRole('checkbox', { name: 'Select Bravo (me)' }).click();
    await page.getByRole('checkbox', { name: 'Select Delta (me)' }).click();
    await deleteSelected(2);
    await expect.poll(services).toEqual(['Alpha', 'Charlie', 'Echo']);
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitem', { name: 'Trash' }).click();
    const trash = page.getByRole('list', { name: 'Trash' });
    await trash.getByRole('listitem').filter({ hasText: 'Delta (me)' }).waitFor();
    // A box of at least 24 px a side, for a thumb.
    const box = await page.getByRole('checkbox', { name: 'Select Bravo (me)' }).boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(24);
    expect(box!.height).toBeGreaterThanOrEqual(24);
    // The way back is above the list, in view without scrolling to the footer.
    const back = page.getByRole('link', { name: 'Back to accounts' }).first();
    const backBox = await back.boundingBox();
    const listBox = await trash.boundingBox();
    expect(backBox!.y + backBox!.height).toBeLessThanOrEqual(listBox!.y);
    await screenshots(page, 'trash-phone');
    await page.setViewportSize({ width: 375, height: 812 });
    // Restore one row by its own button, nothing selected.
    await trash.getByRole('button', { name: 'Restore Delta (me)' }).click();
    await page.getByText('Restored').first().waitFor();
    await trash.getByRole('listitem').filter({ hasText: 'Delta (me)' }).waitFor({ state: 'detached' });
    await trash.getByRole('listitem').filter({ hasText: 'Bravo (me)' }).waitFor();
    await back.click();
    await expect.poll(services).toEqual(['Alpha', 'Charlie', 'Delta', 'Echo']);
  });

  it('starring an account moves it to the top; unstarring puts it back', async () => {
    const { page } = session;
    await openAccounts();
    const star = page.getByRole('button', { name: 'Add Delta to favourites' });
    await expect(star.getAttribute('aria-pressed')).resolves.toBe('false');
    await star.click();
    await expect.poll(services).toEqual(['Delta', 'Alpha', 'Bravo', 'Charlie', 'Echo']);
    const starred = page.getByRole('button', { name: 'Remove Delta from favourites' });
    await expect(starred.getAttribute('aria-pressed')).resolves.toBe('true');
    await screenshots(page, 'favourites');
    await page.getByRole('button', { name: 'Add Charlie to favourites' }).click();
    // Favourites in the order they were starred.
    await expect.poll(services).toEqual(['Delta', 'Charlie', 'Alpha', 'Bravo', 'Echo']);
    await starred.click();
    await expect.poll(services).toEqual(['Charlie', 'Alpha', 'Bravo', 'Delta', 'Echo']);
  });

  it('warns before adding an account whose secret is already stored, then adds it anyway', async () => {
    const { page, server } = session;
    await page.goto(`${server.url}/account/create`);
    await page.getByLabel('Service', { exact: true }).fill('Alpha again');
    await page.getByLabel('Account', { exact: true }).fill('me');
    await page.getByLabel('Secret', { exact: true }).fill(SECRET.toLowerCase());
    await page.getByRole('button', { name: 'Create' }).click();
    const warning = page
      .getByRole('alert')
      .filter({ hasText: 'This account looks like one you already have' });
    await warning.waitFor();
    await expect(warning.getByRole('link', { name: 'Open Alpha (me)' }).count()).resolves.toBe(1);
    await screenshots(page, 'duplicate-warning');
    // Nothing stored yet.
    expect((await apiCall(page, 'GET', `${server.url}/api/v1/twofaccounts`)) as unknown[]).toHaveLength(5);
    await warning.getByRole('button', { name: 'Add it anyway' }).click();
    await page.getByRole('button', { name: /^Active group: All, 6 accounts/ }).waitFor();
  });
});
