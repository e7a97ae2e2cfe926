import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { decodeMigrationUri } from '@twofold/otp/browser';
import {
  launchSharedBrowser,
  screenshots,
  startResettableServer,
  type ResettableServer,
  type SharedBrowser,
} from './harness';
import { apiCall, createAccount, SECRET, signUp } from './accounts-helpers';

/*
 * Export from Manage mode: the selected accounts (or all of them) in each format, read back from
 * the downloaded file; Google Authenticator's QR codes shown one by one and decoded again.
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

async function signedInWith(
  services: readonly string[],
): Promise<{ page: Page; close: () => Promise<void> }> {
  const session = await shared.newSession();
  await signUp(session.page, server.url);
  for (const service of services) {
    await createAccount(session.page, server.url, {
      service,
      account: 'me',
      otp_type: 'totp',
      secret: SECRET,
    });
  }
  await session.page.goto(`${server.url}/accounts`);
  // The previous visit's list shows first, and the app was open while the accounts were made: when
  // its list lacks some, it stays on screen behind "Some data have changed" until Reload.
  const page = session.page;
  await expect
    .poll(async () => {
      const reload = page.getByRole('button', { name: 'Reload', exact: true });
      if (await reload.isVisible()) await reload.click();
      return page.getByText(services.at(-1) ?? '', { exact: true }).isVisible();
    })
    .toBe(true);
  return session;
}

async function openExport(page: Page, select: readonly string[]) {
  await page.getByRole('button', { name: 'Manage' }).click();
  for (const service of select) await page.getByRole('checkbox', { name: `Select ${service} (me)` }).click();
  await page.getByRole('toolbar').getByRole('button', { name: 'Export' }).click();
  return page.getByRole('dialog', { name: 'Export accounts' });
}

async function download(
  page: Page,
  format: string,
  fill?: (dialog: ReturnType<Page['getByRole']>) => Promise<void>,
) {
  const dialog = await openExport(page, ['Alpha', 'Charlie']);
  await dialog.getByText('The 2 selected accounts.').waitFor();
  await dialog.getByLabel(format).check();
  if (fill) await fill(dialog);
  const started = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download' }).click();
  const file = await started;
  return { name: file.suggestedFilename(), text: readFileSync((await file.path()) ?? '', 'utf8') };
}

describe('export from Manage mode', () => {
  it('2FAuth JSON and the otpauth list hold the selected accounts only, after a warning', async () => {
    const { page, close } = await signedInWith(['Alpha', 'Bravo', 'Charlie']);
    const dialog = await openExport(page, ['Alpha', 'Charlie']);
    await dialog.getByText(/holds your secrets in clear/).waitFor();
    await screenshots(page, 'export-dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.reload();

    const json = await download(page, '2FAuth (JSON)');
    expect(json.name).toBe('twofold-export.2fauth.json');
    const data = (JSON.parse(json.text) as { data: { service: string; secret: string }[] }).data;
    expect(data.map((item) => item.service).sort()).toEqual(['Alpha', 'Charlie']);
    expect(data.every((item) => item.secret === SECRET)).toBe(true);

    await page.reload();
    const list = await download(page, 'otpauth:// list (text)');
    const lines = list.text.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(
      lines.every((line) => line.startsWith('otpauth://totp/') && line.includes(`secret=${SECRET}`)),
    ).toBe(true);
    await close();
  });

  it('Aegis vaults: plain, and encrypted with a password typed twice', async () => {
    const { page, close } = await signedInWith(['Alpha', 'Bravo', 'Charlie']);
    const plain = await download(page, 'Aegis vault, not encrypted');
    const vault = JSON.parse(plain.text) as { db: { entries: { issuer: string }[] } };
    expect(vault.db.entries.map((entry) => entry.issuer).sort()).toEqual(['Alpha', 'Charlie']);

    await page.reload();
    const dialog = await openExport(page, ['Alpha', 'Charlie']);
    await dialog.getByLabel('Aegis vault, encrypted with a password').check();
    await expect.poll(() => dialog.getByText(/holds your secrets in clear/).count()).toBe(0);
    await dialog.getByLabel('Password', { exact: true }).fill('vault password');
    await dialog.getByLabel('Password again').fill('another one');
    await dialog.getByRole('button', { name: 'Download' }).click();
    await dialog.getByText('Type the same password twice.').waitFor();
    await dialog.getByLabel('Password again').fill('vault password');
    const started = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download' }).click();
    const encrypted = JSON.parse(readFileSync((await (await started).path()) ?? '', 'utf8')) as {
      header: { slots: { type: number }[] };
      db: unknown;
    };
    expect(encrypted.header.slots[0]?.type).toBe(1);
    expect(typeof encrypted.db).toBe('string');
    expect(JSON.stringify(encrypted)).not.toContain(SECRET);
    await close();
  });

  it('an Aegis vault that carries a note asks who the user is first, as the notes screen does', async () => {
    const { page, close } = await signedInWith(['Alpha', 'Bravo', 'Charlie']);
    const accounts = (await apiCall(page, 'GET', `${server.url}/api/v1/twofaccounts`)) as {
      id: number;
      service: string;
    }[];
    const alpha = accounts.find((account) => account.service === 'Alpha')!;
    await apiCall(page, 'PUT', `${server.url}/api/v1/twofaccounts/${alpha.id}/recovery`, {
      note: 'Spare phone in the drawer',
      recovery_codes: [{ code: 'r3c0-v3ry' }],
    });
    await page.reload();
    const dialog = await openExport(page, ['Alpha', 'Charlie']);
    await dialog.getByLabel('Aegis vault, not encrypted').check();
    await dialog.getByRole('button', { name: 'Download' }).click();
    await dialog.getByText('Confirm your password to continue.').waitFor();
    await dialog.getByLabel('Password', { exact: true }).fill('correct horse battery');
    const started = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    const text = readFileSync((await (await started).path()) ?? '', 'utf8');
    const vault = JSON.parse(text) as { db: { entries: { issuer: string; note: string }[] } };
    expect(vault.db.entries.find((entry) => entry.issuer === 'Alpha')?.note).toBe(
      'Spare phone in the drawer',
    );
    expect(text).toContain('r3c0-v3ry');
    await close();
  });

  it('Google Authenticator: every account (none selected) as paged QR codes, decoded back', async () => {
    const services = Array.from({ length: 12 }, (_, index) => `Svc${String(index + 1).padStart(2, '0')}`);
    const { page, close } = await signedInWith(services);
    const dialog = await openExport(page, []);
    await dialog.getByText('Every account (select some to export only those).').waitFor();
    await dialog.getByLabel('Google Authenticator QR codes').check();
    await dialog.getByRole('button', { name: 'Show the QR codes' }).click();
    const decoded: string[] = [];
    for (const position of ['Code 1 of 2', 'Code 2 of 2']) {
      await dialog.getByText(position).waitFor();
      const image = dialog.getByRole('img', { name: `Google Authenticator export, ${position}` });
      await image.waitFor();
      if (position === 'Code 1 of 2') await screenshots(page, 'export-migration-qr');
      const png = await image.screenshot();
      const answer = await page.request.post(`${server.url}/api/v1/qrcode/decode`, {
        headers: { 'X-XSRF-TOKEN': await xsrf(page), Accept: 'application/json' },
        multipart: { qrcode: { name: 'code.png', mimeType: 'image/png', buffer: png } },
      });
      const uri = ((await answer.json()) as { data: string }).data;
      const payload = decodeMigrationUri(uri);
      if (!payload.ok) throw new Error(`not a migration URI: ${uri.slice(0, 30)}`);
      decoded.push(...payload.value.entries.map((entry) => (entry.ok ? (entry.account.service ?? '') : '')));
      if (position === 'Code 1 of 2') {
        await expect.poll(() => dialog.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
        await dialog.getByRole('button', { name: 'Next' }).click();
      }
    }
    await expect.poll(() => dialog.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    expect(decoded.sort()).toEqual(services);
    await close();
  });
});

async function xsrf(page: Page): Promise<string> {
  const cookies = await page.context().cookies();
  return decodeURIComponent(cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '');
}
