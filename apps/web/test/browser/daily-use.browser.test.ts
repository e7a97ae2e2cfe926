import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshots } from './harness';
import { migrationUri, qrPng, readCode, SECRET, totp } from './accounts-helpers';
import { registerByApi } from './identity';
import { perTestSessions } from './per-test';

/** Every address the tab went through, and what the history keeps as state. */
async function historyOf(page: Page): Promise<{ urls: string[]; state: string }> {
  const cdp = await page.context().newCDPSession(page);
  const { entries } = (await cdp.send('Page.getNavigationHistory')) as { entries: { url: string }[] };
  await cdp.detach();
  const state = await page.evaluate(() => JSON.stringify(window.history.state ?? null));
  return { urls: [page.url(), ...entries.map((entry) => entry.url)], state };
}

async function expectNoSecretInHistory(page: Page, secrets: string[]): Promise<void> {
  const { urls, state } = await historyOf(page);
  for (const url of urls) {
    const decoded = decodeURIComponent(url);
    expect(decoded).not.toMatch(/secret=|data=/i);
    for (const secret of secrets) expect(decoded).not.toContain(secret);
  }
  for (const secret of secrets) expect(state).not.toContain(secret);
}

describe('a scanned secret never reaches the address bar or the history', () => {
  // Each test starts signed in, with no account.
  const session = perTestSessions({ setUp: ({ page }, server) => registerByApi(page, server.url) });

  it('an uploaded otpauth QR code opens the quick form with no secret in the URL', async () => {
    const { page, server } = session;
    const image = await qrPng(`otpauth://totp/Private:jane?secret=${SECRET}&issuer=Private`, 'private');
    await page.goto(`${server.url}/start`);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload a QR code image' }).click();
    await (await chooser).setFiles(image);
    await page.getByText('Private', { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/account/create');
    const { code, before, after } = await readCode(page, page.locator('.quick-card'));
    expect([totp(SECRET, before), totp(SECRET, after)]).toContain(code);
    await expectNoSecretInHistory(page, [SECRET]);
    await screenshots(page, 'daily-quick-form');
    // A reload starts blank: the scanned content lived in memory only.
    await page.reload();
    await page.getByRole('heading', { name: 'New account' }).waitFor();
    await expect.poll(() => page.getByText('Private', { exact: true }).count()).toBe(0);
  });

  it('a migration QR code opens the import screen with no payload in the URL', async () => {
    const { page, server } = session;
    const migration = migrationUri([{ secret: SECRET, name: 'moved', issuer: 'Moved', type: 2 }]);
    const payload = new URL(migration).searchParams.get('data') ?? '';
    const image = await qrPng(migration, 'private-migration');
    await page.goto(`${server.url}/start`);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload a QR code image' }).click();
    await (await chooser).setFiles(image);
    await page.getByText('1 valid account found').waitFor();
    expect(new URL(page.url()).pathname).toBe('/account/import');
    await expectNoSecretInHistory(page, [SECRET, payload, encodeURIComponent(payload)]);
  });

  it('a migration QR code given to the form prefill goes to the import screen the same way', async () => {
    const { page, server } = session;
    const migration = migrationUri([{ secret: SECRET, name: 'again', issuer: 'Again', type: 2 }]);
    const payload = new URL(migration).searchParams.get('data') ?? '';
    const image = await qrPng(migration, 'private-migration-form');
    await page.goto(`${server.url}/account/create`);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Fill in from a QR code image' }).click();
    await (await chooser).setFiles(image);
    await page.getByText('1 valid account found').waitFor();
    expect(new URL(page.url()).pathname).toBe('/account/import');
    await expectNoSecretInHistory(page, [SECRET, payload, encodeURIComponent(payload)]);
  });

  // The browser extension's "Scan a QR code on this page" hands the code over in the fragment.
  it('a code handed over in the address fragment fills the quick form, and the fragment is gone', async () => {
    const { page, server } = session;
    const uri = `otpauth://totp/Handed:jane?secret=${SECRET}&issuer=Handed`;
    await page.goto(`${server.url}/account/create#otpauth=${encodeURIComponent(uri)}`);
    await page.getByText('Handed', { exact: true }).waitFor();
    expect(page.url()).toBe(`${server.url}/account/create`);
    const { code, before, after } = await readCode(page, page.locator('.quick-card'));
    expect([totp(SECRET, before), totp(SECRET, after)]).toContain(code);
    await expectNoSecretInHistory(page, [SECRET, 'otpauth']);
    // In a tab already open on the app, only the fragment changes (no page load): removed as well.
    await page.goto(`${server.url}/account/create#otpauth=${encodeURIComponent(uri)}`);
    await expect.poll(() => page.url()).toBe(`${server.url}/account/create`);
    await expectNoSecretInHistory(page, [SECRET, 'otpauth']);
  });

  it('a migration handed over in the address fragment opens the import screen', async () => {
    const { page, server } = session;
    const migration = migrationUri([{ secret: SECRET, name: 'handed', issuer: 'Handed', type: 2 }]);
    const payload = new URL(migration).searchParams.get('data') ?? '';
    await page.goto(`${server.url}/account/create#otpauth=${encodeURIComponent(migration)}`);
    await page.getByText('1 valid account found').waitFor();
    expect(page.url()).toBe(`${server.url}/account/import`);
    await expectNoSecretInHistory(page, [SECRET, payload, encodeURIComponent(payload), 'otpauth']);
  });
});
