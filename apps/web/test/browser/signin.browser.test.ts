import { describe, expect, it } from 'vitest';
import { createAccount, SECRET, setSetting } from './accounts-helpers';
import { screenshots } from './harness';
import { registerByApi, registerSignedOut, signInWithPassword, signOutThroughFooter, USER } from './identity';
import { perTestSessions } from './per-test';

describe('registering, signing out and in', () => {
  // Each test starts from a new install, signed out; those that need the user register it first.
  const session = perTestSessions();

  /** The user exists and the page is signed in, on the accounts. */
  async function signedIn(): Promise<void> {
    const { page, server } = session;
    await registerByApi(page, server.url);
    await page.goto(`${server.url}/accounts`);
  }

  /** The account-list requests the page makes from now on (`?withSecret=1...` included). */
  function countListFetches(page: (typeof session)['page']) {
    const fetches: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/v1/twofaccounts') fetches.push(request.url());
    });
    return fetches;
  }

  /**
   * The user with one TOTP account, 'Listed', signed out: the account-list requests from then on.
   * `codesInList` turns off the codes on request, so the list carries the secrets.
   */
  async function signedOutWithOneAccount(codesInList: boolean): Promise<string[]> {
    const { page, server } = session;
    await registerByApi(page, server.url);
    await createAccount(page, server.url, {
      service: 'Listed',
      account: 'jane',
      otp_type: 'totp',
      secret: SECRET,
    });
    if (codesInList) await setSetting(page, server.url, 'getOtpOnRequest', false);
    await page.context().clearCookies();
    return countListFetches(page);
  }

  it('fetches the accounts list once when signing in and reloading, with the codes shown in the list', async () => {
    const { page, server } = session;
    const listFetches = await signedOutWithOneAccount(true);
    await signInWithPassword(page, server.url);
    // The code is computed in the page from the one answer that also carries the secret.
    const row = page.getByRole('listitem').filter({ hasText: 'Listed' });
    await expect.poll(() => row.innerText()).toMatch(/\d{3}\s*\d{3}/);
    await page.waitForLoadState('networkidle');
    expect(listFetches).toHaveLength(1);
    expect(new URL(listFetches[0] ?? '').searchParams.get('withSecret')).toBe('1');

    listFetches.length = 0;
    await page.reload();
    await expect.poll(() => row.innerText()).toMatch(/\d{3}\s*\d{3}/);
    await page.waitForLoadState('networkidle');
    expect(listFetches).toHaveLength(1);
  });

  it('fetches the accounts list without the secrets when codes show on request', async () => {
    const { page, server } = session;
    const listFetches = await signedOutWithOneAccount(false);
    await signInWithPassword(page, server.url);
    await page.getByRole('listitem').filter({ hasText: 'Listed' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(listFetches).toHaveLength(1);
    expect(new URL(listFetches[0] ?? '').searchParams.get('withSecret')).toBeNull();
  });

  it('registers, offers a security device, and goes on without one', async () => {
    const { page, server } = session;
    await page.goto(server.url);
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill(USER.name);
    await page.getByLabel('Email', { exact: true }).fill(USER.email);
    await page.getByLabel('Password', { exact: true }).fill(USER.password);
    await page.getByLabel('Confirm password', { exact: true }).fill('something else');
    await page.getByRole('button', { name: 'Register' }).click();
    // The server's validation message shows under the field.
    await page.getByText('The password field confirmation does not match.').waitFor();
    await screenshots(page, 'register-invalid');

    await page.getByLabel('Password', { exact: true }).fill(USER.password);
    await page.getByLabel('Confirm password', { exact: true }).fill(USER.password);
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByRole('heading', { name: 'Add a security device' }).waitFor();
    await screenshots(page, 'register-device');
    await page.getByRole('button', { name: 'Maybe later' }).click();
    await page.waitForURL(/\/(accounts|start)/);
  });

  it('signs out after confirmation, and refuses a wrong password', async () => {
    const { page } = session;
    await signedIn();
    await signOutThroughFooter(page);
    expect(page.url()).toContain('forceRefresh=true');
    await page.getByRole('heading', { name: `Welcome back ${USER.name}` }).waitFor();
    await expect.poll(() => page.title()).toBe('Sign in · Twofold');
    await page.getByLabel('Email', { exact: true }).fill(USER.email);
    await page.getByLabel('Password', { exact: true }).fill('wrong password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Authentication failed' }).waitFor();
    await screenshots(page, 'login-failed');
    // A danger notice stays until clicked.
    await page.waitForTimeout(4500);
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'Authentication failed' }).isVisible())
      .toBe(true);
    await page.getByRole('alert').filter({ hasText: 'Authentication failed' }).click();
    await expect.poll(() => page.getByRole('alert').count()).toBe(0);
  });

  it('signs in with the password and lands on the accounts', async () => {
    const { page, server } = session;
    await registerSignedOut(page, server.url);
    await signInWithPassword(page, server.url);
    // The login screen is not for signed-in people.
    await page.goto(`${server.url}/login`);
    await page.waitForURL(/\/(accounts|start)/);
  });

  it('sends unknown paths to /404', async () => {
    const { page, server } = session;
    await signedIn();
    await page.goto(`${server.url}/nowhere/at/all`);
    await page.getByRole('heading', { name: 'Resource not found' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/404');
    await screenshots(page, 'error-404');
  });

  it('shows the forgot-password and lost-device screens from the sign-in screen', async () => {
    const { page, server } = session;
    await signedIn();
    await signOutThroughFooter(page);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await expect.poll(() => page.title()).toBe('Forgot password · Twofold');
    await screenshots(page, 'password-request');
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await page.getByLabel('Email', { exact: true }).waitFor();
    // No security device is registered: device sign-in is not offered, its recovery still answers.
    await expect
      .poll(() => page.getByRole('button', { name: 'Sign in with a security device' }).count())
      .toBe(0);
    await page.goto(`${server.url}/webauthn/lost`);
    await page.getByRole('heading', { name: 'Lost security device' }).waitFor();
    await screenshots(page, 'device-lost');
  });

  it('says registration is closed once a user exists', async () => {
    const { page, server } = session;
    await registerSignedOut(page, server.url);
    await page.goto(`${server.url}/register`);
    await page.getByLabel('Name', { exact: true }).fill('Eve');
    await page.getByLabel('Email', { exact: true }).fill('eve@example.com');
    await page.getByLabel('Password', { exact: true }).fill(USER.password);
    await page.getByLabel('Confirm password', { exact: true }).fill(USER.password);
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByRole('heading', { name: 'You cannot register more than one user' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/flooded');
    await screenshots(page, 'error-flooded');
  });

  it('shows the server message on the generic error screen, and the proxy failure without a way out', async () => {
    const { page, server } = session;
    await registerSignedOut(page, server.url);
    await page.goto(`${server.url}/error?err=${encodeURIComponent('Something broke on the server')}`);
    await page.getByRole('heading', { name: 'An error occured' }).waitFor();
    await page.getByText('Something broke on the server').waitFor();
    await screenshots(page, 'error-generic');
    await page.goto(`${server.url}/error?proxy=true`);
    await page.getByRole('heading', { name: 'Proxy authentication failed' }).waitFor();
    await expect.poll(() => page.getByRole('link', { name: 'Back to accounts' }).count()).toBe(0);
  });

  it('goes to the sign-in screen when the session is gone (a 401 from any call)', async () => {
    const { page, server } = session;
    const { context } = session.browser;
    await registerSignedOut(page, server.url);
    await signInWithPassword(page, server.url);
    await page.goto(`${server.url}/settings/options`);
    await page.getByRole('heading', { name: 'General' }).waitFor();
    await context.clearCookies();
    await page.getByRole('switch', { name: 'Show codes as dots' }).click();
    await page.getByRole('heading', { name: `Welcome back ${USER.name}` }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });
});
