import type { CDPSession } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, createAccount, SECRET } from './accounts-helpers';
import { USER } from './identity';
import { perTestSessions } from './per-test';

describe('recovery codes revealed after confirming with a security device', () => {
  let cdp: CDPSession;

  const session = perTestSessions({
    setUp: async ({ context, page }) => {
      // Chromium's virtual authenticator stands in for a security key.
      cdp = await context.newCDPSession(page);
      await cdp.send('WebAuthn.enable');
      await cdp.send('WebAuthn.addVirtualAuthenticator', {
        options: {
          protocol: 'ctap2',
          transport: 'internal',
          hasResidentKey: true,
          hasUserVerification: true,
          isUserVerified: true,
        },
      });
    },
  });

  it('the dialog offers the device beside the password; the device confirms', async () => {
    const { page, server } = session;
    // The user and a device, through the registration screens.
    await page.goto(`${server.url}/register`);
    await page.getByLabel('Name', { exact: true }).fill(USER.name);
    await page.getByLabel('Email', { exact: true }).fill(USER.email);
    await page.getByLabel('Password', { exact: true }).fill(USER.password);
    await page.getByLabel('Confirm password', { exact: true }).fill(USER.password);
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByRole('button', { name: 'Register a device' }).click();
    await page.getByLabel('Device name').fill('Laptop key');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/(accounts|start)/);

    const { id } = await createAccount(page, server.url, {
      service: 'Mail',
      account: 'me',
      otp_type: 'totp',
      secret: SECRET,
    });
    await apiCall(page, 'PUT', `${server.url}/api/v1/twofaccounts/${id}/recovery`, {
      recovery_codes: [{ code: 'alpha-1111' }, { code: 'bravo-2222' }],
    });
    await page.goto(`${server.url}/accounts?toRefresh=true`);
    await page.getByRole('link', { name: 'Recovery codes: 2 of 2 unused' }).click();
    const dialog = page.getByRole('dialog', { name: 'Recovery codes of Mail' });
    const useDevice = dialog.getByRole('button', { name: 'Use my security device' });
    await useDevice.waitFor();
    // The password stays on offer.
    await dialog.getByLabel('Password', { exact: true }).waitFor();
    await expect.poll(() => dialog.innerText()).not.toContain('alpha-1111');

    const confirmed = page.waitForResponse((response) => response.url().endsWith('/user/confirm/webauthn'));
    await useDevice.click();
    expect((await confirmed).status()).toBe(200);
    await dialog.getByText('alpha-1111', { exact: true }).waitFor();
    await expect.poll(() => dialog.getByText('bravo-2222', { exact: true }).count()).toBe(1);
  });
});
