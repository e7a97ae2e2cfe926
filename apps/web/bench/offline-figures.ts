/*
 * The offline bench's figures around the copy's cost online (offline.bench.ts): accounts with 30
 * distinct logos, and what a reload costs with the copy off and on (icon requests, main-thread
 * busy time in the 8 s after the first account is painted), turning the copy on, and a reload to
 * the unlock screen with the server down. Not a bench of its own: offline.bench.ts runs these.
 */
import type { CDPSession, Page } from 'playwright-core';
import { apiCall, secretOf, setSetting } from '../test/browser/accounts-helpers';
import { registerByApi } from '../test/browser/identity';

export const LOGOS = 30;

/**
 * The benches' phone user: Chromium's virtual authenticator with PRF on the page (for the copy's
 * passkey), a user with `count` accounts sharing LOGOS logos, codes in the list with their logos.
 * Returns the page's CDP session.
 */
export async function phoneUser(page: Page, url: string, count: number): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      ctap2Version: 'ctap2_1',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      hasPrf: true,
    },
  });
  await registerByApi(page, url);
  await seedWithLogos(page, url, count, secretOf);
  await setSetting(page, url, 'getOtpOnRequest', false);
  await setSetting(page, url, 'showAccountsIcons', true);
  return cdp;
}
const AFTER_FIRST_ROW_MS = 8000;

/** A logo of its own colour (an SVG: distinct bytes, so distinct images). */
const svgLogo = (index: number) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" fill="#${(index * 0x070b0d + 0x102030).toString(16).slice(-6).padStart(6, '0')}"/></svg>`,
  );

async function uploadLogo(page: Page, url: string, index: number): Promise<string> {
  const cookies = await page.context().cookies();
  const token = cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await page.request.post(`${url}/api/v1/icons`, {
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(token), Accept: 'application/json' },
    multipart: { icon: { name: `logo-${index}.svg`, mimeType: 'image/svg+xml', buffer: svgLogo(index) } },
  });
  if (response.status() !== 201)
    throw new Error(`logo upload: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { filename: string }).filename;
}

/** `count` accounts named `Service <n>` as seedAccounts makes them, each with one of LOGOS logos. */
export async function seedWithLogos(page: Page, url: string, count: number, secretOf: (n: number) => string) {
  const logos: string[] = [];
  for (let index = 0; index < LOGOS; index += 1) logos.push(await uploadLogo(page, url, index));
  for (let start = 0; start < count; start += 25) {
    await Promise.all(
      Array.from({ length: Math.min(25, count - start) }, (_, k) =>
        apiCall(page, 'POST', `${url}/api/v1/twofaccounts`, {
          otp_type: 'totp',
          service: `Service ${start + k}`,
          account: `user${start + k}@example.com`,
          secret: secretOf(start + k),
          icon: logos[(start + k) % LOGOS],
        }),
      ),
    );
  }
}

async function taskMs(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return (metrics.find((metric) => metric.name === 'TaskDuration')?.value ?? Number.NaN) * 1000;
}

/**
 * A warm reload of the list: the icon requests it makes (the list's <img> and the copy's fetches
 * alike) until 8 s after the first account is painted, and the main thread's busy time in those 8 s.
 */
export async function reloadCost(page: Page, url: string, cdp: CDPSession) {
  await page.goto(`${url}/accounts`);
  await page.getByText('Service 0', { exact: true }).first().waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  let icons = 0;
  const count = (request: { url(): string }) => {
    if (new URL(request.url()).pathname.startsWith('/storage/icons/')) icons += 1;
  };
  page.on('request', count);
  try {
    await page.reload();
    await page.waitForFunction(
      () => (window as unknown as { __firstAccount?: number }).__firstAccount,
      null,
      {
        timeout: 60_000,
      },
    );
    const before = await taskMs(cdp);
    await page.waitForTimeout(AFTER_FIRST_ROW_MS);
    return { icons, busy: (await taskMs(cdp)) - before };
  } finally {
    page.off('request', count);
  }
}

/** Turning the copy on, from the press to the confirmation (wall clock, as the user waits). */
export async function turnOn(page: Page, url: string, passphrase: string): Promise<number> {
  await page.goto(`${url}/settings/device`);
  await page.getByLabel('Name of this device').fill('Bench phone');
  await page.getByLabel('Passphrase', { exact: true }).fill(passphrase);
  await page.getByLabel('Passphrase again').fill(passphrase);
  const start = Date.now();
  await page.getByRole('button', { name: 'Keep my codes on this device' }).click();
  await page.getByText('Your codes are now kept on this device.').waitFor({ timeout: 180_000 });
  return Date.now() - start;
}

/** A reload with the server down, to the unlock screen: the page's time from navigation start. */
export async function toUnlockScreen(page: Page, url: string): Promise<number> {
  await page.goto(`${url}/accounts`);
  await page.waitForFunction(() => (window as unknown as { __unlockScreen?: number }).__unlockScreen, null, {
    timeout: 60_000,
  });
  return page.evaluate(() => (window as unknown as { __unlockScreen: number }).__unlockScreen);
}

/** Installed in every document: the time the unlock screen's heading is in the page. */
export function watchUnlockScreen() {
  const w = window as unknown as { __unlockScreen?: number };
  const observer = new MutationObserver(() => {
    if (!document.body?.textContent?.includes("Unlock this device's copy")) return;
    observer.disconnect();
    requestAnimationFrame(() => (w.__unlockScreen = performance.now()));
  });
  observer.observe(document, { subtree: true, childList: true, characterData: true });
}
