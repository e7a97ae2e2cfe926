import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, createAccount, SECRET, tmp } from './accounts-helpers';
import { expectAccessible } from './axe';
import { registerByApi, USER } from './identity';
import { perTestSessions } from './per-test';

const OTHER = 'JBSWY3DPEHPK3PXP';

interface Stored {
  id: number;
  service: string | null;
  account: string;
  /** Names; absent when none. */
  tags?: string[];
  favorite?: true;
  has_note: boolean;
  recovery_codes: { total: number; unused: number };
}

interface Revealed {
  note: string | null;
  recovery_codes: { code: string; used_at: string | null }[];
}

const listAccounts = (page: Page, url: string) =>
  apiCall(page, 'GET', `${url}/api/v1/twofaccounts?withExtras=1`) as Promise<Stored[]>;

/** The note and codes as the server reveals them (the session confirms its password first). */
async function reveal(page: Page, url: string, id: number): Promise<Revealed> {
  await apiCall(page, 'POST', `${url}/user/confirm`, { password: USER.password });
  return (await apiCall(page, 'GET', `${url}/api/v1/twofaccounts/${id}/recovery`)) as Revealed;
}

describe('the account form: tags, star, note and recovery codes', () => {
  const session = perTestSessions({
    setUp: async ({ page }, server) => {
      await registerByApi(page, server.url);
      // An existing tag, offered as a suggestion.
      await createAccount(page, server.url, {
        service: 'Existing',
        account: 'me',
        otp_type: 'totp',
        secret: OTHER,
        tags: ['Work'],
      });
    },
  });

  it('creates an account with tags made on the fly, a note, recovery codes and the star', async () => {
    const { page, server } = session;
    await page.goto(`${server.url}/account/create`);
    await page.getByRole('heading', { name: 'New account' }).waitFor();
    await page.getByLabel('Service', { exact: true }).fill('Mail');
    await page.getByLabel('Account', { exact: true }).fill('ada');
    await page.getByLabel('Secret', { exact: true }).fill(SECRET);

    const tagInput = page.getByRole('combobox', { name: 'Tags' });
    // The existing tags are suggested once they are read (a user typing sooner adds the name as typed).
    await expect.poll(() => page.locator('datalist option[value="Work"]').count()).toBe(1);
    await tagInput.fill('work');
    await tagInput.press('Enter');
    await tagInput.fill('Personal');
    await page.getByRole('button', { name: 'Add tag' }).click();
    await tagInput.fill('Oops');
    await tagInput.press('Enter');
    await page.getByRole('button', { name: 'Remove the tag Oops' }).click();
    // The existing tag keeps its spelling.
    const chips = page.getByRole('list', { name: 'Tags' }).getByRole('listitem');
    await expect.poll(() => chips.allInnerTexts()).toEqual(['Work\n×', 'Personal\n×']);

    const star = page.getByRole('button', { name: 'Favourite' });
    await expect.poll(() => star.getAttribute('aria-pressed')).toBe('false');
    await star.click();
    await expect.poll(() => star.getAttribute('aria-pressed')).toBe('true');
    await page.getByLabel('Note', { exact: true }).fill('Spare phone in the drawer');
    await page.getByLabel('Recovery codes', { exact: true }).fill('alpha-1111\n\n  bravo-2222  \n');
    await expectAccessible(page, 'on the account form with its tags, note and codes');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/accounts/);
    await page.getByRole('link', { name: 'Recovery codes: 2 of 2 unused' }).waitFor();

    const mail = (await listAccounts(page, server.url)).find((account) => account.service === 'Mail');
    expect(mail).toMatchObject({
      favorite: true,
      has_note: true,
      recovery_codes: { total: 2, unused: 2 },
    });
    expect([...(mail!.tags ?? [])].sort()).toEqual(['Personal', 'Work']);
    const revealed = await reveal(page, server.url, mail!.id);
    expect(revealed.note).toBe('Spare phone in the drawer');
    expect(revealed.recovery_codes.map((code) => code.code)).toEqual(['alpha-1111', 'bravo-2222']);
  });

  it('edits them: the note and codes show only after confirming the password; a used code keeps its date', async () => {
    const { page, server } = session;
    const { id } = await createAccount(page, server.url, {
      service: 'Bank',
      account: 'ada',
      otp_type: 'totp',
      secret: SECRET,
      tags: ['Money'],
      note: 'Branch: Main Street',
      recovery_codes: [{ code: 'used-0001', used_at: '2026-03-04T10:00:00.000Z' }, { code: 'fresh-0002' }],
      favorite: true,
    });
    await page.goto(`${server.url}/account/${id}/edit`);
    await page.getByRole('heading', { name: 'Edit account' }).waitFor();
    await expect
      .poll(() => page.getByRole('list', { name: 'Tags' }).getByRole('listitem').allInnerTexts())
      .toEqual(['Money\n×']);
    await expect
      .poll(() => page.getByRole('button', { name: 'Favourite' }).getAttribute('aria-pressed'))
      .toBe('true');
    // Nothing secret on the page until the password is confirmed.
    await expect.poll(() => page.locator('main').innerText()).not.toContain('fresh-0002');
    await page.getByRole('button', { name: 'Show the note and recovery codes' }).click();
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('not the password');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Wrong password').waitFor();
    await expect.poll(() => page.locator('main').innerText()).not.toContain('fresh-0002');
    await password.fill(USER.password);
    await password.press('Enter');

    const codes = page.getByLabel('Recovery codes', { exact: true });
    await expect.poll(() => codes.inputValue()).toBe('used-0001\nfresh-0002');
    await expect
      .poll(() => page.getByLabel('Note', { exact: true }).inputValue())
      .toBe('Branch: Main Street');
    const used = page.getByRole('list', { name: 'Used codes' });
    await expect.poll(() => used.innerText()).toMatch(/used-0001\s+used on Mar 4, 2026/);

    await page.getByLabel('Note', { exact: true }).fill('Branch: High Street');
    await codes.fill('used-0001\nnew-0003');
    await page.getByRole('button', { name: 'Remove the tag Money' }).click();
    await page.getByRole('combobox', { name: 'Tags' }).fill('Finance');
    await page.getByRole('combobox', { name: 'Tags' }).press('Enter');
    await page.getByRole('button', { name: 'Favourite' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/accounts/);

    const bank = (await listAccounts(page, server.url)).find((account) => account.id === id);
    expect(bank?.tags).toEqual(['Finance']);
    expect(bank?.favorite).toBeUndefined();
    const revealed = await reveal(page, server.url, id);
    expect(revealed.note).toBe('Branch: High Street');
    expect(revealed.recovery_codes).toEqual([
      expect.objectContaining({ code: 'used-0001', used_at: '2026-03-04T10:00:00.000Z' }),
      expect.objectContaining({ code: 'new-0003', used_at: null }),
    ]);
  });

  it('a save without revealing keeps the stored note and codes', async () => {
    const { page, server } = session;
    const { id } = await createAccount(page, server.url, {
      service: 'Shop',
      account: 'ada',
      otp_type: 'totp',
      secret: SECRET,
      note: 'keep me',
      recovery_codes: [{ code: 'keep-0001' }],
    });
    await page.goto(`${server.url}/account/${id}/edit`);
    await page.getByLabel('Account', { exact: true }).fill('ada2');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/accounts/);
    const revealed = await reveal(page, server.url, id);
    expect(revealed.note).toBe('keep me');
    expect(revealed.recovery_codes.map((code) => code.code)).toEqual(['keep-0001']);
  });
});

