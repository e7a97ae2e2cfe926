import { describe, expect, it } from 'vitest';
import { screenshots } from './harness';
import { perTestSessions, type PerTest } from './per-test';

const PROXY_ENV = { AUTHENTICATION_GUARD: 'reverse-proxy-guard', TRUSTED_PROXIES: '127.0.0.1' };

/**
 * One server in proxy mode for the file (restarted on a new database before each test: the API
 * cannot wipe a proxy's user), and a browser whose every request comes from the proxy's user.
 */
function proxiedSessions(env: Record<string, string> = {}): PerTest {
  return perTestSessions({
    env: { ...PROXY_ENV, ...env },
    setUp: ({ context }) => context.setExtraHTTPHeaders({ 'Remote-User': 'proxied-ada' }),
  });
}

/** The options screen, signed in by the proxy. */
async function openSettings({ page, server }: PerTest): Promise<void> {
  await page.goto(`${server.url}/settings/options`);
  await page.getByRole('heading', { name: 'General' }).waitFor();
}

describe('behind an authentication proxy', () => {
  const session = proxiedSessions();

  it('turns the public sign-in routes off', async () => {
    const { page, server } = session;
    for (const path of ['/login', '/register', '/password/request', '/webauthn/lost', '/autolock']) {
      await page.goto(`${server.url}${path}`);
      await page.waitForURL(/\/(accounts|start)/);
    }
  });

  it('sends the CSRF token the proxy mode now requires: a setting is saved without a refusal first', async () => {
    const { page } = session;
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 419) refused.push(response.url());
    });
    await openSettings(session);
    const sent = page.waitForRequest(
      (request) => request.method() === 'PUT' && request.url().includes('/api/v1/settings/'),
    );
    await page.getByRole('switch', { name: 'Show icons' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    // The token comes from the XSRF-TOKEN cookie the page itself set.
    expect((await sent).headers()['x-xsrf-token']).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(refused).toEqual([]);
  });

  it('has no sign-out link without a proxy logout URL', async () => {
    const { page } = session;
    await openSettings(session);
    await page.getByRole('link', { name: 'Settings' }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Sign out' }).count()).toBe(0);
  });

  it('shows the account read-only with the proxy warning', async () => {
    const { page } = session;
    await openSettings(session);
    await page.getByRole('link', { name: 'Account', exact: true }).click();
    await page.getByText('Not available: your account is managed by the authentication proxy.').waitFor();
    const profile = page.getByRole('region', { name: 'Profile' });
    await expect.poll(() => profile.getByLabel('Name').inputValue()).toBe('proxied-ada');
    await expect.poll(() => profile.getByLabel('Name').isDisabled()).toBe(true);
    await expect
      .poll(() => profile.getByRole('button', { name: 'Save the profile' }).isDisabled())
      .toBe(true);
    expect(
      await page.getByRole('region', { name: 'Delete the account' }).getByRole('button').isDisabled(),
    ).toBe(true);
    await screenshots(page, 'proxy-account');
  });

  it('says tokens are not available, and offers no way to generate one', async () => {
    const { page } = session;
    await openSettings(session);
    await page.getByRole('link', { name: 'Access tokens' }).click();
    await page.getByText('Not available: your account is managed by the authentication proxy.').waitFor();
    await expect.poll(() => page.getByRole('link', { name: 'Generate a new token' }).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/settings/oauth');
    await screenshots(page, 'proxy-tokens');
  });

  it('says security devices are not available, with their options off', async () => {
    const { page } = session;
    await openSettings(session);
    await page.getByRole('link', { name: 'Security devices' }).click();
    await page.getByText('Not available: your account is managed by the authentication proxy.').waitFor();
    await expect
      .poll(() => page.getByRole('button', { name: 'Register a new device' }).isDisabled())
      .toBe(true);
    await expect
      .poll(() => page.getByRole('switch', { name: 'Security devices only' }).isDisabled())
      .toBe(true);
    await expect
      .poll(() => page.getByRole('switch', { name: 'Security device first' }).isDisabled())
      .toBe(true);
  });
});

describe('behind an authentication proxy with a logout URL', () => {
  const session = proxiedSessions({ PROXY_LOGOUT_URL: 'http://localhost:9/logged-out' });

  it('signs out at the proxy', async () => {
    const { page } = session;
    await openSettings(session);
    await page.getByRole('button', { name: 'Sign out' }).click();
    const leaving = page.waitForRequest((request) =>
      request.url().startsWith('http://localhost:9/logged-out'),
    );
    await page.getByRole('alertdialog').getByRole('button', { name: 'Sign out' }).click();
    await leaving;
  });
});
