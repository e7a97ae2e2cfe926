import { describe, expect, it } from 'vitest';
import { apiCall, createAccount, SECRET } from './accounts-helpers';
import { screenshots } from './harness';
import { registerByApi, USER } from './identity';
import { perTestSessions } from './per-test';

describe('recovery codes', () => {
  const session = perTestSessions({
    setUp: async ({ page }, server) => {
      await registerByApi(page, server.url);
      const { id } = await createAccount(page, server.url, {
        service: 'Mail',
        account: 'me',
        otp_type: 'totp',
        secret: SECRET,
      });
      await apiCall(page, 'PUT', `${server.url}/api/v1/twofaccounts/${id}/recovery`, {
        note: 'Spare phone in the drawer',
        recovery_codes: [{ code: 'alpha-1111' }, { code: 'bravo-2222' }, { code: 'charlie-3333' }],
      });
    },
  });

  it('the row shows counts only; the codes show after confirming the password', async () => {
    const { page, server } = session;
    await page.goto(`${server.url}/accounts?toRefresh=true`);
    const badge = page.getByRole('link', { name: 'Recovery codes: 3 of 3 unused' });
    await badge.waitFor();
    await expect
      .poll(() => page.getByRole('list', { name: 'Accounts' }).innerText())
      .not.toContain('alpha-1111');

    await badge.click();
    const dialog = page.getByRole('dialog', { name: 'Recovery codes of Mail' });
    await dialog.getByLabel('Password', { exact: true }).waitFor();
    await dialog.getByText('Confirm your password to see the recovery codes and the note.').waitFor();
    await expect.poll(() => dialog.innerText()).not.toContain('alpha-1111');

    await dialog.getByLabel('Password', { exact: true }).fill('not the password');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.getByText('Wrong password').waitFor();
    await expect.poll(() => dialog.innerText()).not.toContain('alpha-1111');

    await dialog.getByLabel('Password', { exact: true }).fill(USER.password);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.getByText('alpha-1111', { exact: true }).waitFor();
    await expect.poll(() => dialog.getByText('Spare phone in the drawer').count()).toBe(1);

    const first = dialog.getByRole('listitem').filter({ hasText: 'alpha-1111' });
    await first.getByRole('button', { name: 'Mark used' }).click();
    await first.getByRole('button', { name: 'Mark unused' }).waitFor();
    await screenshots(page, 'recovery-codes');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('link', { name: 'Recovery codes: 2 of 3 unused' }).waitFor();
  });
});
