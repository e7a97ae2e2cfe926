import { perTestSessions, signedUpOnStart } from './per-test';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createAccount, SECRET } from './accounts-helpers';
import { expectAccessible } from './axe';
import { screenshots } from './harness';

type Box = { x: number; y: number; width: number; height: number };

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The controls and headings outside `notice` that it covers, by their text. */
async function covered(page: Page, notice: Locator): Promise<string[]> {
  const box = await notice.boundingBox();
  if (!box) throw new Error('the notice is not on screen');
  const others = await page.evaluate((noticeBox) => {
    const hits: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>(
      'button, a, input, select, h1, h2, [role="switch"]',
    )) {
      if (element.closest('[role="status"], .notifications')) continue;
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      const hit =
        rect.x < noticeBox.x + noticeBox.width &&
        noticeBox.x < rect.x + rect.width &&
        rect.y < noticeBox.y + noticeBox.height &&
        noticeBox.y < rect.y + rect.height;
      if (hit) hits.push(element.innerText || element.getAttribute('aria-label') || element.tagName);
    }
    return hits;
  }, box);
  return others;
}

describe('notices', () => {
  const session = perTestSessions({ setUp: signedUpOnStart });

  const list = (page: Page) => page.getByRole('list', { name: 'Accounts' });

  /** Three accounts seen on a visit, a fourth added behind the app's back, then a new visit. */
  async function changedBehindTheAppsBack(page: Page): Promise<void> {
    for (const service of ['GitHub', 'Bank', 'Mail']) {
      await createAccount(page, session.server.url, {
        service,
        account: 'jane',
        otp_type: 'totp',
        secret: SECRET,
      });
    }
    await page.goto(`${session.server.url}/accounts`);
    await expect.poll(() => list(page).getByRole('listitem').count()).toBe(3);
    await createAccount(page, session.server.url, {
      service: 'Shop',
      account: 'jane',
      otp_type: 'totp',
      secret: SECRET,
    });
    await page.reload();
    await page.getByRole('status').filter({ hasText: 'Some data have changed' }).waitFor();
  }

  it("'Some data have changed' sits above the list, covers nothing, and Reload asks the server again", async () => {
    const { page } = session;
    await changedBehindTheAppsBack(page);
    const notice = page.getByRole('status').filter({ hasText: 'Some data have changed' });
    await expect.poll(() => list(page).getByRole('listitem').count()).toBe(3);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await expect.poll(() => covered(page, notice), { message: `at ${width} px` }).toEqual([]);
    }
    await expectAccessible(page, 'with the data-changed notice');
    await screenshots(page, 'notice-data-changed');
    const refetch = page.waitForRequest(
      (request) => new URL(request.url()).pathname === '/api/v1/twofaccounts',
    );
    await notice.getByRole('button', { name: 'Reload' }).click();
    await refetch;
    await expect.poll(() => list(page).getByRole('listitem').count()).toBe(4);
    await notice.waitFor({ state: 'detached' });
  });

  it('Dismiss keeps the list as it is; unanswered, the notice goes away after a minute', async () => {
    const { page } = session;
    await changedBehindTheAppsBack(page);
    const notice = page.getByRole('status').filter({ hasText: 'Some data have changed' });
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await notice.waitFor({ state: 'detached' });
    await expect.poll(() => list(page).getByRole('listitem').count()).toBe(3);

    // Once more (another account added meanwhile), with the page's clock under control: a minute
    // later the notice is gone.
    await createAccount(page, session.server.url, {
      service: 'Extra',
      account: 'jane',
      otp_type: 'totp',
      secret: SECRET,
    });
    await page.clock.install();
    await page.reload();
    await notice.waitFor();
    await page.clock.fastForward(30_000);
    await expect.poll(() => notice.count()).toBe(1);
    await page.clock.fastForward(31_000);
    await notice.waitFor({ state: 'detached' });
  });

  it('a toast never covers the page heading or the header controls, on a phone or a desktop', async () => {
    const { page } = session;
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
      await page.goto(`${session.server.url}/settings/options`);
      const toggle = page.getByRole('switch', { name: 'Show icons' });
      await toggle.click();
      const toast = page.getByRole('status').filter({ hasText: 'Saved' });
      await toast.waitFor();
      await expect.poll(() => covered(page, toast), { message: `at ${width} px` }).not.toContain('Settings');
      const heading = await page.getByRole('heading', { name: 'Settings', level: 1 }).boundingBox();
      const toastBox = await toast.boundingBox();
      expect(overlaps(heading!, toastBox!)).toBe(false);
      // The header links (back to the accounts, the tabs) stay free too.
      for (const name of ['Back to accounts', 'Options', 'Account']) {
        const control = await page.getByRole('link', { name, exact: true }).first().boundingBox();
        if (control) expect(overlaps(control, toastBox!), `${name} at ${width} px`).toBe(false);
      }
      await page.screenshot({ path: `${process.cwd()}/../../test-artifacts/notice-toast-${width}.png` });
      await toggle.click();
    }
  });
});
