import { describe, expect, it } from 'vitest';
import { createAccount, SECRET, signUp } from './accounts-helpers';
import { registerByApi } from './identity';
import { expectAccessible } from './axe';
import { perTestSessions } from './per-test';

describe('the 404 page and the About options', () => {
  const session = perTestSessions();

  it('an unknown address shows the 404 page as the main landmark, in light and dark', async () => {
    const { page, server } = session;
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(`${server.url}/no/such/page`);
      await page.waitForURL(/\/404$/);
      const main = page.getByRole('main');
      await main.getByRole('heading', { level: 1 }).waitFor();
      await expect.poll(() => main.count()).toBe(1);
      await expectAccessible(page, `on the 404 page (${scheme})`);
    }
  });

  it('About names the options as the Settings screen does', async () => {
    const { page, server } = session;
    await signUp(page, server.url);
    await page.getByRole('heading', { name: 'No 2FA here!' }).waitFor();
    await page.goto(`${server.url}/about`);
    await page.getByRole('heading', { name: 'User options' }).waitFor();
    await page.getByText('Show codes as dots', { exact: true }).waitFor();
    await page.getByText('Get codes on request', { exact: true }).waitFor();
    await expect.poll(() => page.getByText('showOtpAsDot', { exact: true }).count()).toBe(0);
    await expectAccessible(page, 'on About');
  });
});

describe('the group count and the sign-out question', () => {
  const session = perTestSessions({
    setUp: async ({ page }, server) => {
      await registerByApi(page, server.url);
      for (const service of ['Alpha', 'Bravo', 'Charlie'])
        await createAccount(page, server.url, { service, account: 'me', otp_type: 'totp', secret: SECRET });
    },
  });

  it('the active group counts what the search leaves', async () => {
    const { page, server } = session;
    await page.goto(`${server.url}/accounts?toRefresh=true`);
    await page.getByRole('button', { name: 'Active group: All, 3 accounts' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search' }).fill('br');
    await page.getByRole('button', { name: 'Active group: All, 1 accounts' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search' }).fill('');
    await page.getByRole('button', { name: 'Active group: All, 3 accounts' }).waitFor();
  });

  it('"Sign out now?" is asked once, without a description repeating it', async () => {
    const { page, server } = session;
    await page.goto(`${server.url}/accounts?toRefresh=true`);
    await page.getByRole('button', { name: 'Sign out' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Sign out now?' });
    await dialog.waitFor();
    await expect.poll(() => dialog.getAttribute('aria-describedby')).toBeNull();
    await expect.poll(() => dialog.getByText('Sign out now?').count()).toBe(1);
  });
});
