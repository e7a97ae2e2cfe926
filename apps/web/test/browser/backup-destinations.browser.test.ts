import { mkdirSync, readdirSync, renameSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebdavServer, type WebdavTestServer } from '../../../api/src/test/webdav-server';
import { BACKUP_PASSWORD, readyForBackups } from './backup-helpers';
import { expectAccessible } from './axe';
import { screenshots } from './harness';
import { perTestSessions } from './per-test';

/*
 * Settings, Backups, Destinations against a real WebDAV server (npm webdav-server, the one the API
 * tests use) on loopback: added through the form, tested, written to by "Back up now" and checked,
 * a bad URL refused on its field, edited without retyping the password, opened by the restore
 * drill, then removed.
 */

let webdav: WebdavTestServer;

beforeAll(async () => {
  webdav = await startWebdavServer();
});

afterAll(async () => {
  await webdav?.stop();
});

/** The identity confirmation the server asks for before a destination changes. */
async function confirmIdentity(page: Page) {
  const group = page.getByRole('group', { name: 'Confirm', exact: true });
  await group.getByLabel('Password', { exact: true }).fill('correct horse battery');
  await group.getByRole('button', { name: 'Confirm' }).click();
}

describe('backup destinations in the settings', () => {
  const t = perTestSessions();

  it('adds a WebDAV destination, tests it, backs up to it, edits it, drills a restore, removes it', async () => {
    const { page, server } = t;
    const folder = `run-${Date.now()}`;
    mkdirSync(path.join(webdav.dir, folder));
    await readyForBackups(page, server.url);

    const destinations = page.getByRole('list', { name: 'Destinations' });
    await destinations.getByRole('listitem', { name: "This server's backup folder" }).waitFor();

    // A bad URL: the server's error shows under the URL field.
    await page.getByRole('button', { name: 'Add a destination' }).click();
    const form = page.getByRole('form', { name: 'Add a destination' });
    await form.getByLabel('Kind').selectOption('webdav');
    await form.getByLabel('Name', { exact: true }).fill('Nextcloud');
    await form.getByLabel('Folder URL').fill('ftp://not-a-webdav-url');
    await form.getByLabel('User name').fill(webdav.username);
    await form.getByLabel('Password', { exact: true }).fill(webdav.password);
    await form.getByRole('button', { name: 'Add', exact: true }).click();
    await confirmIdentity(page);
    const urlField = form.getByLabel('Folder URL');
    await expect.poll(() => urlField.getAttribute('aria-invalid')).toBe('true');
    await expect
      .poll(async () => (await form.locator('.field-invalid .field-error').allTextContents()).join(' '))
      .toMatch(/url/i);

    await urlField.fill(`${webdav.url}${folder}/`);
    await form.getByRole('button', { name: 'Add', exact: true }).click();
    const item = destinations.getByRole('listitem', { name: 'Nextcloud' });
    await item.getByText('No upload yet.').waitFor();
    await expect.poll(() => form.count()).toBe(0);

    await item.getByRole('button', { name: 'Test connection' }).click();
    await item.getByText('The connection works.').waitFor();

    // A backup goes to the destination, is read back and opened: the upload is listed as checked.
    await page.getByRole('button', { name: 'Back up now' }).click();
    await item.getByText(/^Last upload: .* · checked$/).waitFor();
    expect(readdirSync(path.join(webdav.dir, folder)).filter((name) => name.endsWith('.json'))).toHaveLength(
      1,
    );
    await screenshots(page, 'settings-backups-destinations');
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expectAccessible(page, `on Backups with a WebDAV destination (${scheme})`);
    }
    await page.emulateMedia({ colorScheme: 'light' });

    // Edited without retyping the password: the name changes, the connection still works.
    await item.getByRole('button', { name: 'Edit Nextcloud' }).click();
    const edit = page.getByRole('form', { name: 'Edit Nextcloud' });
    await edit.getByText('Set. Leave it empty to keep it.').waitFor();
    await edit.getByLabel('Name', { exact: true }).fill('Cloud');
    await edit.getByRole('button', { name: 'Save' }).click();
    const renamed = destinations.getByRole('listitem', { name: 'Cloud' });
    await renamed.getByRole('button', { name: 'Test connection' }).click();
    await renamed.getByText('The connection works.').waitFor();

    // Restore drill: a wrong password on its field, then the right one lists the account.
    await renamed.getByRole('button', { name: 'Restore drill' }).click();
    const drill = page.getByRole('form', { name: 'Restore drill on Cloud' });
    await drill.waitFor();
    await drill.getByLabel('Backup password').fill('not the password');
    await drill.getByRole('button', { name: 'Open it' }).click();
    await expect.poll(() => drill.getByLabel('Backup password').getAttribute('aria-invalid')).toBe('true');
    await drill.getByLabel('Backup password').fill(BACKUP_PASSWORD);
    await drill.getByRole('button', { name: 'Open it' }).click();
    await drill.getByText('This backup opens: 1 account.').waitFor();
    await drill.getByText('Kept (me)').waitFor();
    // The backups can no longer be listed (their folder went away), and a connection test reads
    // them again: the listing's error shows, and the earlier success goes.
    const kept = path.join(webdav.dir, folder);
    renameSync(kept, `${kept}-away`);
    await renamed.getByRole('button', { name: 'Test connection' }).click();
    await drill.getByRole('alert').waitFor();
    await expect.poll(() => drill.getByText('This backup opens: 1 account.').count()).toBe(0);
    renameSync(`${kept}-away`, kept);

    await renamed.getByRole('button', { name: 'Remove Cloud' }).click();
    await page
      .getByRole('alertdialog', { name: 'Remove this destination?' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await expect.poll(() => destinations.getByRole('listitem').count()).toBe(1);
    // The files already there stay.
    expect(readdirSync(path.join(webdav.dir, folder)).filter((name) => name.endsWith('.json'))).toHaveLength(
      1,
    );
  });
});
