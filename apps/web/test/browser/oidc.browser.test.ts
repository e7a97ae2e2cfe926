import { createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CLIENT_ID, CLIENT_SECRET, TestOidcProvider } from '../../../api/src/test/oidc-provider';
import { launchBrowser, screenshots, startServer, type BrowserSession, type RunningServer } from './harness';
import { registerSignedOut, USER } from './identity';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The server's environment for a provider named "Pocket ID" at the test provider. */
const oidcEnv = (issuer: string, extra: Record<string, string> = {}) => ({
  OIDC_ISSUER_URL: issuer,
  OIDC_CLIENT_ID: CLIENT_ID,
  OIDC_CLIENT_SECRET: CLIENT_SECRET,
  OIDC_BUTTON_LABEL: 'Pocket ID',
  ...extra,
});

describe('signing in with OpenID Connect', () => {
  // A real provider on 127.0.0.1 whose login and consent pages answer by themselves, and a server
  // on a port chosen first, so that the provider knows its redirect URI.
  const provider = new TestOidcProvider();
  let server: RunningServer;
  let browser: BrowserSession;

  beforeAll(async () => {
    const port = await freePort();
    const issuer = await provider.start(`http://localhost:${port}/oidc/callback`, { idTokenSeconds: 300 });
    server = await startServer(oidcEnv(issuer), { port });
    // The one user, registered with a password; the tests sign in through the provider.
    const setup = await launchBrowser();
    await registerSignedOut(setup.page, server.url);
    await setup.close();
  });

  afterAll(async () => {
    await server.stop();
    await provider.stop();
  });

  beforeEach(async () => {
    browser = await launchBrowser();
    return () => browser.close();
  });

  it('offers the provider on the sign-in screen and signs in through it', async () => {
    const { page } = browser;
    provider.signedInAs = { sub: 'ada-at-pocket-id', email: USER.email, email_verified: true };
    const toProvider: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(provider.issuer)) toProvider.push(request.url());
    });

    await page.goto(`${server.url}/login`);
    // With the service worker in control, as on any later visit: the link must still reach the
    // server, not the app's offline shell.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    const button = page.getByRole('link', { name: 'Sign in with Pocket ID' });
    await button.waitFor();
    // The password form is still there: password sign-in is on.
    await page.getByLabel('Password', { exact: true }).waitFor();
    await screenshots(page, 'oidc-login');
    await button.click();
    await page.waitForURL(/\/(accounts|start)$/);

    // The flow went through the provider with PKCE, state and nonce.
    const authorization = new URL(toProvider[0] ?? '');
    expect(authorization.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorization.searchParams.get('state')).toMatch(/.{20,}/);
    expect(authorization.searchParams.get('nonce')).toMatch(/.{20,}/);
  });

  it('says so when the identity is not the user’s', async () => {
    const { page } = browser;
    provider.signedInAs = { sub: 'someone-else', email: USER.email, email_verified: false };
    await page.goto(`${server.url}/login`);
    await page.getByRole('link', { name: 'Sign in with Pocket ID' }).click();
    await page.waitForURL(/\/login\?oidc_error=not_linked/);
    await page.getByRole('alert').filter({ hasText: 'This identity is not linked' }).waitFor();
    await screenshots(page, 'oidc-not-linked');
  });

  it('unlinks and links the identity from Settings, after the password', async () => {
    const { page } = browser;
    provider.signedInAs = { sub: 'ada-at-pocket-id', email: USER.email, email_verified: true };
    await page.goto(`${server.url}/login`);
    await page.getByRole('link', { name: 'Sign in with Pocket ID' }).click();
    await page.waitForURL(/\/(accounts|start)$/);

    await page.goto(`${server.url}/settings/security`);
    await page.getByText(`Your Pocket ID identity is linked (${USER.email})`).waitFor();
    await page.getByRole('button', { name: 'Unlink Pocket ID' }).click();
    await page.getByText('No Pocket ID identity is linked yet.').waitFor();

    provider.signedInAs = { sub: 'ada-at-work', email: 'ada@work.example', email_verified: true };
    await page.getByRole('button', { name: 'Link Pocket ID' }).click();
    // A sensitive change: the password first.
    await page.getByLabel('Password', { exact: true }).fill(USER.password);
    await screenshots(page, 'oidc-settings-confirm');
    await page.getByRole('button', { name: 'Link Pocket ID' }).click();
    await page.waitForURL(/\/settings\/security\?oidc=linked$/);
    await page.getByRole('status').filter({ hasText: 'Your identity is linked.' }).waitFor();
    await page.getByText('Your Pocket ID identity is linked (ada@work.example)').waitFor();
    await screenshots(page, 'oidc-settings-linked');
  });

  it('shows only the provider when password sign-in is off', async () => {
    const other = await startServer(oidcEnv(provider.issuer, { OIDC_DISABLE_PASSWORD_LOGIN: 'true' }));
    try {
      // Nobody registered yet (a password registration is refused too): the screen that registers
      // offers the provider alone.
      const { page } = browser;
      await page.goto(`${other.url}/login`);
      await page.getByRole('link', { name: 'Sign in with Pocket ID' }).waitFor();
      await expect.poll(() => page.getByLabel('Password', { exact: true }).count()).toBe(0);
      await expect.poll(() => page.getByRole('button', { name: /security device/ }).count()).toBe(0);
    } finally {
      await other.stop();
    }
  });
});

// Its own server: the sign-in routes allow ten requests a minute from one address, which the
// tests above use up.
describe('signing in with OpenID Connect from a page to come back to', () => {
  const provider = new TestOidcProvider();
  let server: RunningServer;
  let browser: BrowserSession;

  beforeAll(async () => {
    const port = await freePort();
    const issuer = await provider.start(`http://localhost:${port}/oidc/callback`, { idTokenSeconds: 300 });
    server = await startServer(oidcEnv(issuer), { port });
    browser = await launchBrowser();
    await registerSignedOut(browser.page, server.url);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await provider.stop();
  });

  it('comes back to the connect page, code included, after signing in through the provider', async () => {
    const { page } = browser;
    provider.signedInAs = { sub: 'ada-at-pocket-id', email: USER.email, email_verified: true };
    // A device (the CLI) starts a pairing; the signed-out user opens its page.
    const response = await fetch(`${server.url}/api/v1/device-authorizations`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ client_name: 'Twofold CLI', scope: 'codes' }),
    });
    const started = (await response.json()) as { user_code: string; verification_uri_complete: string };
    await page.goto(started.verification_uri_complete);
    await page.waitForURL(/\/login$/);
    await page.getByRole('link', { name: 'Sign in with Pocket ID' }).click();
    await page.getByText('Twofold CLI asks to connect to your Twofold.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/connect');
    expect(new URL(page.url()).searchParams.get('code')).toBe(started.user_code);
  });
});
