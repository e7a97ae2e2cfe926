import { perTestSessions, signedUpOnStart } from './per-test';
import { describe, expect, it } from 'vitest';
import { screenshots } from './harness';
import {
  apiCall,
  createAccount,
  hotp,
  readCode,
  SECRET,
  steam,
  STEAM_SECRET,
  totp,
} from './accounts-helpers';

describe('the advanced form: create, test and edit accounts', () => {
  // One server and one browser for the file; each test starts from a new install's database,
  // in a fresh browser context.
  const session = perTestSessions({ setUp: signedUpOnStart });

  const list = () => session.page.getByRole('list', { name: 'Accounts' });

  async function openAdvancedForm() {
    const { page } = session;
    await page.goto(`${session.server.url}/start`);
    await page.getByRole('link', { name: 'Use the advanced form' }).click();
    await page.getByRole('heading', { name: 'New account' }).waitFor();
  }

  it('creates a TOTP account after the Base32 check, and tests its code', async () => {
    const { page } = session;
    await openAdvancedForm();
    await expect
      .poll(() => page.getByRole('radio', { name: 'TOTP' }).getAttribute('aria-checked'))
      .toBe('true');
    await screenshots(page, 'form-create-empty');
    await page.getByLabel('Service', { exact: true }).fill('Example');
    await page.getByLabel('Account', { exact: true }).fill('alice');
    await page.getByLabel('Secret', { exact: true }).fill('A4GR-1.0');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Invalid base32 characters').waitFor();
    await screenshots(page, 'form-create-invalid');

    await page.getByLabel('Secret', { exact: true }).fill('a4gr fhvv rbgy 7uiw');
    await page.getByRole('button', { name: 'Test' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('status', { name: 'One-time password' }).waitFor();
    const { code, before, after } = await readCode(page);
    expect([totp(SECRET, before), totp(SECRET, after)]).toContain(code);
    await screenshots(page, 'form-test-modal');
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/accounts/);
    await list()
      .getByRole('button', { name: /Example/ })
      .first()
      .waitFor();
  });

  it('creates a HOTP account whose counter moves forward after a test', async () => {
    const { page } = session;
    await openAdvancedForm();
    await page.getByRole('radio', { name: 'HOTP' }).click();
    await page.getByLabel('Service', { exact: true }).fill('Counter Inc');
    await page.getByLabel('Account', { exact: true }).fill('bob');
    await page.getByLabel('Secret', { exact: true }).fill(SECRET);
    await page.getByLabel('Digits').selectOption('6');
    await page.getByLabel('Algorithm').selectOption('sha1');
    await page.getByLabel('Counter', { exact: true }).fill('5');
    await expect.poll(() => page.getByLabel('Period (seconds)').count()).toBe(0);
    await page.getByRole('button', { name: 'Test' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Counter: 6').waitFor();
    expect((await readCode(page)).code).toBe(hotp(SECRET, 5));
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => page.getByLabel('Counter', { exact: true }).inputValue()).toBe('6');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/accounts/);
    await list()
      .getByRole('button', { name: /Counter Inc/ })
      .first()
      .click();
    await page.getByRole('dialog').getByText('Counter: 7').waitFor();
    expect((await readCode(page)).code).toBe(hotp(SECRET, 6));
    await page.keyboard.press('Escape');
  });

  it('creates a Steam account: fixed service, Base32 secret, no options', async () => {
    const { page } = session;
    await openAdvancedForm();
    await page.getByLabel('Service', { exact: true }).fill('Something');
    await page.getByRole('radio', { name: 'STEAM' }).click();
    const service = page.getByLabel('Service', { exact: true });
    await expect.poll(() => service.inputValue()).toBe('Steam');
    await expect.poll(() => service.isDisabled()).toBe(true);
    await expect.poll(() => page.getByLabel('Digits').count()).toBe(0);
    await expect.poll(() => page.getByLabel('Secret format').count()).toBe(0);
    await page.getByLabel('Account', { exact: true }).fill('gamer');
    await page.getByLabel('Secret', { exact: true }).fill(STEAM_SECRET);
    await screenshots(page, 'form-create-steam');
    // Leaving Steam clears the fixed service.
    await page.getByRole('radio', { name: 'TOTP' }).click();
    await expect.poll(() => service.inputValue()).toBe('');
    await page.getByRole('radio', { name: 'STEAM' }).click();
    await page.getByLabel('Secret', { exact: true }).fill(STEAM_SECRET);
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/accounts/);
    await list().getByRole('button', { name: /Steam/ }).first().click();
    await page.getByRole('dialog').getByRole('status', { name: 'One-time password' }).waitFor();
    const { code, before, after } = await readCode(page);
    expect([steam(STEAM_SECRET, before), steam(STEAM_SECRET, after)]).toContain(code);
    await page.keyboard.press('Escape');
  });

  it('encodes a plain-text secret in Base32, and asks before discarding a new account', async () => {
    const { page } = session;
    await openAdvancedForm();
    await page.getByLabel('Account', { exact: true }).fill('plain');
    await page.getByLabel('Secret format').selectOption('plain');
    await page.getByLabel('Secret', { exact: true }).fill('hello');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/accounts/);
    const accounts = (await apiCall(
      page,
      'GET',
      `${session.server.url}/api/v1/twofaccounts?withSecret=1`,
    )) as {
      account: string;
      secret: string;
    }[];
    expect(accounts.find((account) => account.account === 'plain')?.secret).toBe('NBSWY3DP');

    await openAdvancedForm();
    await page.getByLabel('Service', { exact: true }).fill('Half done');
    await page.getByRole('button', { name: 'Cancel' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Discard this new account?' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Discard' }).click();
    await page.waitForURL(/\/accounts/);
  });

  it('edits an account: type fixed, secret and counter behind their locks', async () => {
    const { page } = session;
    await createAccount(page, session.server.url, {
      service: 'Counter Inc',
      account: 'bob',
      otp_type: 'hotp',
      secret: SECRET,
      counter: 7,
    });
    await createAccount(page, session.server.url, {
      account: 'gamer',
      otp_type: 'steamtotp',
      secret: STEAM_SECRET,
    });
    await page.goto(`${session.server.url}/accounts`);
    await list()
      .getByRole('button', { name: /Counter Inc/ })
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'Manage' }).click();
    await page.getByRole('link', { name: 'Edit Counter Inc (bob)' }).click();
    await page.getByRole('heading', { name: 'Edit account' }).waitFor();
    await expect.poll(() => page.getByRole('radio', { name: 'HOTP' }).isDisabled()).toBe(true);
    const secret = page.getByLabel('Secret', { exact: true });
    const counter = page.getByLabel('Counter', { exact: true });
    await expect.poll(() => secret.getAttribute('readonly')).not.toBeNull();
    await expect.poll(() => counter.getAttribute('readonly')).not.toBeNull();
    await expect.poll(() => counter.inputValue()).toBe('7');
    await screenshots(page, 'form-edit-locked');
    await page.getByRole('button', { name: 'Unlock the counter' }).click();
    await expect.poll(() => counter.getAttribute('readonly')).toBeNull();
    await counter.fill('0');
    await page.getByRole('button', { name: 'Unlock the secret' }).click();
    await expect.poll(() => secret.getAttribute('readonly')).toBeNull();
    await page.getByLabel('Account', { exact: true }).fill('bobby');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/accounts/);
    await list().getByRole('button', { name: /bobby/ }).first().click();
    await page.getByRole('dialog').getByText('Counter: 1').waitFor();
    expect((await readCode(page)).code).toBe(hotp(SECRET, 0));
    await page.keyboard.press('Escape');

    // Steam: the service cannot be edited.
    await page.getByRole('button', { name: 'Manage' }).click();
    await page.getByRole('link', { name: 'Edit Steam (gamer)' }).click();
    await page.getByRole('heading', { name: 'Edit account' }).waitFor();
    await expect.poll(() => page.getByLabel('Service', { exact: true }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(/\/accounts/);
  });
});