describe('the Tags screen', () => {
  const session = perTestSessions({
    setUp: async ({ page }, server) => {
      await registerByApi(page, server.url);
      for (const [service, tags] of [
        ['Alpha', ['Work', 'Mail']],
        ['Bravo', ['Work']],
      ] as const)
        await createAccount(page, server.url, {
          service,
          account: 'me',
          otp_type: 'totp',
          secret: SECRET,
          tags: [...tags],
        });
    },
  });

  it('lists tags with their counts, renames (a clash is refused) and deletes after confirming', async () => {
    const { page, server } = session;
    await page.goto(`${server.url}/accounts?toRefresh=true`);
    await page.getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitem', { name: 'Tags' }).click();
    await page.getByRole('heading', { name: 'Tags' }).waitFor();
    const rows = page.getByRole('list', { name: 'Tags' }).getByRole('listitem');
    await expect
      .poll(() => rows.allInnerTexts())
      .toEqual([expect.stringMatching(/^Mail\s+1 account/), expect.stringMatching(/^Work\s+2 accounts/)]);
    await expectAccessible(page, 'on the Tags screen');

    await page.getByRole('button', { name: 'Rename Work' }).click();
    const name = page.getByLabel('New name for Work');
    await name.fill('mail');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(/already been taken/).waitFor();
    await name.fill('Office');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Rename Office' }).waitFor();

    await page.getByRole('button', { name: 'Delete Mail' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete the tag Mail?' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => rows.allInnerTexts()).toEqual([expect.stringMatching(/^Office\s+2 accounts/)]);

    // The accounts stay, with their other tags.
    const stored = await listAccounts(page, server.url);
    expect(stored.map((account) => [account.service, account.tags ?? []])).toEqual([
      ['Alpha', ['Office']],
      ['Bravo', ['Office']],
    ]);
  });
});

describe('the web import keeps tags, note, recovery codes and the star', () => {
  const session = perTestSessions({ setUp: async ({ page }, server) => registerByApi(page, server.url) });

  it('an Aegis vault with a note, two groups, a favourite and recovery codes', async () => {
    const { page, server } = session;
    const vault = {
      version: 1,
      header: { slots: null, params: null },
      db: {
        version: 3,
        entries: [
          {
            type: 'totp',
            uuid: '8fd4c2b6-3f1e-4a57-9d0b-5a1f0e2c7d11',
            name: 'alice@example.com',
            issuer: 'Google',
            note: 'Recovery phone: the blue one',
            favorite: true,
            icon: null,
            info: { secret: OTHER, algo: 'SHA1', digits: 6, period: 30 },
            groups: ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'],
            twofold: {
              recovery_codes: [
                { code: 'g-0001', used_at: null },
                { code: 'g-0002', used_at: null },
              ],
            },
          },
        ],
        groups: [
          { uuid: '11111111-1111-4111-8111-111111111111', name: 'Work' },
          { uuid: '22222222-2222-4222-8222-222222222222', name: 'Mail' },
        ],
      },
    };
    const file = path.join(tmp, 'aegis-with-extras.json');
    writeFileSync(file, JSON.stringify(vault));
    await page.goto(`${server.url}/account/import`);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload an export file' }).click();
    await (await chooser).setFiles(file);
    await page.getByRole('button', { name: 'Import all (1)' }).click();
    await page.getByRole('status').filter({ hasText: 'Imported: 1. Skipped: 0. Failed: 0.' }).waitFor();

    const [google] = await listAccounts(page, server.url);
    expect(google).toMatchObject({
      service: 'Google',
      favorite: true,
      has_note: true,
      recovery_codes: { total: 2, unused: 2 },
    });
    expect([...(google!.tags ?? [])].sort()).toEqual(['Mail', 'Work']);
    const revealed = await reveal(page, server.url, google!.id);
    expect(revealed.note).toBe('Recovery phone: the blue one');
    expect(revealed.recovery_codes.map((code) => code.code)).toEqual(['g-0001', 'g-0002']);
  });
});
