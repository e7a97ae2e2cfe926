import { describe, expect, it } from 'vitest';
import { screenshots } from './harness';
import { registerByApi, USER } from './identity';
import { perTestSessions } from './per-test';

describe('settings', () => {
  // Each test starts signed in, with the default settings.
  const session = perTestSessions({
    clipboard: true,
    setUp: ({ page }, server) => registerByApi(page, server.url),
  });

  /** The options screen, the first of the settings. */
  async function openOptions(): Promise<void> {
    const { page, server } = session;
    await page.goto(`${server.url}/settings/options`);
    await page.getByRole('heading', { name: 'General' }).waitFor();
  }

  it('saves an option the moment it changes, and keeps it after a reload', async () => {
    const { page } = session;
    await openOptions();
    await expect.poll(() => page.title()).toBe('Settings · Twofold');
    await expect
      .poll(() => page.getByRole('link', { name: 'Options' }).getAttribute('aria-current'))
      .toBe('page');
    await screenshots(page, 'settings-options');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshots(page, 'settings-options-dark');
    await page.emulateMedia({ colorScheme: 'light' });

    const dots = page.getByRole('switch', { name: 'Show codes as dots' });
    await expect.poll(() => dots.getAttribute('aria-checked')).toBe('false');
    await dots.click();
    await page.getByRole('status').filter({ hasText: 'Setting saved' }).waitFor();
    await expect.poll(() => dots.getAttribute('aria-checked')).toBe('true');

    await page.getByLabel('Auto lock').selectOption({ label: 'After 1 hour' });
    await page.getByRole('status').filter({ hasText: 'Setting saved' }).waitFor();
    // Direct capture enables the choice of its mode.
    await expect.poll(() => page.getByLabel('Default capture mode').isDisabled()).toBe(true);

    await page.reload();
    await page.getByRole('heading', { name: 'General' }).waitFor();
    await expect
      .poll(() => page.getByRole('switch', { name: 'Show codes as dots' }).getAttribute('aria-checked'))
      .toBe('true');
    await expect.poll(() => page.getByLabel('Auto lock').inputValue()).toBe('60');
    // The footer of the settings shows the version, linking to the about page.
    await page.getByRole('link', { name: /^Twofold v/ }).waitFor();
  });

  it('reloads in the chosen language', async () => {
    const { page } = session;
    await openOptions();
    await page.getByLabel('Language').selectOption({ label: 'Français' });
    await page.getByRole('heading', { name: 'Général' }).waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('fr');
    await expect.poll(() => page.title()).toBe('Réglages · Twofold');
    await screenshots(page, 'settings-options-fr');
    await page.getByLabel('Langue').selectOption({ label: 'English' });
    await page.getByRole('heading', { name: 'General' }).waitFor();
  });

  it('tells a wrong current password apart from field errors on the account screen', async () => {
    const { page } = session;
    await openOptions();
    await page.getByRole('link', { name: 'Account', exact: true }).click();
    await page.getByRole('heading', { name: 'Profile' }).waitFor();
    const profile = page.getByRole('region', { name: 'Profile' });
    await expect.poll(() => profile.getByLabel('Name').inputValue()).toBe(USER.name);
    await profile.getByLabel('Name').fill('Ada Lovelace');
    await profile.getByLabel('Current password').fill('not my password');
    await profile.getByRole('button', { name: 'Save the profile' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Wrong current password, nothing has changed' })
      .waitFor();
    await page.getByRole('alert').click();

    await profile.getByLabel('Current password').fill(USER.password);
    await profile.getByRole('button', { name: 'Save the profile' }).click();
    await page.getByRole('status').filter({ hasText: 'Profile saved' }).waitFor();

    const password = page.getByRole('region', { name: 'Change password' });
    await password.getByLabel('Current password').fill(USER.password);
    await password.getByLabel('New password', { exact: true }).fill('short');
    await password.getByLabel('Confirm the new password').fill('short');
    await password.getByRole('button', { name: 'Change the password' }).click();
    await password.getByText('The password field must be at least 8 characters.').waitFor();
    await screenshots(page, 'settings-account');
  });

  it('generates a token, shows it once with a copy button, and revokes it after confirmation', async () => {
    const { page, server } = session;
    await openOptions();
    await page.getByRole('link', { name: 'Access tokens' }).click();
    await page.getByRole('heading', { name: 'Personal access tokens' }).waitFor();
    await page.getByText('No tokens yet.').waitFor();
    await page.getByRole('link', { name: 'Generate a new token' }).click();
    await page.getByRole('heading', { name: 'New personal access token' }).waitFor();
    await expect
      .poll(() => page.getByRole('link', { name: 'Access tokens' }).getAttribute('aria-current'))
      .toBe('page');
    await page.getByRole('button', { name: 'Generate' }).click();
    await page.getByText('The name field is required.').waitFor();
    await screenshots(page, 'settings-token-new');
    await page.getByLabel('Name').fill('Browser extension');
    await page.getByRole('button', { name: 'Generate' }).click();

    await page.getByText('Copy this token now: it will not be shown again.').waitFor();
    const value = await page.getByLabel('Token value').textContent();
    expect(value?.length).toBeGreaterThanOrEqual(64);
    await page.getByRole('button', { name: 'Copy' }).click();
    await page.getByRole('status').filter({ hasText: 'Copied to clipboard' }).waitFor();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(value);
    await screenshots(page, 'settings-tokens');

    // The token works as a Bearer token on the API.
    const me = await fetch(`${server.url}/api/v1/user/name`, {
      headers: { Authorization: `Bearer ${value}` },
    });
    expect(await me.json()).toMatchObject({ name: USER.name, email: USER.email });

    // Shown once: after a reload the value is gone, the token stays listed.
    await page.reload();
    await page.getByRole('button', { name: 'Revoke Browser extension' }).waitFor();
    await expect.poll(() => page.getByLabel('Token value').count()).toBe(0);

    await page.getByRole('button', { name: 'Revoke Browser extension' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Revoke “Browser extension”?' });
    await dialog.waitFor();
    await screenshots(page, 'settings-token-revoke');
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('status').filter({ hasText: 'Token revoked' }).waitFor();
    await page.getByText('No tokens yet.').waitFor();
    const after = await fetch(`${server.url}/api/v1/user/name`, {
      headers: { Authorization: `Bearer ${value}` },
    });
    expect(await after.json()).toEqual({ name: USER.name });
  });

  it('lists no security device and keeps their options off until one is registered', async () => {
    const { page } = session;
    await openOptions();
    await page.getByRole('link', { name: 'Security devices' }).click();
    await page.getByText('No security devices yet.').waitFor();
    await expect
      .poll(() => page.getByRole('switch', { name: 'Security devices only' }).isDisabled())
      .toBe(true);
    await expect
      .poll(() => page.getByRole('switch', { name: 'Security device first' }).isDisabled())
      .toBe(true);
    await screenshots(page, 'settings-devices-empty');
  });

  it('deletes the account after confirmation and goes to registration', async () => {
    const { page } = session;
    await openOptions();
    await page.getByRole('link', { name: 'Account', exact: true }).click();
    const danger = page.getByRole('region', { name: 'Delete the account' });
    await danger.getByLabel('Current password').fill(USER.password);
    await danger.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await page.getByText('User account successfully deleted').waitFor();
  });
});
