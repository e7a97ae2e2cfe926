import { describe, expect, it } from 'vitest';
import { signUp } from './accounts-helpers';
import { expectAccessible } from './axe';
import { perTestSessions } from './per-test';

describe('the 404 page and the About options', () => {
  const session = perTestSessions();

  it('an unknown address shows the 404 page as the main landmark, in light and dark', async () => {
    const { page, server } = session;
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(`${server.url}/no/such/page`);
      await page.waitForURL(/\/404$/);
      const main = page.getByRole('main');
      await main.getByRole('heading', { level: 1 }).waitFor();
      expect(await main.count()).toBe(1);
      await expectAccessible(page, `on the 404 page (${scheme})`);
    }
  });

  it('About names the options as the Settings screen does', async () => {
    const { page, server } = session;
    await signUp(page, server.url);
    await page.getByRole('heading', { name: 'No 2FA here!' }).waitFor();
    await page.goto(`${server.url}/about`);
    await page.getByRole('heading', { name: 'User options' }).waitFor();
    await page.getByText('Show codes as dots', { exact: true }).waitFor();
    await page.getByText('Get codes on request', { exact: true }).waitFor();
    expect(await page.getByText('showOtpAsDot', { exact: true }).count()).toBe(0);
    await expectAccessible(page, 'on About');
  });
});
