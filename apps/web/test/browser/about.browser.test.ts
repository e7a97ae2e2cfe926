import { perTestSessions } from './per-test';
import { describe, expect, it } from 'vitest';
import { screenshots } from './harness';
import { registerByApi } from './identity';

describe('the about screen', () => {
  // One server and one browser for the file; each test starts from a new install's database,
  // in a fresh browser context.
  const session = perTestSessions({ clipboard: true });

  it('shows the version and a short environment to anyone', async () => {
    const { page } = session;
    await page.goto(`${session.server.url}/about`);
    await page.getByRole('heading', { name: 'Twofold' }).waitFor();
    await page.getByText(/^Version \d/).waitFor();
    await page.getByText('userAgent').waitFor();
    await expect.poll(() => page.getByText('DB driver').count()).toBe(0);
    await expect.poll(() => page.title()).toBe('About · Twofold');
  });

  it('shows the whole environment and the options to the signed-in user, with a copy button', async () => {
    const { page } = session;
    await registerByApi(page, session.server.url);
    await page.goto(`${session.server.url}/settings/options`);
    // The footer of the settings links to the about page with the version.
    await page.getByRole('link', { name: /^Twofold v/ }).click();
    await page.getByText('DB driver').waitFor();
    await page.getByRole('heading', { name: 'User options' }).waitFor();
    // Options by the names the Settings screen gives them (the copied list keeps the keys).
    await page.getByText('Auto lock', { exact: true }).waitFor();
    // Every option by a name, none by its raw key (a camel-cased identifier such as timeCheck).
    const names = await page.locator('.env-list dt[title]').allTextContents();
    expect(names.length).toBeGreaterThan(30);
    expect(names.filter((name) => /^[a-z]+[A-Z]\w*$|^[A-Z]\w*[a-z][A-Z]\w*$/.test(name))).toEqual([]);
    await screenshots(page, 'about');
    await page.getByRole('button', { name: 'Copy the list' }).click();
    await page.getByRole('status').filter({ hasText: 'Copied to clipboard' }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain('DB driver: pglite');
    expect(copied).toContain('kickUserAfter: 15');
  });
});
