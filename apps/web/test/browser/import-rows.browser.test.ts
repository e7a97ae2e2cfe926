import { perTestSessions, signedUpOnStart } from './per-test';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, createAccount, SECRET, tmp } from './accounts-helpers';
import { expectAccessible } from './axe';
import { screenshots } from './harness';

const OTHER = 'JBSWY3DPEHPK3PXP';

describe('import rows: duplicates left out unless ticked, and a summary', () => {
  const session = perTestSessions({ setUp: signedUpOnStart });

  /** An existing account, then a list file holding it again and two new ones. */
  async function uploadList(page: Page): Promise<void> {
    await createAccount(page, session.server.url, {
      service: 'Known',
      account: 'jane',
      otp_type: 'totp',
      secret: SECRET,
    });
    const file = path.join(tmp, 'list-with-duplicate.txt');
    writeFileSync(
      file,
      [
        `otpauth://totp/Known:jane?secret=${SECRET}&issuer=Known`,
        `otpauth://totp/Alpha:ada?secret=${OTHER}&issuer=Alpha`,
        `otpauth://totp/Beta:bob?secret=${OTHER}&issuer=Beta`,
      ].join('\n'),
    );
    await page.goto(`${session.server.url}/account/import`);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload an export file' }).click();
    await (await chooser).setFiles(file);
    await page.getByText('3 valid accounts found').waitFor();
  }

  const rows = (page: Page) => page.getByRole('list', { name: 'Accounts found' }).getByRole('listitem');

  it("'Import all' skips the duplicate and says so; the summary counts and leads to the accounts", async () => {
    const { page } = session;
    await uploadList(page);
    // The service first, the account under it.
    const alpha = rows(page).filter({ hasText: 'Alpha' });
    const lines = (await alpha.innerText()).split('\n').map((line) => line.trim());
    expect(lines.indexOf('Alpha')).toBeGreaterThanOrEqual(0);
    expect(lines.indexOf('ada')).toBe(lines.indexOf('Alpha') + 1);
    await rows(page).filter({ hasText: 'Possible duplicate' }).filter({ hasText: 'Known' }).waitFor();
    await expectAccessible(page, 'on the import rows');
    await screenshots(page, 'import-rows-duplicate');
    await page.getByRole('button', { name: 'Import 2, skip 1 duplicate' }).click();
    const summary = page.getByRole('status').filter({ hasText: 'Imported: 2. Skipped: 1. Failed: 0.' });
    await summary.waitFor();
    await screenshots(page, 'import-rows-summary');
    await summary.getByRole('link', { name: 'Go to the accounts' }).click();
    await page.waitForURL(/\/accounts/);
    await page.getByRole('list', { name: 'Accounts' }).getByRole('button', { name: /^Beta/ }).waitFor();
    const stored = (await apiCall(page, 'GET', `${session.server.url}/api/v1/twofaccounts`)) as {
      service: string;
    }[];
    expect(stored.map((account) => account.service).sort()).toEqual(['Alpha', 'Beta', 'Known']);
  });

  it('a ticked duplicate is imported with the rest', async () => {
    const { page } = session;
    await uploadList(page);
    await page.getByRole('checkbox', { name: /Import anyway/ }).check();
    await page.getByRole('button', { name: 'Import all (3)' }).click();
    await page.getByRole('status').filter({ hasText: 'Imported: 3. Skipped: 0. Failed: 0.' }).waitFor();
    const stored = (await apiCall(page, 'GET', `${session.server.url}/api/v1/twofaccounts`)) as {
      service: string;
    }[];
    expect(stored.map((account) => account.service).sort()).toEqual(['Alpha', 'Beta', 'Known', 'Known']);
  });

  it('on a phone, the accounts found come into view once the file is read', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 375, height: 667 });
    await uploadList(page);
    const bulk = page.getByRole('toolbar', { name: 'All the accounts found' });
    await expect
      .poll(() => bulk.evaluate((element) => element.getBoundingClientRect().bottom <= window.innerHeight))
      .toBe(true);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  });
});
