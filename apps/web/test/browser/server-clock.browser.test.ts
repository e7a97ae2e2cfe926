/**
 * The server's clock wrong, as on a Raspberry Pi back from a power cut: the real server runs under
 * libfaketime (its clock `+120s` or `-90s` off), the browser on the true time. Profiles are
 * separate browser contexts, each with its own device id. One server per offset, its profiles
 * taking turns: the first alone, then a second that agrees with it.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, createAccount, readCode, SECRET, setSetting, totp } from './accounts-helpers';
import {
  launchSharedBrowser,
  screenshots,
  startServer,
  type BrowserSession,
  type RunningServer,
  type SharedBrowser,
} from './harness';
import { registerByApi, signInWithPassword } from './identity';

const banner = (page: Page) => page.getByRole('alert').filter({ hasText: "This server's clock is" });
const deviceNotice = (page: Page) =>
  page.getByRole('status').filter({ hasText: "This device's clock and the server's differ" });
const row = (page: Page) =>
  page.getByRole('list', { name: 'Accounts' }).getByRole('button', { name: /^GitHub/ });

/** `2 min 1 sec` -> 121 (seconds). */
function seconds(text: string): number {
  const minutes = /(\d+) min/.exec(text);
  const secs = /(\d+) sec/.exec(text);
  return Number(minutes?.[1] ?? 0) * 60 + Number(secs?.[1] ?? 0);
}

/**
 * The code is RFC 6238's for the true time shifted by `shiftS` (0: the true time; the server's
 * offset: the server's time), at a moment between `before` and `after`, and not the other clock's.
 */
function expectCodeAt(read: { code: string; before: number; after: number }, shiftS: number, otherS: number) {
  const at = (shift: number) => new Set([read.before, read.after].map((time) => totp(SECRET, time + shift)));
  expect([...at(shiftS)], `the code of the time ${shiftS} s from now`).toContain(read.code);
  expect([...at(otherS)]).not.toContain(read.code);
}

/** The GitHub row's code in the list (codes in the list: getOtpOnRequest off), with the times around it. */
async function listCode(page: Page): Promise<{ code: string; before: number; after: number }> {
  await row(page).getByText(/\d{3}/).first().waitFor();
  const before = Date.now() / 1000;
  const text = (await row(page).innerText()).replace(/\s+/g, '');
  const after = Date.now() / 1000;
  const code = /password:?(\d{6})/.exec(text)?.[1] ?? text;
  return { code, before, after };
}

/** The code window's code (a click on the row, codes on request), closed afterwards. */
async function windowCode(page: Page): Promise<{ code: string; before: number; after: number }> {
  await row(page).click();
  await page
    .getByRole('dialog')
    .getByRole('status', { name: 'One-time password' })
    .getByText(/\d/)
    .first()
    .waitFor();
  const read = await readCode(page);
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  return read;
}

/** Opens the accounts in a profile and waits for its clock reading to be answered. */
async function openAccounts(page: Page, url: string): Promise<void> {
  const status = page.waitForResponse((response) => response.url().includes('/api/v1/status'));
  await page.goto(`${url}/accounts`);
  expect((await status).status()).toBe(200);
  await row(page).waitFor();
}

// One Chromium for the file: each test opens its own profiles (contexts) in it.
let chromium: SharedBrowser;

beforeAll(async () => {
  chromium = await launchSharedBrowser();
});

afterAll(async () => {
  await chromium?.close();
});

describe.each([
  { offset: '+120s', shiftS: 120, word: 'ahead' },
  { offset: '-90s', shiftS: -90, word: 'behind' },
])('the server $offset off the true time', ({ offset, shiftS, word }) => {
  let server: RunningServer;
  const sessions: BrowserSession[] = [];

  beforeAll(async () => {
    server = await startServer({}, { faketime: offset });
  });

  afterAll(async () => {
    for (const session of sessions) await session.close();
    await server?.stop();
  });

  it('really runs on a shifted clock (its Date header)', async () => {
    const before = Date.now();
    const date = Date.parse((await fetch(`${server.url}/up`)).headers.get('date') ?? '');
    expect(Math.abs(date - before - shiftS * 1000)).toBeLessThan(3000);
  });

  it('one profile: "one of them is wrong", codes follow the server; a second that agrees: the banner, codes of the true time', async () => {
    const first = await chromium.newSession();
    sessions.push(first);
    const { page } = first;
    await registerByApi(page, server.url);
    const account = await createAccount(page, server.url, {
      service: 'GitHub',
      account: 'ada',
      otp_type: 'totp',
      secret: SECRET,
    });

    // Alone, this device cannot tell whose clock is wrong: it is told, and follows the server.
    await openAccounts(page, server.url);
    await deviceNotice(page).waitFor();
    expect(seconds(await deviceNotice(page).innerText())).toBeGreaterThanOrEqual(Math.abs(shiftS) - 5);
    expect(seconds(await deviceNotice(page).innerText())).toBeLessThanOrEqual(Math.abs(shiftS) + 5);
    await expect.poll(() => banner(page).count()).toBe(0);
    expectCodeAt(await windowCode(page), shiftS, 0);
    await screenshots(page, `server-clock${offset}-one-device`);

    // A second profile (another device id) on the true time: two devices agree, the server is wrong.
    const second = await chromium.newSession();
    sessions.push(second);
    await signInWithPassword(second.page, server.url);
    await openAccounts(second.page, server.url);
    await banner(second.page).waitFor();

    for (const { page: each } of [second, first]) {
      await openAccounts(each, server.url);
      const text = await banner(each).innerText();
      expect(text).toContain(word);
      expect(Math.abs(seconds(text) - Math.abs(shiftS))).toBeLessThanOrEqual(5);
      expect(text).toContain('this browser shows codes for the right time');
      await expect.poll(() => deviceNotice(each).count()).toBe(0);
      expectCodeAt(await windowCode(each), 0, shiftS);
    }
    await screenshots(page, `server-clock${offset}-banner`);

    // Codes in the list too.
    await setSetting(page, server.url, 'getOtpOnRequest', false);
    await openAccounts(page, server.url);
    await banner(page).waitFor();
    expectCodeAt(await listCode(page), 0, shiftS);
    // The server's own codes (2FAuth apps) stay the server's: the banner says so.
    const served = (await apiCall(page, 'GET', `${server.url}/api/v1/twofaccounts/${account.id}/otp`)) as {
      password: string;
    };
    const now = Date.now() / 1000;
    expect([totp(SECRET, now + shiftS - 1), totp(SECRET, now + shiftS)]).toContain(served.password);
  });
});

describe('the server on the true time', () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer();
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('two profiles: no banner, no notice, codes of the true time', async () => {
    const first = await chromium.newSession();
    const second = await chromium.newSession();
    try {
      await registerByApi(first.page, server.url);
      await createAccount(first.page, server.url, {
        service: 'GitHub',
        account: 'ada',
        otp_type: 'totp',
        secret: SECRET,
      });
      await signInWithPassword(second.page, server.url);
      for (const { page } of [first, second, first]) {
        await openAccounts(page, server.url);
        expectCodeAt(await windowCode(page), 0, 120);
        await expect.poll(() => banner(page).count()).toBe(0);
        await expect.poll(() => deviceNotice(page).count()).toBe(0);
      }
    } finally {
      await first.close();
      await second.close();
    }
  });
});
