import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebdavServer, type WebdavTestServer } from '../../../api/src/test/webdav-server';
import { apiCall, createAccount, createGroup, SECRET, setSetting, tmp } from './accounts-helpers';
import { describeViolations, seriousViolations } from './axe';
import { registerByApi, signInWithPassword, USER } from './identity';
import { perTestSessions } from './per-test';

/**
 * One screen of the sweep: how to bring it up (a path, or steps on the page as it is) and what
 * shows once it is there with its content.
 */
interface Screen {
  readonly name: string;
  readonly open: (page: Page, url: string) => Promise<void>;
  /** Reached through English names: left out of the Arabic pass. */
  readonly englishOnly?: boolean;
}

/** A screen reached by its address, ready once its first heading and the data it asked for are there. */
function at(pathname: string, name = pathname): Screen {
  return {
    name,
    open: async (page, url) => {
      await page.goto(`${url}${pathname}`);
      // A full-screen dialog (the QR code) hides the page's main landmark from assistive technology.
      await page.getByRole('main').or(page.getByRole('dialog')).first().waitFor();
      await page.waitForLoadState('networkidle');
      await page.getByRole('heading').first().waitFor();
    },
  };
}

/**
 * Runs axe on each screen in the given colour schemes (the theme follows the system's by default,
 * so one visit serves both) and returns every serious or critical violation, named by screen.
 */
async function sweep(
  page: Page,
  url: string,
  screens: readonly Screen[],
  schemes: readonly ('light' | 'dark')[],
  label = '',
): Promise<string[]> {
  const found: string[] = [];
  for (const screen of screens) {
    await page.emulateMedia({ colorScheme: schemes[0] });
    await screen.open(page, url);
    for (const scheme of schemes) {
      await page.emulateMedia({ colorScheme: scheme });
      const violations = await seriousViolations(page);
      if (violations.length > 0)
        found.push(`on ${screen.name} (${scheme}${label}):\n${describeViolations(violations)}`);
    }
  }
  return found;
}

/** Every screen a visitor can open before anyone registered. */
const PUBLIC_SCREENS = [at('/register'), at('/about'), at('/404'), at('/error?err=Broken', '/error')];

/** Every screen of a signed-out visitor once someone registered. */
const SIGNED_OUT_SCREENS = [
  at('/login'),
  at('/password/request'),
  at('/webauthn/lost'),
  at('/user/password/reset?token=nothing&email=ada%40example.com', '/user/password/reset'),
];

interface Seeded {
  readonly github: number;
  readonly bank: number;
  readonly group: number;
}

/** Data that leaves no screen empty: a favourite, tags, a group, recovery codes, a note, the trash, logs. */
async function seed(page: Page, url: string): Promise<Seeded> {
  const github = await createAccount(page, url, {
    service: 'GitHub',
    account: 'octocat',
    otp_type: 'totp',
    secret: SECRET,
  });
  const bank = await createAccount(page, url, {
    service: 'Bank',
    account: 'jane.doe',
    otp_type: 'totp',
    secret: SECRET,
    digits: 8,
  });
  await createAccount(page, url, {
    service: 'Counter',
    account: 'hotp',
    otp_type: 'hotp',
    secret: SECRET,
    counter: 3,
  });
  const gone = await createAccount(page, url, {
    service: 'Old shop',
    account: 'jane',
    otp_type: 'totp',
    secret: SECRET,
  });
  await apiCall(page, 'DELETE', `${url}/api/v1/twofaccounts/${gone.id}`);
  await apiCall(page, 'PUT', `${url}/api/v1/twofaccounts/${github.id}/favorite`, { favorite: true });
  await apiCall(page, 'PUT', `${url}/api/v1/twofaccounts/${github.id}/recovery`, {
    note: 'Spare phone in the drawer',
    recovery_codes: [{ code: 'alpha-1111' }, { code: 'bravo-2222' }, { code: 'charlie-3333' }],
  });
  const group = await createGroup(page, url, 'Work', [github.id, bank.id]);
  for (const [name, ids] of [
    ['Personal', [bank.id]],
    ['Dev', [github.id]],
  ] as const) {
    const tag = (await apiCall(page, 'POST', `${url}/api/v1/tags`, { name })) as { id: number };
    await apiCall(page, 'POST', `${url}/api/v1/tags/${tag.id}/assign`, { ids });
  }
  // A code read through the API: an entry in the code log.
  await apiCall(page, 'GET', `${url}/api/v1/twofaccounts/${github.id}/otp`);
  return { github: github.id, bank: bank.id, group: group.id };
}

