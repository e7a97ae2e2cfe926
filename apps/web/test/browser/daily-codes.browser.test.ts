import { perTestSessions, signedUpOnStart } from './per-test';
import { totpCodes, type CodeParams } from '@twofold/otp';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  accountsOnServerSettings,
  createAccount,
  SECRET,
  setSetting,
  STEAM_SECRET,
  switchShown,
} from './accounts-helpers';
import { screenshots } from './harness';

/** The codes RFC 6238 (and Steam's variant) gives at a moment, from the OTP engine's Node entry. */
function expected(params: CodeParams, seconds: number): { password: string; next: string } {
  const codes = totpCodes(params, seconds);
  if (!codes.ok) throw new Error('bad parameters');
  return { password: codes.value.password, next: codes.value.next_password };
}

/**
 * Every code the account had between two moments: a copy is made at the click and read back after
 * the page said so, which can be seconds later on a loaded machine (a period may end in between).
 * The second before the click is in too: the row shows the code of its last tick.
 */
function codesBetween(params: CodeParams, from: number, to: number): string[] {
  const codes: string[] = [];
  for (let at = from - 1; at < to; at += 1) codes.push(expected(params, at).password);
  codes.push(expected(params, to).password);
  return [...new Set(codes)];
}

/** The code and next code a row shows, read with the time before and after. */
async function rowCodes(row: Locator): Promise<{ text: string; before: number; after: number }> {
  const before = Date.now() / 1000;
  const text = (await row.innerText()).replace(/\s+/g, ' ');
  const after = Date.now() / 1000;
  return { text, before, after };
}

/** The row shows this step's code (and the next one when asked), at one of the moments read. */
function expectCodes(
  read: { text: string; before: number; after: number },
  params: CodeParams,
  withNext: boolean,
): void {
  const compact = read.text.replace(/\s+/g, '');
  // The second before too: a row changes its code at its clock's next tick, not at the boundary.
  const candidates = [read.before - 1, read.before, read.after].map((at) => expected(params, at));
  const match = candidates.find(
    ({ password, next }) =>
      compact.includes(`password:${password}`) && (!withNext || compact.includes(`Next${next}`)),
  );
  expect(match, `${read.text} should show ${JSON.stringify(candidates)}`).toBeDefined();
}

const GITHUB: CodeParams = { otp_type: 'totp', secret: SECRET, digits: 6, algorithm: 'sha1', period: 30 };
const BANK: CodeParams = { otp_type: 'totp', secret: SECRET, digits: 8, algorithm: 'sha256', period: 60 };
const STEAM: CodeParams = {
  otp_type: 'steamtotp',
  secret: STEAM_SECRET,
  digits: 5,
  algorithm: 'sha1',
  period: 30,
};

