import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  launchSharedBrowser,
  screenshots,
  startResettableServer,
  type ResettableServer,
  type SharedBrowser,
} from './harness';
import { apiCall, createAccount, SECRET, signUp, tmp } from './accounts-helpers';
import { BACKUP_PASSWORD } from './backup-helpers';
import { expectAccessible } from './axe';

/*
 * Settings, Backups: the backup password typed twice, "Back up now", the list, a download, and the
 * downloaded backup restored into a fresh instance through the import screen with its password.
 */

let server: ResettableServer;
let shared: SharedBrowser;

beforeAll(async () => {
  server = await startResettableServer();
  shared = await launchSharedBrowser();
});

afterAll(async () => {
  await shared?.close();
  await server?.stop();
});

beforeEach(async () => {
  await server.reset();
});

async function setPassword(page: Page) {
  await page.goto(`${server.url}/settings/backups`);
  await page.getByText('No backup password yet').waitFor();
  await expect.poll(() => page.getByRole('button', { name: 'Back up now' }).isDisabled()).toBe(true);
  await page
    .locator('input')
    .and(page.getByLabel('Backup password', { exact: true }))
    .fill(BACKUP_PASSWORD);
  await page.getByLabel('Backup password again').fill('not the same');
  await page.getByRole('button', { name: 'Set the backup password' }).click();
  await page.getByText('The two passwords differ.').waitFor();
  await page.getByLabel('Backup password again').fill(BACKUP_PASSWORD);
  await page.getByRole('button', { name: 'Set the backup password' }).click();
  await page.getByText('A backup password is set.').waitFor();
}

describe('backups in the settings', () => {
  it('sets the password, changes the schedule, backs up now, downloads, deletes', async () => {
    const session = await shared.newSession();
    const { page } = session;
    await signUp(page, server.url);
    await createAccount(page, server.url, {
      service: 'Kept',
      account: 'me',
      otp_type: 'totp',
      secret: SECRET,
    });
    await setPassword(page);

    await page.getByLabel('Automatic backups').selectOption('daily');
    await page.getByText('Backup settings saved').first().waitFor();
    const settings = (await apiCall(page, 'GET', `${server.url}/api/v1/backups/settings`)) as {
      frequency: string;
      keep: number;
    };
    expect(settings).toMatchObject({ frequency: 'daily', keep: 14 });

    await page.getByRole('button', { name: 'Back up now' }).click();
    const list = page.getByRole('list', { name: 'Backups' });
    await list.getByText('1 account ·').waitFor();
    await page.getByText(/Last backup: .*, succeeded\./).waitFor();
    await screenshots(page, 'settings-backups');
    // The success callouts (password set, last backup) are read in both themes.
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expectAccessible(page, `on Backups after a backup (${scheme})`);
    }

    const started = page.waitForEvent('download');
    await list.getByRole('button', { name: /^Download the backup of / }).click();
    const file = await started;
    expect(file.suggestedFilename()).toMatch(/^twofold-backup-\d{8}T\d{6}Z\.json$/);
    const vault = JSON.parse(readFileSync((await file.path()) ?? '', 'utf8')) as { db: unknown };
    expect(typeof vault.db).toBe('string');

    await list.getByRole('button', { name: /^Delete the backup of / }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete this backup?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByText('No backups yet.').waitFor();
    await session.close();
  });

  it('the break-glass file: the switch saves, the download asks who the user is first', async () => {
    const session = await shared.newSession();
    const { page } = session;
    await signUp(page, server.url);
    await createAccount(page, server.url, {
      service: 'Sealed',
      account: 'me',
      otp_type: 'totp',
      secret: SECRET,
    });
    await setPassword(page);

    const toggle = page.getByRole('switch', { name: 'Write it with each backup' });
    await toggle.click();
    await page.getByText('Backup settings saved').first().waitFor();
    await expect
      .poll(
        async () =>
          ((await apiCall(page, 'GET', `${server.url}/api/v1/backups/settings`)) as { break_glass: boolean })
            .break_glass,
      )
      .toBe(true);

    await page.getByRole('button', { name: 'Download the break-glass file' }).click();
    await page.getByLabel('Password', { exact: true }).fill('correct horse battery');
    await screenshots(page, 'settings-backups-break-glass');
    const started = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Confirm' }).click();
    const file = await started;
    expect(file.suggestedFilename()).toBe('twofold-break-glass.html');
    const html = readFileSync((await file.path()) ?? '', 'utf8');
    expect(html).toContain('<meta http-equiv="Content-Security-Policy"');
    expect(html).not.toContain(SECRET);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expectAccessible(page, `on Backups with the break-glass section (${scheme})`);
    }
    await session.close();
  });

  it('a backup restores into a fresh instance through the import screen, with its password', async () => {
    const first = await shared.newSession();
    await signUp(first.page, server.url);
    await createAccount(first.page, server.url, {
      service: 'Restored',
      account: 'alice',
      otp_type: 'totp',
      secret: SECRET,
    });
    await createAccount(first.page, server.url, {
      service: 'Counter',
      account: 'bob',
      otp_type: 'hotp',
      secret: SECRET,
      counter: 7,
    });
    await setPassword(first.page);
    await first.page.getByRole('button', { name: 'Back up now' }).click();
    const list = first.page.getByRole('list', { name: 'Backups' });
    await list.getByText('2 accounts ·').waitFor();
    const started = first.page.waitForEvent('download');
    await list.getByRole('button', { name: /^Download the backup of / }).click();
    const backupFile = path.join(tmp, 'restore-me.json');
    writeFileSync(backupFile, readFileSync((await (await started).path()) ?? ''));
    await first.close();

    // A fresh instance: no user, no accounts.
    await server.reset();
    const second = await shared.newSession();
    const { page } = second;
    await signUp(page, server.url);
    await page.goto(`${server.url}/account/import`);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload an export file' }).click();
    await (await chooser).setFiles(backupFile);
    const prompt = page.getByRole('form', { name: 'Password of the Aegis export' });
    await prompt.getByLabel('Export password').fill(BACKUP_PASSWORD);
    await prompt.getByRole('button', { name: 'Decrypt' }).click();
    await page.getByText('2 valid accounts found').waitFor();
    await page.getByRole('button', { name: 'Import all (2)' }).click();
    const rows = page.getByRole('list', { name: 'Accounts found' }).getByRole('listitem');
    await expect.poll(() => rows.filter({ hasText: 'Imported' }).count()).toBe(2);
    const accounts = (await apiCall(page, 'GET', `${server.url}/api/v1/twofaccounts?withSecret=1`)) as {
      service: string;
      account: string;
      secret: string;
      otp_type: string;
      counter: number | null;
    }[];
    expect(
      accounts
        .map(({ service, account, secret, otp_type, counter }) => [
          service,
          account,
          secret,
          otp_type,
          counter,
        ])
        .sort(),
    ).toEqual([
      ['Counter', 'bob', SECRET, 'hotp', 7],
      ['Restored', 'alice', SECRET, 'totp', null],
    ]);
    await second.close();
  });
});