/**
 * Settings, Backups with a destination of each kind: a WebDAV one written to and checked (a real
 * server on loopback), an S3 one failing (nothing listens at its endpoint) and an SFTP one whose
 * host key is not confirmed yet.
 */
async function seedDestinations(page: Page, url: string, webdav: WebdavTestServer): Promise<void> {
  await apiCall(page, 'PUT', `${url}/api/v1/backups/password`, { password: 'backup password 1' });
  await apiCall(page, 'POST', `${url}/user/confirm`, { password: USER.password });
  const add = (body: Record<string, unknown>) =>
    apiCall(page, 'POST', `${url}/api/v1/backups/destinations`, body);
  const folder = `a11y-${Date.now()}`;
  mkdirSync(path.join(webdav.dir, folder));
  await add({
    kind: 'webdav',
    label: 'Nextcloud',
    url: `${webdav.url}${folder}/`,
    username: webdav.username,
    password: webdav.password,
  });
  await add({
    kind: 's3',
    label: 'Bucket',
    endpoint: 'http://127.0.0.1:9',
    bucket: 'twofold',
    access_key_id: 'id',
    secret_access_key: 'secret',
    force_path_style: true,
  });
  await add({ kind: 'sftp', label: 'Shell', host: '127.0.0.1', port: 9, username: 'me', password: 'pw' });
  await apiCall(page, 'POST', `${url}/api/v1/backups`);
}

// The list of accounts, whatever the language.
const accountsList = (page: Page) => page.locator('ul.accounts').first();

/** Every screen of a signed-in user, with the dialogs and modes the accounts screen opens. */
function signedInScreens({ github, group }: Seeded): Screen[] {
  return [
    at('/accounts', '/accounts (codes on request)'),
    {
      name: 'the group switch',
      englishOnly: true,
      open: async (page) => {
        await page.getByRole('button', { name: /^Active group/ }).click();
        await page.getByRole('dialog').waitFor();
      },
    },
    {
      name: 'a code window',
      englishOnly: true,
      open: async (page, url) => {
        await at('/accounts').open(page, url);
        await accountsList(page)
          .getByRole('button', { name: /^GitHub/ })
          .first()
          .click();
        await page.getByRole('dialog').getByRole('status', { name: 'One-time password' }).waitFor();
      },
    },
    {
      name: 'the recovery codes, asking the password',
      englishOnly: true,
      open: async (page, url) => {
        await at('/accounts').open(page, url);
        await page.getByRole('link', { name: /^Recovery codes/ }).click();
        await page.getByRole('dialog').getByLabel('Password', { exact: true }).waitFor();
      },
    },
    {
      name: 'the recovery codes, shown',
      englishOnly: true,
      open: async (page) => {
        const dialog = page.getByRole('dialog');
        await dialog.getByLabel('Password', { exact: true }).fill(USER.password);
        await dialog.getByRole('button', { name: 'Confirm' }).click();
        await dialog.getByText('alpha-1111', { exact: true }).waitFor();
      },
    },
    {
      name: '/accounts in Manage mode',
      englishOnly: true,
      open: async (page, url) => {
        await at('/accounts').open(page, url);
        await page.getByRole('button', { name: 'Manage' }).click();
        await page.getByRole('toolbar').waitFor();
        await page.getByRole('checkbox').first().click();
      },
    },
    {
      name: '/accounts (codes in the list)',
      open: async (page, url) => {
        await setSetting(page, url, 'getOtpOnRequest', false);
        await at('/accounts').open(page, url);
        await accountsList(page).getByText(/\d{3}/).first().waitFor();
      },
    },
    {
      name: 'the sign-out confirmation',
      englishOnly: true,
      open: async (page) => {
        await page.getByRole('button', { name: 'Sign out' }).click();
        await page.getByRole('alertdialog').waitFor();
      },
    },
    at('/start'),
    at('/account/create'),
    at(`/account/${github}/edit`),
    at(`/account/${github}/qrcode`),
    at(`/account/${github}/code-log`),
    at('/account/import'),
    {
      name: 'an import preview',
      englishOnly: true,
      open: async (page, url) => {
        const file = path.join(tmp, 'a11y-import.txt');
        writeFileSync(
          file,
          [
            `otpauth://totp/GitHub:octocat?secret=${SECRET}&issuer=GitHub`,
            `otpauth://totp/Alpha:ada?secret=${SECRET}&issuer=Alpha`,
            'otpauth://totp/Broken:x?secret=1',
          ].join('\n'),
        );
        await at('/account/import').open(page, url);
        const chooser = page.waitForEvent('filechooser');
        await page.getByRole('button', { name: 'Upload an export file' }).click();
        await (await chooser).setFiles(file);
        await page.getByRole('list', { name: 'Accounts found' }).waitFor();
      },
    },
    at('/capture'),
    at('/groups'),
    at('/group/create'),
    at(`/group/${group}/edit`),
    at('/tags'),
    at('/trash'),
    at('/settings/options'),
    at('/settings/account'),
    at('/settings/security'),
    at('/settings/oauth'),
    at('/settings/oauth/pat/create'),
    at('/settings/webauthn'),
    at('/settings/device'),
    at('/settings/alerts'),
    {
      name: '/settings/backups (destinations written to and failing)',
      open: async (page, url) => {
        await at('/settings/backups').open(page, url);
        const destinations = page.getByRole('list').filter({ has: page.locator('.destination') });
        await destinations.locator('.destination').nth(3).waitFor();
        await destinations.locator('.badge-danger').first().waitFor();
      },
    },
    at('/about'),
    at('/404'),
  ];
}

