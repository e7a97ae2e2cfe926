import { describe, expect, it } from 'vitest';
import { screenshots } from './harness';
import { apiCall, createAccount, createGroup, SECRET, setSetting } from './accounts-helpers';
import { registerByApi } from './identity';
import { perTestSessions } from './per-test';

const SERVICES = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo'] as const;

describe('managing accounts: groups, order, deletion, QR codes', () => {
  // Each test starts signed in, with five accounts (Alpha to Echo, in that order) and no group.
  const ids = new Map<string, number>();
  const session = perTestSessions({
    setUp: async ({ page }, server) => {
      await registerByApi(page, server.url);
      for (const service of SERVICES) {
        const { id } = await createAccount(page, server.url, {
          service,
          account: 'me',
          otp_type: 'totp',
          secret: SECRET,
        });
        ids.set(service, id);
      }
    },
  });

  const list = () => session.page.getByRole('list', { name: 'Accounts' });
  const services = async () =>
    (await list().locator('.account-service').allInnerTexts()).map((text) => text.trim());

  /** The accounts screen showing all five accounts. */
  async function openAccounts(): Promise<void> {
    const { page, server } = session;
    await page.goto(`${server.url}/accounts`);
    await page.getByRole('button', { name: /^Active group: All, 5 accounts/ }).waitFor();
  }

  it('creates groups from the group switch', async () => {
    const { page, server } = session;
    // Accounts were added behind the app's back: no 'Some data have changed' notice wanted here.
    await page.goto(`${server.url}/accounts?toRefresh=true`);
    await page.getByRole('button', { name: /^Active group: All, 5 accounts/ }).click();
    const groupSwitch = page.getByRole('dialog', { name: 'Show a group' });
    await groupSwitch.waitFor();
    await groupSwitch.getByRole('link', { name: 'Manage groups' }).click();
    await page.getByRole('heading', { name: 'Groups' }).waitFor();
    for (const name of ['Work', 'Home']) {
      await page.getByRole('link', { name: 'New group' }).click();
      await page.getByLabel('Name', { exact: true }).fill(name);
      await page.getByRole('button', { name: 'Create' }).click();
      await page.getByRole('list', { name: 'Groups' }).getByText(name).waitFor();
    }
    // A reserved name is refused by the server, under the field.
    await page.getByRole('link', { name: 'New group' }).click();
    await page.getByLabel('Name', { exact: true }).fill('all');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Reserved name, please choose something else').waitFor();
    await screenshots(page, 'group-create-error');
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.getByText('All: 5 accounts, whatever their group').waitFor();
    await screenshots(page, 'groups');
  });

  it('moves the selected accounts into a group and shows that group', async () => {
    const { page, server } = session;
    await createGroup(page, server.url, 'Work');
    await createGroup(page, server.url, 'Home');
    await openAccounts();
    await page.getByRole('button', { name: 'Manage' }).click();
    await page.getByRole('checkbox', { name: 'Select Alpha (me)' }).click();
    await page.getByRole('checkbox', { name: 'Select Bravo (me)' }).click();
    await page.getByText('2 selected').waitFor();
    await page.getByRole('button', { name: 'Change group', exact: true }).click();
    const selector = page.getByRole('dialog', { name: 'Move to a group' });
    await screenshots(page, 'group-selector');
    await selector.getByRole('button', { name: /^Work/ }).click();
    await selector.waitFor({ state: 'detached' });
    await page.getByText('0 selected').waitFor();
    await page.getByRole('button', { name: 'Done' }).click();

    await page.getByRole('button', { name: /^Active group: All/ }).click();
    const groupSwitch = page.getByRole('dialog', { name: 'Show a group' });
    // Only groups holding accounts are offered.
    await groupSwitch.getByRole('button', { name: /^Work/ }).waitFor();
    await expect.poll(() => groupSwitch.getByRole('button', { name: /^Home/ }).count()).toBe(0);
    await screenshots(page, 'group-switch');
    await groupSwitch.getByRole('button', { name: /^Work/ }).click();
    await page.getByRole('button', { name: /^Active group: Work, 2 accounts/ }).waitFor();
    await expect.poll(() => services()).toEqual(['Alpha', 'Bravo']);

    // Back to no group for Bravo.
    await page.getByRole('button', { name: 'Manage' }).click();
    await page.getByRole('checkbox', { name: 'Select Bravo (me)' }).click();
    await page.getByRole('button', { name: 'Change group', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Move to a group' })
      .getByRole('button', { name: 'No group' })
      .click();
    await expect.poll(services).toEqual(['Alpha']);
    await page.getByRole('button', { name: 'Done' }).click();
  });

  it('renames and deletes groups, keeping their accounts', async () => {
    const { page, server } = session;
    // Work holds Alpha and is the group on show; Home is empty.
    const work = await createGroup(page, server.url, 'Work', [ids.get('Alpha')!]);
    await createGroup(page, server.url, 'Home');
    await setSetting(page, server.url, 'activeGroup', work.id);
    await page.goto(`${server.url}/accounts`);
    await page.getByRole('button', { name: /^Active group: Work, 1 accounts?/ }).waitFor();
    await page.goto(`${server.url}/groups`);
    await page.getByRole('link', { name: 'Rename Work' }).click();
    await page.getByLabel('New name').fill('Office');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('list', { name: 'Groups' }).getByText('Office').waitFor();
    await page.getByRole('button', { name: 'Delete Office' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete the group Office?' });
    await confirm.getByText('Deleting a group does not delete its accounts').waitFor();
    await screenshots(page, 'group-delete-confirm');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('list', { name: 'Groups' }).getByText('Office').waitFor({ state: 'detached' });
    await page.goto(`${server.url}/accounts`);
    // Office was the active group: the list falls back to All, every account kept.
    await page.getByRole('button', { name: /^Active group: All, 5 accounts/ }).waitFor();
  });

  it('reorders by drag and by sort, and the order survives a reload', async () => {
    const { page, server } = session;
    await openAccounts();
    await page.getByRole('button', { name: 'Manage' }).click();
    const handle = await page.getByRole('button', { name: 'Move Delta (me)' }).boundingBox();
    const target = await page.getByRole('button', { name: 'Move Alpha (me)' }).boundingBox();
    if (!handle || !target) throw new Error('no drag handles');
    const saved = page.waitForResponse((response) => response.url().endsWith('/api/v1/twofaccounts/reorder'));
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2 - 10, { steps: 3 });
    await page.mouse.move(target.x + target.width / 2, target.y + 4, { steps: 12 });
    await page.mouse.up();
    await saved;
    await expect.poll(() => services()).toEqual(['Delta', 'Alpha', 'Bravo', 'Charlie', 'Echo']);
    await page.reload();
    await page.getByRole('button', { name: 'Manage' }).waitFor();
    await expect.poll(services).toEqual(['Delta', 'Alpha', 'Bravo', 'Charlie', 'Echo']);

    await page.getByRole('button', { name: 'Manage' }).click();
    const sorted = page.waitForResponse((response) =>
      response.url().endsWith('/api/v1/twofaccounts/reorder'),
    );
    await page.getByRole('button', { name: 'Sort descending' }).click();
    await sorted;
    await expect.poll(() => services()).toEqual(['Echo', 'Delta', 'Charlie', 'Bravo', 'Alpha']);
    await page.reload();
    await expect.poll(services).toEqual(['Echo', 'Delta', 'Charlie', 'Bravo', 'Alpha']);
    const stored = (await apiCall(page, 'GET', `${server.url}/api/v1/twofaccounts`)) as { service: string }[];
    expect(stored.map((account) => account.service)).toEqual(['Echo', 'Delta', 'Charlie', 'Bravo', 'Alpha']);
  });

  it('shows an account as a QR code, and Close returns to edit mode', async () => {
    const { page } = session;
    await openAccounts();
    await page.getByRole('button', { name: 'Manage' }).click();
    await page.getByRole('link', { name: 'Show the QR code of Charlie (me)' }).click();
    const image = page.getByRole('img', { name: 'QR code of Charlie (me)' });
    await image.waitFor();
    await expect.poll(() => image.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
    await screenshots(page, 'account-qrcode');
    await page.getByRole('button', { name: 'Close' }).click();
    await page.waitForURL(/\/accounts\?InitialEditMode=true/);
    await page.getByRole('button', { name: 'Done' }).waitFor();
  });

  it('deletes several accounts at once after a confirmation', async () => {
    const { page, server } = session;
    await openAccounts();
    await page.getByRole('button', { name: 'Manage' }).click();
    await page.getByRole('checkbox', { name: 'Select Echo (me)' }).click();
    await page.getByRole('checkbox', { name: 'Select Bravo (me)' }).click();
    await page.getByRole('checkbox', { name: 'Select Alpha (me)' }).click();
    await screenshots(page, 'accounts-selection');
    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete 3 accounts?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(services).toEqual(['Charlie', 'Delta']);
    // Into the trash (30 days by default), with an Undo in the notice.
    await page.getByText('Moved to the trash').waitFor();
    const stored = (await apiCall(page, 'GET', `${server.url}/api/v1/twofaccounts`)) as unknown[];
    expect(stored).toHaveLength(2);

    // Select all, then clear.
    await page.getByRole('button', { name: 'Select all' }).click();
    await page.getByText('2 selected').waitFor();
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.getByText('0 selected').waitFor();
  });
});
