import { perTestSessions } from './per-test';
import { describe, expect, it } from 'vitest';
import { screenshots } from './harness';
import { signUp } from './accounts-helpers';

describe('a new install', () => {
  // One server and one browser for the file; each test starts from a new install's database,
  // in a fresh browser context.
  const session = perTestSessions();

  it('opens on the registration screen', async () => {
    const { page } = session;
    await page.goto(session.server.url);
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/register');
    await expect.poll(() => page.title()).toBe('Register · Twofold');
    for (const label of ['Name', 'Email', 'Password', 'Confirm password']) {
      await expect.poll(() => page.getByLabel(label, { exact: true }).isVisible()).toBe(true);
    }
    await screenshots(page, 'register');
  });

  it('sends a signed-in visit to /register to the accounts list', async () => {
    const { page } = session;
    await signUp(page, session.server.url);
    await page.goto(`${session.server.url}/register`);
    await page.waitForURL(/\/(start|accounts)$/);
    await expect.poll(() => page.getByRole('heading', { name: 'Create your account' }).count()).toBe(0);
  });

  it('sends an unknown path to the 404 screen', async () => {
    const { page } = session;
    await page.goto(`${session.server.url}/no/such/page`);
    await page.getByRole('heading', { name: 'Resource not found' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/404');
  });
});