/** Fails with every violation found, by rule, element and screen. */
function expectNone(found: readonly string[]): void {
  expect(found.length, `axe found serious or critical violations:\n${found.join('\n\n')}`).toBe(0);
}

describe('every screen passes axe in light and dark mode, and in Arabic', () => {
  const session = perTestSessions();
  let webdav: WebdavTestServer;
  beforeAll(async () => {
    webdav = await startWebdavServer();
  });
  afterAll(async () => {
    await webdav?.stop();
  });

  it('the screens of a visitor', async () => {
    const { page, server } = session;
    const found = await sweep(page, server.url, PUBLIC_SCREENS, ['light', 'dark']);
    await registerByApi(page, server.url);
    await page.context().clearCookies();
    found.push(...(await sweep(page, server.url, SIGNED_OUT_SCREENS, ['light', 'dark'])));
    // The sign-in screens open in the language last used on this browser.
    await page.evaluate(() => localStorage.setItem('lang', 'ar'));
    found.push(
      ...(await sweep(page, server.url, [...PUBLIC_SCREENS, ...SIGNED_OUT_SCREENS], ['dark'], ', Arabic')),
    );
    expectNone(found);
    // Some twenty screens, axe run on each in two schemes and in Arabic.
  }, 180_000);

  it('the screens of a signed-in user', async () => {
    const { page, server } = session;
    await registerByApi(page, server.url);
    const seeded = await seed(page, server.url);
    await seedDestinations(page, server.url, webdav);
    // Signing in through the form: an entry in the sign-in log.
    await page.context().clearCookies();
    await signInWithPassword(page, server.url);
    const found = await sweep(page, server.url, signedInScreens(seeded), ['light', 'dark']);
    await setSetting(page, server.url, 'getOtpOnRequest', true);
    await setSetting(page, server.url, 'lang', 'ar');
    await page.goto(`${server.url}/accounts`);
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    // In Arabic on a phone's width: the right-to-left layout and the phone's shorter forms at once.
    await page.setViewportSize({ width: 375, height: 800 });
    const arabic = signedInScreens(seeded).filter((screen) => !screen.englishOnly);
    found.push(...(await sweep(page, server.url, arabic, ['light'], ', Arabic, 375 px')));
    expectNone(found);
    // About sixty screens and dialogs, axe run on each about ninety times.
  }, 300_000);
});
