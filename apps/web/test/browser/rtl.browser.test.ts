import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createAccount, createGroup, SECRET, setSetting, totp } from './accounts-helpers';
import { expectAccessible } from './axe';
import { screenshots } from './harness';
import { registerByApi } from './identity';
import { perTestSessions } from './per-test';

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not laid out');
  return found;
}

/** The x of each digit group of a code, in the document's order. */
async function partsX(code: Locator): Promise<number[]> {
  return code.locator('span').evaluateAll((spans) => spans.map((span) => span.getBoundingClientRect().x));
}

const direction = (page: Page) =>
  page.evaluate(() => ({ dir: document.documentElement.dir, lang: document.documentElement.lang }));

describe('right-to-left languages', () => {
  const session = perTestSessions();

  it('mirror the layout in Arabic, keep codes left to right, and switch back', async () => {
    const { page, server } = session;
    await registerByApi(page, server.url);
    await createAccount(page, server.url, {
      service: 'Bidi',
      account: 'ada@example.com',
      otp_type: 'totp',
      secret: SECRET,
    });

    // English first: the group switch at the start (left), the New button at the end (right).
    await page.goto(`${server.url}/accounts`);
    const newButton = page.getByRole('button', { name: 'New', exact: true });
    await newButton.waitFor();
    await expect.poll(() => direction(page)).toEqual({ dir: 'ltr', lang: 'en' });
    const switchLtr = await box(page.locator('.group-switch-button'));
    expect(switchLtr.x).toBeLessThan((await box(newButton)).x);

    await setSetting(page, server.url, 'lang', 'ar');
    await page.reload();
    const newArabic = page.getByRole('button', { name: 'جديد', exact: true });
    await newArabic.waitFor();
    await expect.poll(() => direction(page)).toEqual({ dir: 'rtl', lang: 'ar' });
    const switchRtl = await box(page.getByRole('button', { name: /المجموعة النشطة/ }));
    expect(switchRtl.x).toBeGreaterThan((await box(newArabic)).x);
    // The account's icon sits at the start of its row: on the right.
    const row = page.locator('.account-main').first();
    const rowBox = await box(row);
    const icon = await box(row.locator('.account-icon').first());
    expect(icon.x + icon.width / 2).toBeGreaterThan(rowBox.x + rowBox.width / 2);

    // The code in the code window reads left to right: its digits match the expected code in their
    // order. (The Arabic screen above came with the server's settings, so the codes are on request:
    // the settings kept from the last visit could otherwise show them in the list for a moment.)
    await page.getByRole('button', { name: /Bidi/ }).first().click();
    const code = page.getByRole('dialog').getByRole('status', { name: 'كلمة مرور لمرة واحدة' });
    await code.waitFor();
    const before = Date.now() / 1000;
    const shown = (await code.innerText()).replace(/\s+/g, '');
    const after = Date.now() / 1000;
    expect([totp(SECRET, before), totp(SECRET, after)]).toContain(shown);
    const dialogParts = await partsX(code);
    expect(dialogParts[0]).toBeLessThan(dialogParts[1]!);
    await expect.poll(() => code.evaluate((element) => getComputedStyle(element).direction)).toBe('ltr');
    // The dialog stays centred whatever the direction.
    const dialog = await box(page.getByRole('dialog'));
    expect(Math.abs(dialog.x + dialog.width / 2 - 640)).toBeLessThan(2);
    await screenshots(page, 'rtl-ar-code-dialog');
    await page.keyboard.press('Escape');

    // So does the code in the list: its first digit group is on the left. It shows once the server's
    // settings (codes in the list) replace the ones kept from the last visit.
    await setSetting(page, server.url, 'getOtpOnRequest', false);
    await page.reload();
    const listCode = page.locator('.list-code-value .code-parts').first();
    await listCode.waitFor();
    const listParts = await partsX(listCode);
    expect(listParts).toHaveLength(2);
    expect(listParts[0]).toBeLessThan(listParts[1]!);

    // Back to English, without a reload: the direction follows.
    await page.goto(`${server.url}/settings/options`);
    await page.getByRole('combobox', { name: 'اللغة' }).selectOption('en');
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    await expect.poll(() => direction(page)).toEqual({ dir: 'ltr', lang: 'en' });
  });

  // Each screen is loaded once per language and checked in both schemes: the theme follows the
  // system's by default, so changing the emulated scheme restyles the page as it is.
  it.each(['ar', 'fa'] as const)(
    'pass axe on the main screens in %s (light and dark)',
    { timeout: 150_000 },
    async (lang) => {
      const { page, server } = session;
      await registerByApi(page, server.url);
      const account = await createAccount(page, server.url, {
        service: 'Sweep',
        account: 'jane',
        otp_type: 'totp',
        secret: SECRET,
      });
      const group = await createGroup(page, server.url, 'Work', [account.id]);
      const screens = [
        '/accounts',
        '/start',
        '/account/create',
        `/account/${account.id}/edit`,
        '/account/import',
        '/groups',
        `/group/${group.id}/edit`,
        '/settings/options',
        '/settings/account',
        '/settings/oauth',
        '/settings/webauthn',
        '/settings/backups',
        '/about',
      ];
      await setSetting(page, server.url, 'lang', lang);
      for (const path of screens) {
        await page.emulateMedia({ colorScheme: 'light' });
        await page.goto(`${server.url}${path}`);
        await page.getByRole('main').first().waitFor();
        await page.waitForLoadState('networkidle');
        await page.getByRole('heading').first().waitFor();
        expect((await direction(page)).dir, path).toBe('rtl');
        for (const scheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme: scheme });
          await expectAccessible(page, `on ${path} (${lang}, ${scheme})`);
          // Looked at by a person: the phone and desktop layouts of the main screens, mirrored.
          if (lang === 'ar') await screenshots(page, `rtl-${lang}${path.replace(/\//g, '-')}-${scheme}`);
        }
      }
    },
  );
});
