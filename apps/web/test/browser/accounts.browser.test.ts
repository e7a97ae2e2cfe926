import { perTestSessions, signedUpOnStart } from './per-test';
import { describe, expect, it } from 'vitest';
import { screenshots } from './harness';
import {
  accountsOnServerSettings,
  choiceShown,
  createAccount,
  hotp,
  readCode,
  SECRET,
  setSetting,
  steam,
  STEAM_SECRET,
  switchShown,
  totp,
} from './accounts-helpers';

describe('the accounts and their codes', () => {
  // One server and one browser for the file; each test starts from a new install's database,
  // in a fresh browser context.
  const session = perTestSessions({ clipboard: true, setUp: signedUpOnStart });

  /** A TOTP, a HOTP (counter 0) and a Steam account, then the accounts screen. */
  async function seedAccounts(): Promise<void> {
    const { page } = session;
    await createAccount(page, session.server.url, {
      service: 'GitHub',
      account: 'jane@example.com',
      otp_type: 'totp',
      secret: SECRET,
    });
    await createAccount(page, session.server.url, {
      service: 'Bank',
      account: 'jane',
      otp_type: 'hotp',
      secret: SECRET,
      counter: 0,
    });
    await createAccount(page, session.server.url, {
      service: 'Steam',
      account: 'gamer',
      otp_type: 'steamtotp',
      secret: STEAM_SECRET,
    });
    await page.goto(`${session.server.url}/accounts`);
    await page
      .getByRole('list', { name: 'Accounts' })
      .getByRole('button', { name: /^GitHub/ })
      .waitFor();
  }

  it('starts on the start screen while there is no account', async () => {
    const { page } = session;
    await page.getByRole('heading', { name: 'No 2FA here!' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/start');
    await expect.poll(() => page.getByRole('link', { name: 'Back' }).count()).toBe(0);
    await screenshots(page, 'start-empty');
    await page.goto(`${session.server.url}/accounts`);
    await page.waitForURL(/\/start$/);
  });

  it('lists the accounts and shows a TOTP code equal to the RFC 6238 value', async () => {
    const { page } = session;
    await seedAccounts();
    const list = page.getByRole('list', { name: 'Accounts' });
    await list.getByRole('button', { name: /^GitHub/ }).waitFor();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(3);
    await expect.poll(() => page.title()).toBe('Accounts · Twofold');
    await screenshots(page, 'accounts-list');

    await list.getByRole('button', { name: /^GitHub/ }).click();
    const dialog = page.getByRole('dialog', { name: 'GitHub' });
    await dialog.getByRole('status', { name: 'One-time password' }).waitFor();
    await dialog.getByRole('list', { name: /Time elapsed/ }).waitFor();
    const { code, before, after } = await readCode(page);
    expect([totp(SECRET, before), totp(SECRET, after)]).toContain(code);
    await expect.poll(() => dialog.getByRole('listitem').count()).toBe(10);
    await screenshots(page, 'otp-modal');

    // Copy: the clipboard holds the code, and the notice says so.
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await page.getByRole('status').filter({ hasText: 'Copied to clipboard' }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect([totp(SECRET, before), totp(SECRET, Date.now() / 1000)]).toContain(copied);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('shows a HOTP code with its counter, and a Steam code whole', async () => {
    const { page } = session;
    await seedAccounts();
    const list = page.getByRole('list', { name: 'Accounts' });
    await list.getByRole('button', { name: /^Bank/ }).click();
    let dialog = page.getByRole('dialog', { name: 'Bank' });
    await dialog.getByText('Counter: 1').waitFor();
    expect((await readCode(page)).code).toBe(hotp(SECRET, 0));
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await list.getByRole('button', { name: /^Bank/ }).click();
    await dialog.getByText('Counter: 2').waitFor();
    expect((await readCode(page)).code).toBe(hotp(SECRET, 1));
    await page.keyboard.press('Escape');

    await list.getByRole('button', { name: /^Steam/ }).click();
    dialog = page.getByRole('dialog', { name: 'Steam' });
    await dialog.getByRole('status', { name: 'One-time password' }).waitFor();
    const { code, before, after } = await readCode(page);
    expect([steam(STEAM_SECRET, before), steam(STEAM_SECRET, after)]).toContain(code);
    await expect
      .poll(() => dialog.getByRole('status', { name: 'One-time password' }).locator('span').count())
      .toBe(1);
    await page.keyboard.press('Escape');
  });

  it('searches by service and account', async () => {
    const { page } = session;
    await seedAccounts();
    const list = page.getByRole('list', { name: 'Accounts' });
    await page.getByRole('searchbox', { name: 'Search' }).fill('gam');
    await expect.poll(() => list.getByRole('listitem').count()).toBe(1);
    await page.getByRole('searchbox', { name: 'Search' }).fill('zzz');
    await page.getByText('No account matches this search').waitFor();
    // Manage mode keeps the search: its actions apply to what is shown.
    await page.getByRole('searchbox', { name: 'Search' }).fill('gam');
    await page.getByRole('button', { name: 'Manage' }).click();
    await expect
      .poll(() => page.getByRole('list', { name: 'Accounts' }).getByRole('listitem').count())
      .toBe(1);
    await screenshots(page, 'accounts-edit-mode');
    await page.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe('gam');
  });

  it('shows the cached list at once on the next visit and tells when the server has changed', async () => {
    const { page } = session;
    await seedAccounts();
    await page.goto(`${session.server.url}/accounts`);
    await page
      .getByRole('list', { name: 'Accounts' })
      .getByRole('button', { name: /^GitHub/ })
      .waitFor();
    await createAccount(page, session.server.url, {
      service: 'Mastodon',
      account: 'jane',
      otp_type: 'totp',
      secret: SECRET,
    });
    await page.reload();
    const list = page.getByRole('list', { name: 'Accounts' });
    await page.getByRole('button', { name: 'Reload' }).waitFor();
    await page.getByText('Some data have changed').waitFor();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(3);
    await screenshots(page, 'accounts-data-changed');
    await page.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(4);
  });

  it('shows codes as dots when asked, in a grid without icons', async () => {
    const { page } = session;
    await seedAccounts();
    await setSetting(page, session.server.url, 'showOtpAsDot', true);
    await setSetting(page, session.server.url, 'displayMode', 'grid');
    await setSetting(page, session.server.url, 'showAccountsIcons', false);
    await page.goto(`${session.server.url}/accounts?toRefresh=true`);
    await page.locator('.accounts-grid').waitFor();
    await screenshots(page, 'accounts-grid');
    await page
      .getByRole('list', { name: 'Accounts' })
      .getByRole('button', { name: /^GitHub/ })
      .click();
    const code = page.getByRole('dialog').getByRole('status', { name: 'One-time password' });
    await expect.poll(() => code.innerText()).toMatch(/^●●●\s*●●●$/);
    await page.keyboard.press('Escape');
  });

  it('closes the modal on copy, then locks the session when auto-lock is on copy', async () => {
    const { page } = session;
    await seedAccounts();
    await setSetting(page, session.server.url, 'closeOtpOnCopy', true);
    await accountsOnServerSettings(page, session.server.url, switchShown('Close the code after copying'));
    const list = page.getByRole('list', { name: 'Accounts' });
    await list.getByRole('button', { name: /^GitHub/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Copy' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/accounts');

    await setSetting(page, session.server.url, 'kickUserAfter', -1);
    await accountsOnServerSettings(
      page,
      session.server.url,
      choiceShown('Auto lock', 'When a code is copied'),
    );
    await list.getByRole('button', { name: /^GitHub/ }).click();
    const loggedOut = page.waitForResponse((response) => response.url().endsWith('/user/logout'));
    await page.getByRole('dialog').getByRole('button', { name: 'Copy' }).click();
    await page.waitForURL(/\/autolock$/);
    await loggedOut;
    await screenshots(page, 'autolock-after-copy');
    // The session is over: the accounts are behind the login screen again.
    await page.goto(`${session.server.url}/accounts`);
    await page.waitForURL(/\/login/);
  });
});
