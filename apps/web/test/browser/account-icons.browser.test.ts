import { beforeAll, describe, expect, it } from 'vitest';
import { screenshots } from './harness';
import { apiCall, createAccount, qrPng, SECRET, setSetting } from './accounts-helpers';
import { registerByApi } from './identity';
import { perTestSessions } from './per-test';

describe('account form icons: upload, remove, official logos, temporary files', () => {
  let imageA: string;
  let imageB: string;

  beforeAll(async () => {
    imageA = await qrPng('icon a', 'icon-a');
    imageB = await qrPng('icon b', 'icon-b');
  });

  // Each test starts signed in, with official logos fetched for new accounts.
  const session = perTestSessions({
    setUp: async ({ page }, server) => {
      await registerByApi(page, server.url);
      await setSetting(page, server.url, 'getOfficialIcons', true);
    },
  });

  const preview = () => session.page.getByRole('img', { name: 'Icon preview' });

  /** The icon file name shown by the preview. */
  async function previewName(): Promise<string> {
    const src = (await preview().getAttribute('src')) ?? '';
    return decodeURIComponent(src.replace(/^.*\/storage\/icons\//, ''));
  }

  async function iconStatus(name: string): Promise<number> {
    const { page, server } = session;
    return (await page.request.get(`${server.url}/storage/icons/${encodeURIComponent(name)}`)).status();
  }

  /** Waits until the server answers the icon with this status (deletions are fire-and-forget). */
  async function expectIconStatus(name: string, status: number): Promise<void> {
    const deadline = Date.now() + 5_000;
    let last = await iconStatus(name);
    while (last !== status && Date.now() < deadline) {
      await session.page.waitForTimeout(100);
      last = await iconStatus(name);
    }
    expect(last).toBe(status);
  }

  async function uploadIcon(buttonName: string, file: string): Promise<void> {
    const { page } = session;
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: buttonName }).click();
    await (await chooser).setFiles(file);
  }

  async function openAdvancedForm() {
    const { page, server } = session;
    await page.goto(`${server.url}/account/create`);
    await page.getByRole('heading', { name: 'New account' }).waitFor();
  }

  it('uploads an icon with a preview; replacing or removing it deletes the temporary file', async () => {
    const { page } = session;
    await openAdvancedForm();
    await expect.poll(() => preview().count()).toBe(0);
    await uploadIcon('Upload an icon', imageA);
    await preview().waitFor();
    const first = await previewName();
    await expect.poll(() => iconStatus(first)).toBe(200);
    await screenshots(page, 'form-icon-uploaded');

    await uploadIcon('Change the icon', imageB);
    await page.waitForFunction(
      (name) => !document.querySelector(`img[src$="${encodeURIComponent(name)}"]`),
      first,
    );
    const second = await previewName();
    expect(second).not.toBe(first);
    await expectIconStatus(first, 404);
    await expect.poll(() => iconStatus(second)).toBe(200);

    await page.getByRole('button', { name: 'Remove the icon' }).click();
    await preview().waitFor({ state: 'detached' });
    await expectIconStatus(second, 404);
  });

  it("fetches an official logo with 'I'm lucky', warns when there is none", async () => {
    const { page, server } = session;
    await openAdvancedForm();
    const lucky = page.getByRole('button', { name: "I'm lucky" });
    await expect.poll(() => lucky.isDisabled()).toBe(true);
    await page.getByLabel('Service', { exact: true }).fill('Nosuchservicezz');
    await lucky.click();
    await page.getByRole('alert').filter({ hasText: 'No logo available for Nosuchservicezz' }).waitFor();
    await expect.poll(() => preview().count()).toBe(0);
    await screenshots(page, 'form-icon-no-logo');

    await page.getByLabel('Service', { exact: true }).fill('GitHub');
    await lucky.click();
    await preview().waitFor();
    const logo = await previewName();
    await expect.poll(() => iconStatus(logo)).toBe(200);
    await screenshots(page, 'form-icon-lucky');
    await page.getByLabel('Account', { exact: true }).fill('octo');
    await page.getByLabel('Secret', { exact: true }).fill(SECRET);
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/accounts/);
    // Saved: the icon is the account's now, it stays.
    await expect.poll(() => iconStatus(logo)).toBe(200);
    const accounts = (await apiCall(page, 'GET', `${server.url}/api/v1/twofaccounts`)) as {
      account: string;
      icon: string | null;
    }[];
    expect(accounts.find((account) => account.account === 'octo')?.icon).toBe(logo);
  });

  it('deletes a temporary icon when the new account is cancelled', async () => {
    const { page } = session;
    await openAdvancedForm();
    await page.getByLabel('Service', { exact: true }).fill('Cancelled');
    await uploadIcon('Upload an icon', imageA);
    await preview().waitFor();
    const temporary = await previewName();
    await page.getByRole('button', { name: 'Cancel' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Discard this new account?' });
    await confirm.getByRole('button', { name: 'Discard' }).click();
    await page.waitForURL(/\/accounts/);
    await expectIconStatus(temporary, 404);
  });

  it('editing: a cancelled upload is deleted, the saved icon is kept; replacing it on save deletes the old one', async () => {
    const { page, server } = session;
    const { id } = await createAccount(page, server.url, {
      service: 'GitHub',
      account: 'edited',
      secret: SECRET,
      otp_type: 'totp',
    });
    const created = (await apiCall(page, 'GET', `${server.url}/api/v1/twofaccounts/${id}`)) as {
      icon: string | null;
    };
    // getOfficialIcons: the server fetched the logo on create.
    const saved = created.icon;
    expect(saved).toBeTruthy();

    await page.goto(`${server.url}/account/${id}/edit`);
    await page.getByRole('heading', { name: 'Edit account' }).waitFor();
    await preview().waitFor();
    await expect.poll(() => previewName()).toBe(saved);
    await uploadIcon('Change the icon', imageA);
    await page.waitForFunction(
      (name) => !document.querySelector(`img[src$="${encodeURIComponent(name)}"]`),
      saved!,
    );
    const cancelled = await previewName();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(/\/accounts/);
    await expectIconStatus(cancelled, 404);
    await expect.poll(() => iconStatus(saved!)).toBe(200);

    await page.goto(`${server.url}/account/${id}/edit`);
    await page.getByRole('heading', { name: 'Edit account' }).waitFor();
    await preview().waitFor();
    await uploadIcon('Change the icon', imageB);
    await page.waitForFunction(
      (name) => !document.querySelector(`img[src$="${encodeURIComponent(name)}"]`),
      saved!,
    );
    const replacement = await previewName();
    await screenshots(page, 'form-icon-edit-replaced');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/accounts/);
    await expectIconStatus(saved!, 404);
    await expect.poll(() => iconStatus(replacement)).toBe(200);
    const after = (await apiCall(page, 'GET', `${server.url}/api/v1/twofaccounts/${id}`)) as {
      icon: string | null;
    };
    expect(after.icon).toBe(replacement);
  });
});
