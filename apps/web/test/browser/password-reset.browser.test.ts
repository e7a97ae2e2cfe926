import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  KNOWN_USERS,
  launchSharedBrowser,
  screenshots,
  startResettableServer,
  type BrowserSession,
  type ResettableServer,
  type SharedBrowser,
} from './harness';
import { apiCall } from './accounts-helpers';
import { lastMail, linkIn, registerByApi, signOutThroughFooter, USER } from './identity';

describe('password reset by e-mail', () => {
  let server: ResettableServer;
  let chromium: SharedBrowser;
  let browser: BrowserSession;

  // One server and one browser for the file; each test starts from a new install's database
  // (reset through the API), in a fresh browser context.
  beforeAll(async () => {
    server = await startResettableServer({}, [
      ...KNOWN_USERS,
      { email: USER.email, password: 'a new passphrase' },
    ]);
    chromium = await launchSharedBrowser();
  });

  afterAll(async () => {
    await chromium?.close();
    await server?.stop();
  });

  beforeEach(async () => {
    await server.reset();
    browser = await chromium.newSession();
    await registerByApi(browser.page, server.url);
  });

  afterEach(async () => {
    await browser?.close();
  });

  it('asks for the link, follows it from the mail, and sets a new password', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/accounts`);
    await signOutThroughFooter(page);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByLabel('Email', { exact: true }).fill('someone@else.example');
    await page.getByRole('button', { name: 'Send the reset link' }).click();
    await page.getByText('No account found using this email.').waitFor();
    await page.getByLabel('Email', { exact: true }).fill(USER.email);
    await page.getByRole('button', { name: 'Send the reset link' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'We have emailed your password reset link!' })
      .first()
      .waitFor();

    const link = linkIn(lastMail(server.dataDir), `${server.url}/user/password/reset`);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await expect.poll(() => page.title()).toBe('Reset password · Twofold');
    const email = page.getByLabel('Email', { exact: true });
    await expect.poll(() => email.inputValue()).toBe(USER.email);
    await expect.poll(() => email.getAttribute('readonly')).not.toBeNull();
    await page.getByLabel('New password', { exact: true }).fill('a new passphrase');
    await page.getByLabel('Confirm password', { exact: true }).fill('another one');
    await page.getByRole('button', { name: 'Change my password' }).click();
    await page.getByText('The password field confirmation does not match.').waitFor();
    await screenshots(page, 'password-reset');

    await page.getByLabel('Confirm password', { exact: true }).fill('a new passphrase');
    await page.getByRole('button', { name: 'Change my password' }).click();
    await page.getByText('Your password has been reset!').waitFor();
    await screenshots(page, 'password-reset-done');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/(accounts|start)/);
  });

  it('signs in with the new password, and the used link no longer works', async () => {
    const { page } = browser;
    // The reset itself, through the API: a link by mail, then the new password.
    await page.goto(`${server.url}/accounts`);
    await signOutThroughFooter(page);
    await apiCall(page, 'POST', `${server.url}/user/password/lost`, { email: USER.email });
    const link = linkIn(lastMail(server.dataDir), `${server.url}/user/password/reset`);
    const token = new URL(link).searchParams.get('token');
    await apiCall(page, 'POST', `${server.url}/user/password/reset`, {
      email: USER.email,
      token,
      password: 'a new passphrase',
      password_confirmation: 'a new passphrase',
    });
    // The reset signed the caller in: out again, to sign in with the new password.
    await page.goto(`${server.url}/accounts`);
    await signOutThroughFooter(page);
    await page.getByLabel('Email', { exact: true }).fill(USER.email);
    await page.getByLabel('Password', { exact: true }).fill('a new passphrase');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/\/(accounts|start)/);

    await signOutThroughFooter(page);
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('yet another passphrase');
    await page.getByLabel('Confirm password', { exact: true }).fill('yet another passphrase');
    await page.getByRole('button', { name: 'Change my password' }).click();
    await page.getByText('This password reset token is invalid.').waitFor();
  });
});
