import type { CDPSession } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshots } from './harness';
import { setSetting } from './accounts-helpers';
import { lastMail, linkIn, signOutThroughFooter, USER } from './identity';
import { perTestSessions } from './per-test';

describe('security devices', () => {
  let cdp: CDPSession;
  let authenticatorId = '';

  /** A fresh virtual authenticator (the previous one is "lost"). */
  async function newAuthenticator(): Promise<void> {
    if (authenticatorId) await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId });
    ({ authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
      },
    }));
  }

  // Each test starts from a new install, signed out, with a new virtual authenticator.
  const session = perTestSessions({
    setUp: async ({ context, page }) => {
      // Chromium's virtual authenticator stands in for a security key.
      cdp = await context.newCDPSession(page);
      await cdp.send('WebAuthn.enable');
      authenticatorId = '';
      await newAuthenticator();
    },
  });

  /** Registers the user through the registration screen, then a device (not named yet). */
  async function registerUserAndDevice(): Promise<void> {
    const { page, server } = session;
    await page.goto(`${server.url}/register`);
    await page.getByLabel('Name', { exact: true }).fill(USER.name);
    await page.getByLabel('Email', { exact: true }).fill(USER.email);
    await page.getByLabel('Password', { exact: true }).fill(USER.password);
    await page.getByLabel('Confirm password', { exact: true }).fill(USER.password);
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByRole('button', { name: 'Register a device' }).click();
    await page.getByRole('heading', { name: 'Device registered' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Device successfully registered' }).waitFor();
  }

  /** Names the device just registered, which goes on to the accounts. */
  async function nameDevice(name: string): Promise<void> {
    const { page } = session;
    await page.getByLabel('Device name').fill(name);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/(accounts|start)/);
  }

  /** The user with one named device, signed in; the device sign-in options as given. */
  async function userWithDevice(name: string, options: { first?: boolean; only?: boolean } = {}) {
    const { page, server } = session;
    await registerUserAndDevice();
    await nameDevice(name);
    if (!options.first && !options.only) return;
    const settings = { useWebauthnAsDefault: options.first ?? false, useWebauthnOnly: options.only ?? false };
    for (const [key, value] of Object.entries(settings)) await setSetting(page, server.url, key, value);
    // A signed-in screen reads them and remembers them for the sign-in screen.
    await page.goto(`${server.url}/accounts`);
    await page.waitForFunction(
      (expected) =>
        Object.entries(expected).every(([key, value]) => localStorage.getItem(key) === String(value)),
      settings,
    );
  }

  it('registers the user, then a device, then names it', async () => {
    const { page } = session;
    await registerUserAndDevice();
    await screenshots(page, 'register-device-name');
    await nameDevice('Laptop key');
  });

  it('signs out, then signs in with the device', async () => {
    const { page } = session;
    await userWithDevice('Laptop key');
    await signOutThroughFooter(page);
    await page.getByRole('button', { name: 'Sign in with a security device' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/(accounts|start)/);
  });

  it('lists, renames the device, and makes it the first sign-in method', async () => {
    const { page, server } = session;
    await userWithDevice('Laptop key');
    await page.goto(`${server.url}/settings/webauthn`);
    await page.getByRole('link', { name: 'Rename Laptop key' }).waitFor();
    await screenshots(page, 'settings-devices');
    await page.getByRole('link', { name: 'Rename Laptop key' }).click();
    await page.getByRole('heading', { name: 'Rename the device' }).waitFor();
    await expect.poll(() => page.getByLabel('Device name').inputValue()).toBe('Laptop key');
    await screenshots(page, 'settings-device-rename');
    await page.getByLabel('Device name').fill('Work key');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('link', { name: 'Rename Work key' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/settings/webauthn');

    const first = page.getByRole('switch', { name: 'Security device first' });
    await first.click();
    await page.getByRole('status').filter({ hasText: 'Setting saved' }).waitFor();
    await expect.poll(() => first.getAttribute('aria-checked')).toBe('true');

    await signOutThroughFooter(page);
    // The sign-in screen remembers: the device comes first, with a way back to the password.
    await page.getByRole('button', { name: 'Continue' }).waitFor();
    await page.getByRole('button', { name: 'Sign in with e-mail and password' }).waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/(accounts|start)/);

    // Devices only: no way to the password form any more.
    await page.goto(`${server.url}/settings/webauthn`);
    await page.getByRole('switch', { name: 'Security devices only' }).click();
    await page.getByRole('status').filter({ hasText: 'Setting saved' }).waitFor();
    await signOutThroughFooter(page);
    await page.getByRole('button', { name: 'Continue' }).waitFor();
    await expect
      .poll(() => page.getByRole('button', { name: 'Sign in with e-mail and password' }).count())
      .toBe(0);
    await screenshots(page, 'login-device-only');
  });

  it('recovers access by e-mail with a new device, disabling the others', async () => {
    const { page, server } = session;
    // Devices only, the device first, and signed out: the sign-in screen offers the device alone.
    await userWithDevice('Work key', { first: true, only: true });
    await signOutThroughFooter(page);
    await page.getByRole('link', { name: 'Lost your security device?' }).click();
    await page.getByLabel('Email', { exact: true }).fill('nobody@example.com');
    await page.getByRole('button', { name: 'Send the recovery link' }).click();
    await page.getByText('No account found using this email.').waitFor();
    await page.getByLabel('Email', { exact: true }).fill(USER.email);
    await page.getByRole('button', { name: 'Send the recovery link' }).click();
    await page.getByText('Account recovery email sent!').first().waitFor();
    await screenshots(page, 'device-lost-sent');

    // The old key is gone; a new one will be registered.
    await newAuthenticator();
    const link = linkIn(lastMail(server.dataDir), `${server.url}/webauthn/recover`);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Register a new security device' }).waitFor();
    await page.getByRole('checkbox', { name: 'Disable all other devices' }).click();
    await screenshots(page, 'device-recover');
    await page.getByRole('button', { name: 'Register a new device' }).click();
    await page.getByRole('heading', { name: 'Device registered' }).waitFor();
    await page.getByLabel('Device name').fill('Spare key');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/(accounts|start)/);

    await page.goto(`${server.url}/settings/webauthn`);
    await page.getByRole('link', { name: 'Rename Spare key' }).waitFor();
    await expect.poll(() => page.getByRole('link', { name: 'Rename Work key' }).count()).toBe(0);
  });

  it('revokes the last device after confirmation, which turns the sign-in options off', async () => {
    const { page, server } = session;
    await userWithDevice('Spare key', { first: true, only: true });
    await page.goto(`${server.url}/settings/webauthn`);
    await page.getByRole('button', { name: 'Revoke Spare key' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
    await page.getByText('No security devices yet.').waitFor();
    const first = page.getByRole('switch', { name: 'Security device first' });
    await expect.poll(() => first.isDisabled()).toBe(true);
    await expect.poll(() => first.getAttribute('aria-checked')).toBe('false');
  });
});
