import { describe, expect, it } from 'vitest';
import {
  accountsOnServerSettings,
  choiceShown,
  createAccount,
  qrPng,
  rowWithListedCode,
  SECRET,
  setSetting,
  whileSettingsHeld,
} from './accounts-helpers';
import { perTestSessions, signedUpOnStart } from './per-test';

describe("2FAuth's preferences act", () => {
  const session = perTestSessions({ setUp: signedUpOnStart });

  it('a load acts on the preferences the server sends, not on the settings this browser kept', async () => {
    const { page, server } = session;
    const row = await rowWithListedCode(page, server.url, 'GitHub');

    // Changed elsewhere since this visit. The next load's settings list is held back: the screen
    // must still follow the session's preferences, so the row opens the code window.
    await setSetting(page, server.url, 'getOtpOnRequest', true);
    await whileSettingsHeld(page, async () => {
      await page.reload();
      await row.click();
      await page.getByRole('dialog').getByRole('status', { name: 'One-time password' }).waitFor();
      await expect.poll(() => row.locator('.list-code-value').count()).toBe(0);
    });
  });

  it('autoCloseTimeout closes the code after the chosen minutes, and never with 0', async () => {
    const { page, server } = session;
    await createAccount(page, server.url, {
      service: 'GitHub',
      account: 'me',
      otp_type: 'totp',
      secret: SECRET,
    });
    await page.clock.install();
    await page.goto(`${server.url}/settings/options`);
    const delay = page.getByRole('combobox', { name: 'Close the code after' });
    await delay.selectOption({ label: '1 minute' });
    await page.getByRole('status').filter({ hasText: 'Setting saved' }).waitFor();

    await page.goto(`${server.url}/accounts`);
    const list = page.getByRole('list', { name: 'Accounts' });
    await list.getByRole('button', { name: /^GitHub/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('status', { name: 'One-time password' }).waitFor();
    await page.clock.runFor(50_000);
    await expect.poll(() => dialog.count()).toBe(1);
    await page.clock.runFor(11_000);
    await dialog.waitFor({ state: 'detached' });

    await setSetting(page, server.url, 'autoCloseTimeout', 0);
    await accountsOnServerSettings(page, server.url, choiceShown('Close the code after', 'Never'));
    await list.getByRole('button', { name: /^GitHub/ }).click();
    await dialog.getByRole('status', { name: 'One-time password' }).waitFor();
    await page.clock.runFor(6 * 60_000);
    await expect.poll(() => dialog.count()).toBe(1);
  });

  it('showEmailInFooter shows the signed-in e-mail in the footer, or not', async () => {
    const { page, server } = session;
    const footer = page.getByRole('contentinfo');
    await page.goto(`${server.url}/settings/options`);
    await footer.getByText('jane@example.com', { exact: true }).waitFor();
    const option = page.getByRole('switch', { name: 'Show my e-mail in the footer' });
    await expect.poll(() => option.getAttribute('aria-checked')).toBe('true');
    await option.click();
    await page.getByRole('status').filter({ hasText: 'Setting saved' }).waitFor();
    await footer.getByText('jane@example.com', { exact: true }).waitFor({ state: 'detached' });
    await page.goto(`${server.url}/accounts`);
    await footer.getByRole('link', { name: 'Settings' }).waitFor();
    await expect.poll(() => footer.getByText('jane@example.com').count()).toBe(0);
  });

  it('AutoSaveQrcodedAccount saves an uploaded QR code without the form, with a way to edit it', async () => {
    const { page, server } = session;
    await page.goto(`${server.url}/settings/options`);
    await page.getByRole('switch', { name: 'Save scanned accounts at once' }).click();
    await page.getByRole('status').filter({ hasText: 'Setting saved' }).waitFor();

    await page.goto(`${server.url}/start`);
    const image = await qrPng(`otpauth://totp/Pictured:jane?secret=${SECRET}&issuer=Pictured`, 'autosaved');
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload a QR code image' }).click();
    await (await chooser).setFiles(image);
    const notice = page.getByRole('status').filter({ hasText: 'Pictured saved' });
    await notice.waitFor();
    await page.waitForURL(/\/accounts/);
    await page
      .getByRole('list', { name: 'Accounts' })
      .getByRole('button', { name: /^Pictured/ })
      .waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Save' }).count()).toBe(0);
    await notice.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('heading', { name: 'Edit account' }).waitFor();
    await expect.poll(() => page.getByLabel('Service', { exact: true }).inputValue()).toBe('Pictured');
  });
});
