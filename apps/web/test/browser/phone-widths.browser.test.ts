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

/** The box of a text itself (a range over its element's content), not of the element around it. */
const textBox = (text: Locator) =>
  text.evaluate((node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    const { left, top, right, bottom } = range.getBoundingClientRect();
    return { left, top, right, bottom };
  });

interface Box {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

const apart = (one: Box, other: Box) =>
  one.right <= other.left + 0.5 ||
  other.right <= one.left + 0.5 ||
  one.bottom <= other.top + 0.5 ||
  other.bottom <= one.top + 0.5;

/**
 * Where the focus ring of the focused element is cut: the ring's box (the element's, grown by the
 * outline's offset and width) against every ancestor that clips its overflow. Empty when the whole
 * ring shows; "no ring" when the element draws none.
 */
const ringClips = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (!(element instanceof HTMLElement)) return ['nothing focused'];
    const style = getComputedStyle(element);
    const width = parseFloat(style.outlineWidth);
    if (style.outlineStyle === 'none' || width < 2) return ['no ring'];
    const reach = parseFloat(style.outlineOffset) + width;
    const box = element.getBoundingClientRect();
    const ring = {
      left: box.left - reach,
      top: box.top - reach,
      right: box.right + reach,
      bottom: box.bottom + reach,
    };
    const clips: string[] = [];
    for (let parent = element.parentElement; parent; parent = parent.parentElement) {
      const { overflowX, overflowY } = getComputedStyle(parent);
      if (overflowX === 'visible' && overflowY === 'visible') continue;
      const clip = parent.getBoundingClientRect();
      if (
        ring.left < clip.left + parent.clientLeft - 0.5 ||
        ring.top < clip.top + parent.clientTop - 0.5 ||
        ring.right > clip.left + parent.clientLeft + parent.clientWidth + 0.5 ||
        ring.bottom > clip.top + parent.clientTop + parent.clientHeight + 0.5
      )
        clips.push(`${parent.tagName.toLowerCase()}.${parent.className}`);
    }
    return clips;
  });

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

  it('with codes on request, the recovery badge and the star leave the account line whole', async () => {
    const { page, server } = session;
    await phone(page, server.url);
    const row = page
      .getByRole('list', { name: 'Accounts' })
      .locator(':scope > li')
      .filter({ hasText: ACCOUNT });
    const badge = row.getByRole('link', { name: /Recovery codes: 3 of 3 unused/ });
    const star = row.getByRole('button', { name: 'Remove GitHub from favourites' });
    await badge.waitFor();
    const name = row.getByText(ACCOUNT, { exact: true });
    await expect
      .poll(() => name.evaluate((node) => node.scrollWidth - node.clientWidth))
      .toBeLessThanOrEqual(1);
    const line = await textBox(name);
    for (const control of [badge, star]) {
      const box = await control.evaluate((node) => {
        const { left, top, right, bottom } = node.getBoundingClientRect();
        return { left, top, right, bottom };
      });
      expect(apart(line, box), await control.innerText()).toBe(true);
      expect(apart(await textBox(row.getByText('GitHub', { exact: true })), box)).toBe(true);
    }
    await screenshots(page, 'phone-codes-on-request');
  });

  for (const onRequest of [true, false])
    it(`the focus ring of a row's code button shows whole (codes ${onRequest ? 'on request' : 'in the list'})`, async () => {
      const { page, server } = session;
      await setSetting(page, server.url, 'getOtpOnRequest', onRequest);
      await phone(page, server.url);
      const firstRow = page.getByRole('list', { name: 'Accounts' }).locator(':scope > li').first();
      await firstRow.getByText(ACCOUNT, { exact: true }).waitFor();
      await page.getByRole('searchbox', { name: 'Search' }).focus();
      // The keyboard brings the ring (focus-visible), Tab by Tab to the first row.
      for (let tabs = 0; tabs < 10; tabs += 1) {
        await page.keyboard.press('Tab');
        if (await firstRow.evaluate((row) => row.contains(document.activeElement))) break;
      }
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-account-id') !== null))
        .toBe(true);
      await expect.poll(() => ringClips(page)).toEqual([]);
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
