import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, createAccount, SECRET, setSetting } from './accounts-helpers';
import { screenshots } from './harness';
import { registerByApi } from './identity';
import { perTestSessions } from './per-test';

const ACCOUNT = 'octocat@example.com';

/** The width of a name's text as the row shows it (its box, the ellipsis included). */
const shownWidth = (element: Locator) => element.evaluate((node) => node.getBoundingClientRect().width);

/** How many characters of a text the row shows before its ellipsis (measured with a range). */
async function charactersShown(text: Locator): Promise<number> {
  return text.evaluate((node) => {
    const box = node.getBoundingClientRect();
    const content = node.firstChild;
    if (!content || content.nodeType !== Node.TEXT_NODE) return 0;
    const range = document.createRange();
    let shown = 0;
    for (let at = 0; at < (content.textContent ?? '').length; at += 1) {
      range.setStart(content, at);
      range.setEnd(content, at + 1);
      const glyph = range.getBoundingClientRect();
      if (glyph.left >= box.left - 0.5 && glyph.right <= box.right + 0.5) shown += 1;
    }
    // The ellipsis takes the room of about one character.
    return node.scrollWidth > node.clientWidth + 1 ? shown - 1 : shown;
  });
}

async function phone(page: Page, url: string): Promise<void> {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`${url}/accounts?toRefresh=true`);
}

describe('a phone shows enough of every name', () => {
  const session = perTestSessions({
    setUp: async ({ page }, server) => {
      await registerByApi(page, server.url);
      const github = await createAccount(page, server.url, {
        service: 'GitHub',
        account: ACCOUNT,
        otp_type: 'totp',
        secret: SECRET,
      });
      await apiCall(page, 'PUT', `${server.url}/api/v1/twofaccounts/${github.id}/recovery`, {
        recovery_codes: [{ code: 'alpha-1111' }, { code: 'bravo-2222' }, { code: 'carol-3333' }],
      });
      await apiCall(page, 'PUT', `${server.url}/api/v1/twofaccounts/${github.id}/favorite`, {
        favorite: true,
      });
      await createAccount(page, server.url, {
        service: 'Microsoft Azure Portal',
        account: 'admin@contoso.onmicrosoft.com',
        otp_type: 'totp',
        digits: 8,
        secret: SECRET,
      });
    },
  });

  it('Manage mode leaves the account line at least 200 px at 375 px', async () => {
    const { page, server } = session;
    await phone(page, server.url);
    await page.getByRole('button', { name: 'Manage' }).click();
    await page.getByRole('checkbox', { name: `Select GitHub (${ACCOUNT})` }).waitFor();
    const name = page.getByRole('list', { name: 'Accounts' }).getByText(ACCOUNT, { exact: true });
    await expect.poll(() => shownWidth(name)).toBeGreaterThanOrEqual(200);
    await screenshots(page, 'phone-manage-widths');
  });

  it('with codes in the list, an 8-digit code keeps 12 characters of the service', async () => {
    const { page, server } = session;
    await setSetting(page, server.url, 'getOtpOnRequest', false);
    await phone(page, server.url);
    const list = page.getByRole('list', { name: 'Accounts' });
    const row = list.locator(':scope > li').filter({ hasText: 'Microsoft Azure Portal' });
    await expect.poll(() => row.getByText(/^\d{4}\s?\d{4}$/).count()).toBeGreaterThan(0);
    const service = row.getByText('Microsoft Azure Portal', { exact: true });
    await expect.poll(() => charactersShown(service)).toBeGreaterThanOrEqual(12);
    await screenshots(page, 'phone-eight-digits');
  });
});
