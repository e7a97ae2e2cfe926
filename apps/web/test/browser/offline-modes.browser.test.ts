import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createAccount, SECRET, setSetting } from './accounts-helpers';
import { screenshots } from './harness';
import { perTestSessions, signedUpOnStart } from './per-test';
import { cutServer, PASSPHRASE, SERVER_PATHS, turnOnCopy } from './device-copy-helpers';

/** The server's answers held back until `release()`: a server that does not answer (yet). */
async function holdServer(page: Page): Promise<{ release: () => Promise<void> }> {
  const held: Route[] = [];
  let holding = true;
  await page.context().route(
    (url) => SERVER_PATHS.test(url.pathname),
    (route) => (holding ? void held.push(route) : route.continue()),
  );
  return {
    release: async () => {
      holding = false;
      await Promise.all(held.splice(0).map((route) => route.continue()));
    },
  };
}

const unlockHeading = (page: Page) => page.getByRole('heading', { name: "Unlock this device's copy" });
const needsServer = (page: Page) => page.getByRole('heading', { name: 'This needs the server' });
const list = (page: Page) => page.getByRole('list', { name: 'Accounts' });

describe('the data mode: online, or reading the copy (locked or open)', () => {
  const session = perTestSessions({ clipboard: true, setUp: signedUpOnStart });

  it('offline, Settings says at once that it needs the server, locked or open; its link leads to the unlock screen', async () => {
    const { page } = session;
    const url = session.server.url;
    await createAccount(page, url, {
      service: 'GitHub',
      account: 'octocat',
      otp_type: 'totp',
      secret: SECRET,
    });
    await turnOnCopy(page, url);
    await page.waitForLoadState('networkidle');
    await cutServer(page);
    // Locked: neither 'Loading…' then the unlock screen, nor any wait on the server.
    await page.goto(`${url}/settings/options`);
    await needsServer(page).waitFor({ timeout: 20_000 });
    await expect.poll(() => unlockHeading(page).count()).toBe(0);
    await screenshots(page, 'offline-needs-server');
    await page.getByRole('link', { name: 'Back to accounts' }).click();
    await unlockHeading(page).waitFor();
    await page.getByLabel('Passphrase', { exact: true }).fill(PASSPHRASE);
    await page.getByRole('button', { name: 'Unlock', exact: true }).click();
    await list(page)
      .getByRole('button', { name: /^GitHub/ })
      .waitFor({ timeout: 20_000 });
    // Open: the footer's Settings link says the same.
    await page.getByRole('link', { name: 'Settings' }).click();
    await needsServer(page).waitFor();
    await page.getByRole('link', { name: 'Back to accounts' }).click();
    await list(page)
      .getByRole('button', { name: /^GitHub/ })
      .waitFor();
  });

  it('a server that does not answer: the unlock screen shows while the request is still out, and the app goes online when it answers', async () => {
    const { page } = session;
    const url = session.server.url;
    await createAccount(page, url, {
      service: 'GitHub',
      account: 'octocat',
      otp_type: 'totp',
      secret: SECRET,
    });
    await turnOnCopy(page, url);
    await page.waitForLoadState('networkidle');
    const server = await holdServer(page);
    await page.goto(`${url}/accounts`);
    await unlockHeading(page).waitFor({ timeout: 20_000 });
    await server.release();
    await list(page)
      .getByRole('button', { name: /^GitHub/ })
      .waitFor({ timeout: 20_000 });
    await expect.poll(() => unlockHeading(page).count()).toBe(0);
    expect(
      await page
        .getByRole('status')
        .filter({ hasText: /^Offline:/ })
        .count(),
    ).toBe(0);
  });

  it('the countdown ring matches the seconds left (a compositor animation, one per period)', async () => {
    const { page } = session;
    const url = session.server.url;
    await createAccount(page, url, {
      service: 'GitHub',
      account: 'octocat',
      otp_type: 'totp',
      secret: SECRET,
    });
    await setSetting(page, url, 'getOtpOnRequest', false);
    await page.goto(`${url}/accounts`);
    const countdown = list(page).locator('.countdown').first();
    await countdown.waitFor();
    for (const reducedMotion of ['no-preference', 'reduce'] as const) {
      await page.emulateMedia({ reducedMotion });
      // The style sheet follows the new preference at once; the ring's own style only once the
      // page has heard the change (before its next frame). Read it after that.
      await countdown.evaluate(
        (element, reduce) =>
          new Promise<void>((resolve) => {
            const arc = () => element.querySelector<HTMLElement>('.countdown-arc-start')!;
            const settled = () => (arc().style.animationName === 'none') === reduce;
            const check = () => (settled() ? resolve() : requestAnimationFrame(check));
            check();
          }),
        reducedMotion === 'reduce',
      );
      const reading = await countdown.evaluate((element) => {
        const angle = (selector: string) => {
          const transform = getComputedStyle(element.querySelector(selector)!).transform;
          const [a, b] = /matrix\(([^,]+),\s*([^,]+)/.exec(transform)!.slice(1).map(Number) as [
            number,
            number,
          ];
          return (Math.atan2(b, a) * 180) / Math.PI;
        };
        return {
          left: Number(element.querySelector('.countdown-seconds')!.textContent),
          start: angle('.countdown-arc-start'),
          end: angle('.countdown-arc-end'),
        };
      });
      // The turns the halves should have between the start and the end of the second shown.
      const turnsAt = (elapsed: number) => ({
        start: 45 - 180 * Math.max(0, elapsed * 2 - 1),
        end: 45 - 180 * Math.min(1, elapsed * 2),
      });
      // The seconds are written by the page's ticking clock, the ring is an animation on the
      // document's timeline, which moves once per frame: on a busy main thread one can be a second
      // ahead of the other, either way. A ring off by more (restarted, stalled, another period)
      // still fails.
      const early = turnsAt((29 - reading.left) / 30);
      const late = turnsAt((32 - reading.left) / 30);
      const slack = 2;
      for (const half of ['start', 'end'] as const) {
        expect(reading[half], `${reducedMotion} ${half} ${JSON.stringify(reading)}`).toBeLessThanOrEqual(
          early[half] + slack,
        );
        expect(reading[half], `${reducedMotion} ${half} ${JSON.stringify(reading)}`).toBeGreaterThanOrEqual(
          late[half] - slack,
        );
      }
    }
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await screenshots(page, 'countdown-ring');
  });
});

// The code window's chunk is held with a route, which never sees what the service worker answers
// from its precache: this describe's contexts run without it, as on a first visit.
describe('the code window on a first visit (no service worker yet)', () => {
  const session = perTestSessions({ clipboard: true, setUp: signedUpOnStart, serviceWorkers: 'block' });

  it("the code window's request leaves before the window's chunk has arrived", async () => {
    const { page } = session;
    const url = session.server.url;
    const account = await createAccount(page, url, {
      service: 'GitHub',
      account: 'octocat',
      otp_type: 'totp',
      secret: SECRET,
    });
    await page.goto(`${url}/accounts`);
    const row = list(page).getByRole('button', { name: /^GitHub/ });
    await row.waitFor();
    const otpPath = `/api/v1/twofaccounts/${String(account.id)}/otp`;
    const otpRequested = page.waitForRequest((request) => new URL(request.url()).pathname === otpPath);
    // The chunk is held until the code's request has left: a window that asks only once its code
    // has loaded never asks.
    let chunkHeld = false;
    await page.route(/\/assets\/OtpModal-[\w-]+\.js$/, async (route) => {
      chunkHeld = true;
      await otpRequested;
      await route.continue();
    });
    await row.click();
    await otpRequested;
    expect(chunkHeld).toBe(true);
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^Copy/ })
      .first()
      .waitFor({ timeout: 20_000 });
  });
});
