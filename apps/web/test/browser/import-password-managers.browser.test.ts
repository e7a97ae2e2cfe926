import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { screenshots } from './harness';
import { registerByApi } from './identity';
import { perTestSessions } from './per-test';

/*
 * The import screen's list of formats, a KeePass database through the password prompt, and a
 * screenshot of Google Authenticator's transfer QR code uploaded as a file. The files are the
 * fixtures of packages/import (built by its scripts: kdbxweb, Chromium).
 */

const fixture = (path: string) =>
  fileURLToPath(new URL(`../../../../packages/import/test/fixtures/${path}`, import.meta.url));

describe('import screen: password managers and transfer screenshots', () => {
  const session = perTestSessions({ setUp: ({ page }, server) => registerByApi(page, server.url) });

  async function upload(file: string) {
    const { page, server } = session;
    await page.goto(`${server.url}/account/import`);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload an export file' }).click();
    await (await chooser).setFiles(file);
  }

  it('names every format, and where the files kept on a phone are', async () => {
    const { page, server } = session;
    await page.goto(`${server.url}/account/import`);
    const formats = page.getByText(/^Accepted exports, plain or encrypted:/);
    for (const app of [
      'KeePass / KeePassXC (.kdbx)',
      'Proton Pass',
      '1Password (.1pux)',
      'Authenticator Plus',
    ])
      await expect.poll(() => formats.textContent()).toContain(app);
    await page.getByText("Files from a phone's internal storage").click();
    await page
      .getByRole('listitem')
      .filter({
        hasText: 'Authy: /data/data/com.authy.authy/shared_prefs/com.authy.storage.tokens.authenticator.xml',
      })
      .waitFor();
    await screenshots(page, 'import-formats');
  });

  it('a KeePass database: prompt, wrong password, right password, its rows', async () => {
    const { page } = session;
    await upload(fixture('built/keepass_kdbx4_argon2id.kdbx'));
    const prompt = page.getByRole('form', { name: 'Password of the KeePass export' });
    await prompt.getByLabel('Export password').fill('not the password');
    await prompt.getByRole('button', { name: 'Decrypt' }).click();
    await prompt.getByText('Wrong password, the KeePass data cannot be decrypted').waitFor();
    await prompt.getByLabel('Export password').fill('test');
    await prompt.getByRole('button', { name: 'Decrypt' }).click();
    await page.getByText('7 valid accounts found').waitFor();
    const rows = page.getByRole('list', { name: 'Accounts found' }).getByRole('listitem');
    await rows.filter({ hasText: 'SPDX' }).getByText('Group: Work').waitFor();
  });

  it.each(['light', 'dark'])('a %s screenshot of the transfer QR code', async (mode) => {
    const { page } = session;
    await upload(fixture(`screenshots/google_transfer_${mode}.png`));
    await page.getByText('2 valid accounts found').waitFor();
    const rows = page.getByRole('list', { name: 'Accounts found' }).getByRole('listitem');
    await rows.filter({ hasText: 'service_bis' }).waitFor();
  });
});
