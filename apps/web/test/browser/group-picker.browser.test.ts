import { perTestSessions, signedUpOnStart } from './per-test';
import { describe, expect, it } from 'vitest';
import { apiCall, createAccount, qrPng, SECRET, setSetting } from './accounts-helpers';
import { expectAccessible } from './axe';
import { screenshots } from './harness';

interface StoredAccount {
  readonly id: number;
  readonly service: string | null;
  readonly group_id: number | null;
}

describe('the group of an account, picked in its form', () => {
  const session = perTestSessions({ setUp: signedUpOnStart });

  const accounts = async () =>
    (await apiCall(session.page, 'GET', `${session.server.url}/api/v1/twofaccounts`)) as StoredAccount[];

  it('the create form starts on the default group; the edit form moves the account', async () => {
    const { page } = session;
    const work = (await apiCall(page, 'POST', `${session.server.url}/api/v1/groups`, { name: 'Work' })) as {
      id: number;
    };
    await apiCall(page, 'POST', `${session.server.url}/api/v1/groups`, { name: 'Home' });
    await setSetting(page, session.server.url, 'defaultGroup', work.id);

    await page.goto(`${session.server.url}/account/create`);
    const group = page.getByRole('combobox', { name: 'Group' });
    await group.waitFor();
    await expect.poll(() => group.locator('option:checked').innerText()).toBe('Work');
    await expectAccessible(page, 'on the create form');
    await page.getByLabel('Service', { exact: true }).fill('Slack');
    await page.getByLabel('Account', { exact: true }).fill('jane');
    await page.getByLabel('Secret', { exact: true }).fill(SECRET);
    await screenshots(page, 'group-picker-create');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/accounts/);
    const slack = (await accounts()).find((account) => account.service === 'Slack');
    expect(slack?.group_id).toBe(work.id);

    await page.goto(`${session.server.url}/account/${slack!.id}/edit`);
    await group.waitFor();
    await expect.poll(() => group.locator('option:checked').innerText()).toBe('Work');
    await group.selectOption({ label: 'Home' });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/accounts/);
    const moved = (await accounts()).find((account) => account.id === slack!.id);
    const home = (
      (await apiCall(page, 'GET', `${session.server.url}/api/v1/groups`)) as { id: number; name: string }[]
    ).find((entry) => entry.name === 'Home');
    expect(moved?.group_id).toBe(home?.id);

    await page.goto(`${session.server.url}/account/${slack!.id}/edit`);
    await group.waitFor();
    await group.selectOption({ label: 'No group' });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/accounts/);
    expect((await accounts()).find((account) => account.id === slack!.id)?.group_id).toBeNull();
  });

  it('no picker while there is no group; the account then has none', async () => {
    const { page } = session;
    await createAccount(page, session.server.url, {
      service: 'Mail',
      account: 'jane',
      otp_type: 'totp',
      secret: SECRET,
    });
    await page.goto(`${session.server.url}/account/create`);
    await page.getByLabel('Service', { exact: true }).waitFor();
    await expect.poll(() => page.getByRole('combobox', { name: 'Group' }).count()).toBe(0);
  });

  it('the quick form after a scan starts on the default group too, and saves the one picked', async () => {
    const { page, server } = session;
    const groupNamed = async (name: string) =>
      (await apiCall(page, 'POST', `${server.url}/api/v1/groups`, { name })) as { id: number };
    const work = await groupNamed('Work');
    const home = await groupNamed('Home');
    await setSetting(page, server.url, 'defaultGroup', work.id);

    const scan = async (service: string) => {
      await page.goto(`${server.url}/start`);
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Upload a QR code image' }).click();
      await (
        await chooser
      ).setFiles(await qrPng(`otpauth://totp/${service}:jane?secret=${SECRET}&issuer=${service}`, service));
      await page.getByText(service, { exact: true }).waitFor();
    };
    const group = page.getByRole('combobox', { name: 'Group' });

    await scan('Quickwork');
    await expect.poll(() => group.locator('option:checked').innerText()).toBe('Work');
    await expectAccessible(page, 'on the quick form');
    await screenshots(page, 'group-picker-quick');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/accounts/);
    expect((await accounts()).find((account) => account.service === 'Quickwork')?.group_id).toBe(work.id);

    await scan('Quickhome');
    await group.selectOption({ label: 'Home' });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/accounts/);
    expect((await accounts()).find((account) => account.service === 'Quickhome')?.group_id).toBe(home.id);
  });
});
