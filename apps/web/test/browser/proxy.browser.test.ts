import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshots, startServer, type BrowserSession, type RunningServer } from './harness';

const PROXY_ENV = { AUTHENTICATION_GUARD: 'reverse-proxy-guard', TRUSTED_PROXIES: '127.0.0.1' };

describe('behind an authentication proxy', () => {
  let server: RunningServer;
  let browser: BrowserSession;

  beforeAll(async () => {
    server = await startServer(PROXY_ENV);
    browser = await launchBrowser();
    await browser.context.setExtraHTTPHeaders({ 'Remote-User': 'proxied-ada' });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('turns the public sign-in routes off', async () => {
    const { page } = browser;
    for (const path of ['/login', '/register', '/password/request', '/webauthn/lost', '/autolock']) {
      await page.goto(`${server.url}${path}`);
      await page.waitForURL(/\/(accounts|start)/);
    }
  });

  it('has no sign-out link without a proxy logout URL', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/settings/options`);
    await page.getByRole('heading', { name: 'General' }).waitFor();
    await page.getByRole('link', { name: 'Settings' }).waitFor();
    expect(await page.getByRole('button', { name: 'Sign out' }).count()).toBe(0);
  });

  it('shows the account read-only with the proxy warning', async () => {
    const { page } = browser;
    await page.getByRole('link', { name: 'Account', exact: true }).click();
    await page.getByText('Not available: your account is managed by the authentication proxy.').waitFor();
    const profile = page.getByRole('region', { name: 'Profile' });
    expect(await profile.getByLabel('Name').inputValue()).toBe('proxied-ada');
    expect(await profile.getByLabel('Name').isDisabled()).toBe(true);
    expect(await profile.getByRole('button', { name: 'Save the profile' }).isDisabled()).toBe(true);
    expect(
      await page.getByRole('region', { name: 'Delete the account' }).getByRole('button').isDisabled(),
    ).toBe(true);
    await screenshots(page, 'proxy-account');
  });

  it('says tokens are not available, and offers no way to generate one', async () => {
    const { page } = browser;
    await page.getByRole('link', { name: 'Access tokens' }).click();
    await page.getByText('Not available: your account is managed by the authentication proxy.').waitFor();
    expect(await page.getByRole('link', { name: 'Generate a new token' }).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/settings/oauth');
    await screenshots(page, 'proxy-tokens');
  });

  it('says security devices are not available, with their options off', async () => {
    const { page } = browser;
    await page.getByRole('link', { name: 'Security devices' }).click();
    await page.getByText('Not available: your account is managed by the authentication proxy.').waitFor();
    expect(await page.getByRole('button', { name: 'Register a new device' }).isDisabled()).toBe(true);
    expect(await page.getByRole('switch', { name: 'Security devices only' }).isDisabled()).toBe(true);
    expect(await page.getByRole('switch', { name: 'Security device first' }).isDisabled()).toBe(true);
  });
});

describe('behind an authentication proxy with a logout URL', () => {
  let server: RunningServer;
  let browser: BrowserSession;

  beforeAll(async () => {
    server = await startServer({ ...PROXY_ENV, PROXY_LOGOUT_URL: 'http://localhost:9/logged-out' });
    browser = await launchBrowser();
    await browser.context.setExtraHTTPHeaders({ 'Remote-User': 'proxied-ada' });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('signs out at the proxy', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/settings/options`);
    await page.getByRole('heading', { name: 'General' }).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    const leaving = page.waitForRequest((request) =>
      request.url().startsWith('http://localhost:9/logged-out'),
    );
    await page.getByRole('alertdialog').getByRole('button', { name: 'Sign out' }).click();
    await leaving;
  });
});
