import type { Page } from 'playwright-core';
import { createAccount, SECRET, signUp } from './accounts-helpers';

/** The backup password the backup tests set. */
export const BACKUP_PASSWORD = 'backup password 1';

/**
 * A user signed up with one account ("Kept (me)", what every restore shows) and a backup password
 * set in Settings, Backups: the screen the destination tests start from.
 */
export async function readyForBackups(page: Page, url: string): Promise<void> {
  await signUp(page, url);
  await createAccount(page, url, { service: 'Kept', account: 'me', otp_type: 'totp', secret: SECRET });
  await page.goto(`${url}/settings/backups`);
  await page
    .locator('input')
    .and(page.getByLabel('Backup password', { exact: true }))
    .fill(BACKUP_PASSWORD);
  await page.getByLabel('Backup password again').fill(BACKUP_PASSWORD);
  await page.getByRole('button', { name: 'Set the backup password' }).click();
  await page.getByText('A backup password is set.').waitFor();
}
