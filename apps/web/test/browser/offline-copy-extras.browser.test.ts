import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, createAccount, SECRET } from './accounts-helpers';
import { screenshots } from './harness';
import { perTestSessions, signedUpOnStart } from './per-test';
import { cutServer, PASSPHRASE, restoreServer, storedBytes, turnOnCopy } from './device-copy-helpers';

const NOTE = 'Backup phone is the blue one, PIN in the safe';
const CODES = ['ZX81-QL47-0001', 'ZX81-QL47-0002'];
const EDITED_NOTE = 'Edited online: ask Ada for the vault key';

const extrasSwitch = (page: Page) =>
  page.getByRole('switch', { name: "Also keep notes and recovery codes in this device's copy" });

/** Offline, the copy unlocked, the account's code window open. */
async function openOffline(page: Page, url: string): Promise<void> {
  await cutServer(page);
  await page.goto(`${url}/accounts`);
  await page.getByRole('heading', { name: "Unlock this device's copy" }).waitFor({ timeout: 20_000 });
  await page.getByLabel('Passphrase', { exact: true }).fill(PASSPHRASE);
  await page.getByRole('button', { name: 'Unlock', exact: true }).click();
  await page
    .getByRole('list', { name: 'Accounts' })
    .getByRole('button', { name: /^GitHub/ })
    .click({ timeout: 20_000 });
}

/** The extras records held in the stored copy (sealed): their count. */
const extrasRecords = (page: Page) =>
  page.evaluate(async () => {
    const database = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('twofold-device-copy');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB'));
    });
    const copy = await new Promise<{ records?: { extras?: object }; keepsExtras?: boolean }>(
      (resolve, reject) => {
        const request = database.transaction('copy').objectStore('copy').get('current');
        request.onsuccess = () => resolve(request.result as { records?: { extras?: object } });
        request.onerror = () => reject(request.error ?? new Error('IndexedDB'));
      },
    );
    database.close();
    return { count: Object.keys(copy.records?.extras ?? {}).length, keeps: copy.keepsExtras === true };
  });

describe("notes and recovery codes in this device's copy (the user's choice)", () => {
  const session = perTestSessions({ setUp: signedUpOnStart });

  it('off: not in the copy, sealed or not, and said so offline; on: shown offline after unlock and kept current; off again: gone', async () => {
    const { page } = session;
    const url = session.server.url;
    const github = await createAccount(page, url, {
      service: 'GitHub',
      account: 'octocat',
      otp_type: 'totp',
      secret: SECRET,
      note: NOTE,
      recovery_codes: CODES.map((code) => ({ code })),
    });
    await turnOnCopy(page, url);
    await expect.poll(() => extrasSwitch(page).getAttribute('aria-checked')).toBe('false');

    // Off (the default): nothing of them on the device, in clear or sealed.
    await expect.poll(() => extrasRecords(page)).toEqual({ count: 0, keeps: false });
    const offDump = (await storedBytes(page)).toLowerCase();
    expect(offDump).toContain('idb:twofold-device-copy/copy');
    for (const clear of [NOTE, ...CODES]) expect(offDump).not.toContain(clear.toLowerCase());

    await openOffline(page, url);
    const dialog = page.getByRole('dialog');
    await dialog
      .getByText(
        'The note and recovery codes are not kept on this device: they show when the server can be reached.',
      )
      .waitFor({ timeout: 20_000 });
    await expect.poll(() => dialog.getByText(NOTE).count()).toBe(0);
    await restoreServer(page);

    // On: the server asks who the user is, then every record is sealed again with them.
    await page.goto(`${url}/settings/device`);
    await extrasSwitch(page).click();
    await page.getByLabel('Password', { exact: true }).fill('correct horse battery');
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await page
      .getByText("Notes and recovery codes are now kept in this device's copy.")
      .waitFor({ timeout: 20_000 });
    await expect.poll(() => extrasSwitch(page).getAttribute('aria-checked')).toBe('true');
    await expect.poll(() => extrasRecords(page)).toEqual({ count: 1, keeps: true });
    const onDump = (await storedBytes(page)).toLowerCase();
    for (const clear of [NOTE, ...CODES])
      expect(onDump, 'sealed, never in clear').not.toContain(clear.toLowerCase());
    await screenshots(page, 'offline-copy-extras-setting');

    // A note edited online reaches the copy at the next refresh (the choice survives the reload).
    const before = await storedRevision(page);
    await apiCall(page, 'PUT', `${url}/api/v1/twofaccounts/${github.id}/recovery`, { note: EDITED_NOTE });
    await page.goto(`${url}/accounts`);
    await page
      .getByRole('list', { name: 'Accounts' })
      .getByRole('button', { name: /^GitHub/ })
      .waitFor();
    await expect.poll(() => storedRevision(page), { timeout: 20_000 }).not.toBe(before);
    await expect.poll(() => extrasRecords(page)).toEqual({ count: 1, keeps: true });

    await openOffline(page, url);
    await dialog.getByRole('heading', { name: 'Note and recovery codes' }).waitFor({ timeout: 20_000 });
    await dialog.getByText(EDITED_NOTE).waitFor({ timeout: 20_000 });
    const codes = dialog.getByRole('list', { name: 'Recovery codes' });
    for (const code of CODES) await codes.getByText(code).waitFor();
    await dialog.getByText('Read only: changes, such as marking a code used, need the server.').waitFor();
    await expect.poll(() => dialog.getByRole('button', { name: 'Mark used' }).count()).toBe(0);
    await screenshots(page, 'offline-copy-extras-code-window');
    // The list's recovery badge opens them too, read only.
    await page.keyboard.press('Escape');
    await page
      .getByRole('link', { name: /^Recovery codes/ })
      .first()
      .click();
    const recoveryDialog = page.getByRole('dialog', { name: 'Recovery codes of GitHub' });
    await recoveryDialog.getByText(EDITED_NOTE).waitFor({ timeout: 20_000 });
    await expect.poll(() => recoveryDialog.getByRole('button', { name: 'Mark used' }).count()).toBe(0);
    await restoreServer(page);

    // Off again: their records leave the stored copy, and nothing of them stays on the device.
    await page.goto(`${url}/settings/device`);
    await expect.poll(() => extrasSwitch(page).getAttribute('aria-checked')).toBe('true');
    await extrasSwitch(page).click();
    await page
      .getByText("Notes and recovery codes were removed from this device's copy.")
      .waitFor({ timeout: 20_000 });
    await expect.poll(() => extrasRecords(page)).toEqual({ count: 0, keeps: false });
    const againDump = (await storedBytes(page)).toLowerCase();
    for (const clear of [NOTE, EDITED_NOTE, ...CODES]) expect(againDump).not.toContain(clear.toLowerCase());
    await openOffline(page, url);
    await dialog
      .getByText(
        'The note and recovery codes are not kept on this device: they show when the server can be reached.',
      )
      .waitFor({ timeout: 20_000 });
  });
});

/** The server revision of the copy's last refresh (readable in the stored copy). */
const storedRevision = (page: Page) =>
  page.evaluate(async () => {
    const database = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('twofold-device-copy');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB'));
    });
    const copy = await new Promise<{ revision?: string }>((resolve, reject) => {
      const request = database.transaction('copy').objectStore('copy').get('current');
      request.onsuccess = () => resolve(request.result as { revision?: string });
      request.onerror = () => reject(request.error ?? new Error('IndexedDB'));
    });
    database.close();
    return copy.revision ?? null;
  });
