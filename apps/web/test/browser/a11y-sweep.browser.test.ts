import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { createAccount, createGroup, SECRET } from './accounts-helpers';
import { expectAccessible } from './axe';
import { registerByApi } from './identity';
import { perTestSessions } from './per-test';

/** Every screen a visitor can open before anyone registered. */
const PUBLIC_SCREENS = ['/register', '/about', '/404'];

/** Every screen of a signed-out visitor once someone registered. */
const SIGNED_OUT_SCREENS = ['/login', '/password/request', '/webauthn/lost'];

/** Every screen of a signed-in user (ids filled in once the data exists). */
function signedInScreens(accountId: number, groupId: number): string[] {
  return [
    '/accounts',
    '/start',
    '/account/create',
    `/account/${accountId}/edit`,
    `/account/${accountId}/qrcode`,
    `/account/${accountId}/code-log`,
    '/account/import',
    '/groups',
    '/group/create',
    `/group/${groupId}/edit`,
    '/settings/options',
    '/settings/account',
    '/settings/oauth',
    '/settings/oauth/pat/create',
    '/settings/webauthn',
    '/settings/backups',
    '/about',
  ];
}

/** Each screen, once its content and a heading are there, in both colour schemes. */
async function sweep(page: Page, url: string, screens: readonly string[]) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const path of screens) {
      await page.goto(`${url}${path}`);
      // A full-screen dialog (the QR code) hides the page's main landmark from assistive technology.
      await page.getByRole('main').or(page.getByRole('dialog')).first().waitFor();
      await page.waitForLoadState('networkidle');
      await page.getByRole('heading').first().waitFor();
      await expectAccessible(page, `on ${path} (${scheme})`);
    }
  }
}

describe('every screen passes axe in light and dark mode', () => {
  const session = perTestSessions();

  it('the screens of a visitor', async () => {
    const { page, server } = session;
    await sweep(page, server.url, PUBLIC_SCREENS);
    await registerByApi(page, server.url);
    await page.context().clearCookies();
    await sweep(page, server.url, SIGNED_OUT_SCREENS);
  });

  it('the screens of a signed-in user', async () => {
    const { page, server } = session;
    await registerByApi(page, server.url);
    const account = await createAccount(page, server.url, {
      service: 'Sweep',
      account: 'jane',
      otp_type: 'totp',
      secret: SECRET,
    });
    const group = await createGroup(page, server.url, 'Work', [account.id]);
    await sweep(page, server.url, signedInScreens(account.id, group.id));
  });
});