describe('codes in the list (get codes on request: off)', () => {
  const session = perTestSessions({ clipboard: true, setUp: signedUpOnStart });

  const list = (page: Page) => page.getByRole('list', { name: 'Accounts' });
  const row = (page: Page, name: string | RegExp) => list(page).getByRole('button', { name });

  async function seed(page: Page): Promise<void> {
    await createAccount(page, session.server.url, {
      service: 'GitHub',
      account: 'jane@example.com',
      ...GITHUB,
    });
    await createAccount(page, session.server.url, { service: 'Bank', account: 'jane', ...BANK });
    await createAccount(page, session.server.url, {
      service: 'Steam',
      account: 'gamer',
      otp_type: 'steamtotp',
      secret: STEAM_SECRET,
    });
    await createAccount(page, session.server.url, {
      service: 'Counter',
      account: 'hotp',
      otp_type: 'hotp',
      secret: SECRET,
      counter: 0,
    });
  }

  it('the switch in Settings puts every code in the list, each with its next code and countdown', async () => {
    const { page } = session;
    await seed(page);
    // Off through the Settings screen, as a person would.
    await page.goto(`${session.server.url}/settings/options`);
    const onRequest = page.getByRole('switch', { name: 'Get codes on request' });
    await expect.poll(() => onRequest.getAttribute('aria-checked')).toBe('true');
    await onRequest.click();
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    await expect
      .poll(() => page.getByRole('switch', { name: 'Show the next code' }).getAttribute('aria-checked'))
      .toBe('true');

    await page.goto(`${session.server.url}/accounts`);
    await row(page, /^GitHub/)
      .getByText('Next')
      .waitFor();
    expectCodes(await rowCodes(row(page, /^GitHub/)), GITHUB, true);
    expectCodes(await rowCodes(row(page, /^Bank/)), BANK, true);
    expectCodes(await rowCodes(row(page, /^Steam/)), STEAM, true);
    // HOTP is never computed here: its code spends a counter on the server; the row opens it.
    await expect.poll(() => row(page, /^Counter/).innerText()).not.toMatch(/\d{6}/);
    await expect.poll(() => row(page, /^Counter/).innerText()).toContain('Show code');
    // The secrets stay in memory: nothing of them in the browser's storage.
    const stored = await page.evaluate(
      () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
    );
    expect(stored).not.toContain(SECRET);
    expect(stored).not.toContain(STEAM_SECRET);
    await screenshots(page, 'daily-codes-list');

    // Next code off: only the current one.
    await setSetting(page, session.server.url, 'showNextOtp', false);
    await page.reload();
    await row(page, /^GitHub/)
      .getByText(/\d{3}/)
      .first()
      .waitFor();
    await expect.poll(() => row(page, /^GitHub/).innerText()).not.toContain('Next');
    expectCodes(await rowCodes(row(page, /^GitHub/)), GITHUB, false);
  });

  it('a click or Enter on a row copies its code; a HOTP row opens its code window', async () => {
    const { page } = session;
    await seed(page);
    await setSetting(page, session.server.url, 'getOtpOnRequest', false);
    await page.goto(`${session.server.url}/accounts`);
    await row(page, /^GitHub/)
      .getByText('Next')
      .waitFor();

    let clicked = Date.now() / 1000;
    await row(page, /^GitHub/).click();
    await page.getByRole('status').filter({ hasText: 'Copied to clipboard' }).waitFor();
    let copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(codesBetween(GITHUB, clicked, Date.now() / 1000)).toContain(copied);
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    await page.evaluate(() => navigator.clipboard.writeText(''));
    await row(page, /^Steam/).focus();
    clicked = Date.now() / 1000;
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).not.toBe('');
    copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(codesBetween(STEAM, clicked, Date.now() / 1000)).toContain(copied);

    await row(page, /^Counter/).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Copy', exact: true }).waitFor();
    await page.keyboard.press('Escape');
  });

  it("a device clock 90 s slow still shows the server's codes, in the list and when copied", async () => {
    const { page } = session;
    await seed(page);
    await setSetting(page, session.server.url, 'getOtpOnRequest', false);
    // The page's clock runs 90 s behind the server's (three 30-s periods: every code would differ).
    await session.browser.context.addInitScript(() => {
      const deviceNow = Date.now.bind(Date);
      Date.now = () => deviceNow() - 90_000;
    });
    await page.goto(`${session.server.url}/accounts`);
    await row(page, /^GitHub/)
      .getByText('Next')
      .waitFor();
    await expect
      .poll(() => page.evaluate(() => Math.round((new Date().getTime() - Date.now()) / 1000)))
      .toBe(90);
    expectCodes(await rowCodes(row(page, /^GitHub/)), GITHUB, true);
    expectCodes(await rowCodes(row(page, /^Bank/)), BANK, true);
    expectCodes(await rowCodes(row(page, /^Steam/)), STEAM, true);

    const clicked = Date.now() / 1000;
    await row(page, /^GitHub/).click();
    await page.getByRole('status').filter({ hasText: 'Copied to clipboard' }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(codesBetween(GITHUB, clicked, Date.now() / 1000)).toContain(copied);
  });

  it('a new code shows at each period, and only the rows whose period ended change', async () => {
    const { page } = session;
    const fast: CodeParams = { ...GITHUB, period: 2 };
    await createAccount(page, session.server.url, { service: 'Fast', account: 'two seconds', ...fast });
    await createAccount(page, session.server.url, {
      service: 'Slow',
      account: 'two minutes',
      ...GITHUB,
      period: 120,
    });
    await setSetting(page, session.server.url, 'getOtpOnRequest', false);
    await setSetting(page, session.server.url, 'showNextOtp', false);
    await page.goto(`${session.server.url}/accounts`);
    await row(page, /^Fast/).getByText(/\d{3}/).first().waitFor();
    // Watches the slow row's code and the rows themselves while the fast code changes.
    await page.evaluate(() => {
      const slow = [...document.querySelectorAll('.account-main')].find((el) =>
        el.textContent?.includes('Slow'),
      );
      const fastRow = [...document.querySelectorAll('.account-main')].find((el) =>
        el.textContent?.includes('Fast'),
      );
      const state = { slowChanges: 0, fastRow, slowRow: slow };
      Object.assign(window, { __watch: state });
      new MutationObserver((records) => {
        state.slowChanges += records.length;
      }).observe(slow!.querySelector('.list-code-text')!, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    });
    const seen = new Set<string>();
    const deadline = Date.now() + 5_000;
    while (Date.now() < deadline) {
      const read = await rowCodes(row(page, /^Fast/));
      expectCodes(read, fast, false);
      seen.add(read.text);
      await page.waitForTimeout(400);
    }
    // Two-second periods: at least two different codes in five seconds, each the right one.
    expect(seen.size).toBeGreaterThanOrEqual(2);
    const watch = await page.evaluate(() => {
      const state = (
        window as unknown as { __watch: { slowChanges: number; fastRow: Element; slowRow: Element } }
      ).__watch;
      return {
        slowChanges: state.slowChanges,
        sameRows: document.body.contains(state.fastRow) && document.body.contains(state.slowRow),
      };
    });
    // The slow row's code did not move (120-s period), and no row was replaced.
    const slowStep = Math.floor(Date.now() / 1000 / 120);
    if (Math.floor((Date.now() - 6_000) / 1000 / 120) === slowStep) expect(watch.slowChanges).toBe(0);
    expect(watch.sameRows).toBe(true);
  });

  it('copying clears the search and shows the default group when the settings say so', async () => {
    const { page } = session;
    await seed(page);
    const group = (await (
      await page.request.fetch(`${session.server.url}/api/v1/groups`, {
        method: 'POST',
        headers: {
          'X-XSRF-TOKEN': decodeURIComponent(
            (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '',
          ),
          Accept: 'application/json',
        },
        data: { name: 'Work' },
      })
    ).json()) as { id: number };
    await createAccount(page, session.server.url, {
      service: 'Slack',
      account: 'work',
      ...GITHUB,
      group_id: group.id,
    });
    await setSetting(page, session.server.url, 'getOtpOnRequest', false);
    await setSetting(page, session.server.url, 'clearSearchOnCopy', true);
    await setSetting(page, session.server.url, 'viewDefaultGroupOnCopy', true);
    await setSetting(page, session.server.url, 'defaultGroup', group.id);
    await page.goto(`${session.server.url}/accounts`);
    // The list's code: the server's settings (all four) replaced the ones kept from the last visit.
    await row(page, /^GitHub/)
      .getByText(/\d{3}/)
      .first()
      .waitFor();
    const search = page.getByRole('searchbox', { name: 'Search' });
    await search.fill('git');
    await expect.poll(() => list(page).getByRole('listitem').count()).toBe(1);
    await row(page, /^GitHub/).click();
    await page.getByRole('status').filter({ hasText: 'Copied to clipboard' }).waitFor();
    await expect.poll(() => search.inputValue()).toBe('');
    // The default group (Work) shows: only Slack.
    await expect.poll(() => list(page).getByRole('listitem').count()).toBe(1);
    await row(page, /^Slack/).waitFor();
  });

  it('dots hide the codes, Reveal shows them, and a code window copies its code when opened', async () => {
    const { page } = session;
    await createAccount(page, session.server.url, {
      service: 'GitHub',
      account: 'jane@example.com',
      ...GITHUB,
    });
    await setSetting(page, session.server.url, 'getOtpOnRequest', false);
    await setSetting(page, session.server.url, 'showOtpAsDot', true);
    await setSetting(page, session.server.url, 'revealDottedOTP', true);
    await page.goto(`${session.server.url}/accounts`);
    await row(page, /^GitHub/)
      .getByText('●●●')
      .first()
      .waitFor();
    await expect.poll(() => row(page, /^GitHub/).innerText()).not.toMatch(/\d{3}/);
    const reveal = page.getByRole('button', { name: 'Reveal the code of GitHub' });
    await reveal.click();
    await expect.poll(() => reveal.getAttribute('aria-pressed')).toBe('true');
    expectCodes(await rowCodes(row(page, /^GitHub/)), GITHUB, true);
    await screenshots(page, 'daily-codes-revealed');

    // Codes on request again, copied as soon as the window shows them.
    await setSetting(page, session.server.url, 'getOtpOnRequest', true);
    await setSetting(page, session.server.url, 'showOtpAsDot', false);
    await setSetting(page, session.server.url, 'copyOtpOnDisplay', true);
    await accountsOnServerSettings(page, session.server.url, switchShown('Copy the code when it shows'));
    const clicked = Date.now() / 1000;
    await row(page, /^GitHub/).click();
    await page.getByRole('status').filter({ hasText: 'Copied to clipboard' }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    const shown = (
      await page.getByRole('dialog').getByRole('status', { name: 'One-time password' }).innerText()
    ).replace(/\s+/g, '');
    // The code shown is the one copied, unless a period ended between the two reads.
    const current = codesBetween(GITHUB, clicked, Date.now() / 1000);
    expect(current).toContain(copied);
    expect(current).toContain(shown);
    // The focus starts on Copy.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Copy');
  });

  it('A→Z ignores case unless case-sensitive sorting is on', async () => {
    const { page } = session;
    for (const service of ['Zeta', 'alpha', 'Beta']) {
      await createAccount(page, session.server.url, { service, account: 'me', ...GITHUB });
    }
    const order = async () =>
      (await list(page).locator('.account-service').allInnerTexts()).map((text) => text.trim());
    await page.goto(`${session.server.url}/accounts`);
    await page.getByRole('button', { name: 'Manage' }).click();
    await page.getByRole('button', { name: 'Sort ascending' }).click();
    await expect.poll(order).toEqual(['alpha', 'Beta', 'Zeta']);
    await setSetting(page, session.server.url, 'sortCaseSensitive', true);
    await accountsOnServerSettings(page, session.server.url, switchShown('Case-sensitive sorting'));
    await page.getByRole('button', { name: 'Manage' }).click();
    await page.getByRole('button', { name: 'Sort ascending' }).click();
    await expect.poll(order).toEqual(['Beta', 'Zeta', 'alpha']);
  });
});
