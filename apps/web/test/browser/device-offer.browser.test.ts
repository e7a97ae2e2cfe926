import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerSignedOut, USER } from './identity';
import { perTestSessions } from './per-test';

/** A browser that has never seen this server: no cookies, nothing stored. */
async function asNewBrowser(page: Page, url: string): Promise<void> {
  await page.context().clearCookies();
  await page.goto(`${url}/404`);
  await page.evaluate(() => localStorage.clear());
}

describe('device sign-in is offered only when a security device is registered', () => {
  const session = perTestSessions({
    setUp: async ({ context, page }) => {
      // Chromium's virtual authenticator stands in for a security key.
      const cdp = await context.newCDPSession(page);
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
  const offer = () => session.page.getByRole('button', { name: 'Sign in with a security device' });

  it('a new browser is not offered it without a device, and is offered it once one exists', async () => {
    const { page, server } = session;
    await registerSignedOut(page, server.url);
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Email', { exact: true }).waitFor();
    await expect.poll(() => offer().count()).toBe(0);

    // Another browser registers the user's first device...
    await page.getByLabel('Email', { exact: true }).fill(USER.email);
    await page.getByLabel('Password', { exact: true }).fill(USER.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/\/accounts|\/start/);
    await page.goto(`${server.url}/settings/webauthn`);
    await page.getByRole('button', { name: 'Register a new device' }).click();
    await page.waitForURL(/\/settings\/webauthn\/.+\/edit/);

    // ...so a new browser offers it, and it signs in.
    await asNewBrowser(page, server.url);
    await page.goto(`${server.url}/login`);
    await offer().click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/accounts|\/start/);
  });
});

describe('a signed-out load', () => {
  const session = perTestSessions();

  it('logs no error and no failed request, with or without a registered user', async () => {
    const { page, server } = session;
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`${response.status()} ${new URL(response.url()).pathname}`);
    });
    await page.goto(server.url);
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await registerSignedOut(page, server.url);
    for (const path of ['/', '/accounts', '/login', '/settings/options']) {
      await page.goto(`${server.url}${path}`);
      await page.getByLabel('Email', { exact: true }).waitFor();
      await page.waitForLoadState('networkidle');
    }
    expect(problems).toEqual([]);
  });
});
