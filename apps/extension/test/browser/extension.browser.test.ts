// The built extension (.output/chrome-mv3, what `pnpm build` zips) in Debian's Chromium, headless,
// against the built server: pairing through a device authorization approved in the web app, the
// popup's code, filling sign-in pages served by the test on *.test hosts (the browser maps them to
// this machine), the offline copy (turned on in the popup, used with the server stopped, also
// after a browser restart, erased once its token is revoked), and a revocation in Settings. Each
// filled or shown code is compared with an independent TOTP computation (@twofold/otp with the
// account's known secret).
//
// The tests run in order as one user's journey: pairing first, revocation last.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { totpCodes } from '@twofold/otp';
import { startTestServer, type TestServer } from '../../../../packages/contract/test/test-server';
import { SCANNED_URI, servePages, type Pages } from './pages';

const built = path.resolve(__dirname, '../../.output/chrome-mv3');
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const PASSWORD = 'correct horse battery staple';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

let server: TestServer;
let pages: Pages;
let context: BrowserContext;
let scratch: string;
let extensionId: string;
let popup: Page;
/** The web app's tab the extension opened for the pairing, signed in. */
let web: Page;

/** The extension API as its own pages see it (the functions below run in the popup page). */
interface Chrome {
  tabs: { query(q: object): Promise<{ id?: number; url?: string }[]> };
  runtime: { sendMessage(message: object): Promise<{ filled?: boolean; error?: string }>; reload(): void };
  storage: Record<
    'local' | 'session',
    { get(keys: null): Promise<Record<string, unknown>>; clear(): Promise<void> }
  >;
}
declare const chrome: Chrome;

/** What the extension keeps, in `storage.local` and `storage.session` together. */
function stored(): Promise<Record<string, unknown>> {
  return popup.evaluate(async () => ({
    ...(await chrome.storage.local.get(null)),
    ...(await chrome.storage.session.get(null)),
  }));
}

/** The codes of the account's secret around now: a filled or shown one must be among them. */
function codesNow(): string[] {
  const now = Date.now() / 1000;
  return [now - 1, now].map((at) => {
    const result = totpCodes(
      { otp_type: 'totp', secret: SECRET, digits: 6, algorithm: 'sha1', period: 30 },
      at,
    );
    if (!result.ok) throw new Error('totp');
    return result.value.password;
  });
}

/** A request with the test user's full-scope token (what the test sets up, not what it checks). */
function api(method: string, route: string, body: unknown): Promise<Response> {
  return fetch(`${server.url}${route}`, {
    method,
    headers: {
      Authorization: `Bearer ${server.token}`,
      Accept: 'application/json',
      'Content-Type': 'application/json',
    },
    body: JSON.stringify(body),
  });
}

const pageUrl = (host: string, route: string) => `http://${host}:${pages.port}${route}`;

/**
 * The built extension as a browser would load it, with the test hosts granted up front: pairing
 * asks for the server's origin (an optional host permission), and a headless browser cannot
 * answer that prompt. Nothing else of the build changes.
 */
function unpackedWithTestHosts(): string {
  if (!existsSync(path.join(built, 'manifest.json'))) {
    throw new Error('Build first: the test loads the built extension (pnpm build).');
  }
  const copy = path.join(scratch, 'extension');
  cpSync(built, copy, { recursive: true });
  const manifestPath = path.join(copy, 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, unknown>;
  // `<all_urls>`: the tab capture of "Scan a QR code on this page" accepts it or activeTab, and
  // activeTab is granted by a click on the toolbar button, which a headless browser has not.
  manifest.host_permissions = ['http://127.0.0.1/*', 'http://*.test/*', '<all_urls>'];
  writeFileSync(manifestPath, JSON.stringify(manifest));
  return copy;
}

/** The tab id of an open page, asked from the extension's own page. */
async function tabIdOf(url: string): Promise<number> {
  return popup.evaluate(async (wanted) => {
    const tabs = await chrome.tabs.query({});
    return tabs.find((tab) => tab.url === wanted)!.id!;
  }, url);
}

/** What the keyboard command does (a browser shortcut cannot be pressed through the page). */
async function fillBest(url: string): Promise<{ filled?: boolean; error?: string }> {
  const tabId = await tabIdOf(url);
  return popup.evaluate((id) => chrome.runtime.sendMessage({ type: 'fill-best', tabId: id }), tabId);
}

/**
 * Clicks the Twofold button the content script puts beside a code field. It lives in a closed
 * shadow root (the page cannot read it), so the test clicks where a user sees it.
 */
async function clickTwofoldButton(page: Page): Promise<void> {
  const button = page.locator('twofold-code-button');
  await button.waitFor({ state: 'attached' });
  await expect.poll(async () => (await button.boundingBox())?.width ?? 0).toBeGreaterThan(0);
  const box = (await button.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/**
 * Approves a pairing on the web app's Connect page (signed in); the identity confirmation of an
 * earlier approval may still hold (five minutes), or be asked again.
 */
async function approve(connect: Page): Promise<void> {
  await connect.getByRole('button', { name: 'Approve' }).click();
  const confirm = connect.getByRole('group', { name: 'Confirm' });
  const connected = connect.getByRole('status').getByRole('heading', { name: 'Device connected' });
  await connected.or(confirm).waitFor();
  if (await confirm.isVisible()) {
    await confirm.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await confirm.getByRole('button', { name: 'Confirm' }).click();
  }
  await connected.waitFor();
}

/** Starts the browser on the test's profile (again after a restart) and opens the popup's page. */
async function launch(): Promise<void> {
  context = await chromium.launchPersistentContext(path.join(scratch, 'profile'), {
    executablePath: CHROMIUM,
    headless: true,
    ignoreDefaultArgs: ['--disable-extensions'],
    args: [
      `--disable-extensions-except=${path.join(scratch, 'extension')}`,
      `--load-extension=${path.join(scratch, 'extension')}`,
      '--host-resolver-rules=MAP *.test 127.0.0.1',
      '--no-sandbox',
    ],
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  extensionId = new URL(worker.url()).host;
  popup = await context.newPage();
  await popup.goto(`chrome-extension://${extensionId}/popup.html`);
}

beforeAll(async () => {
  scratch = mkdtempSync(path.join(tmpdir(), 'twofold-extension-'));
  unpackedWithTestHosts();
  server = await startTestServer();
  pages = await servePages();
  const github = await api('POST', '/api/v1/twofaccounts', {
    service: 'GitHub',
    account: 'octocat',
    otp_type: 'totp',
    secret: SECRET,
    digits: 6,
    algorithm: 'sha1',
    period: 30,
    websites: ['github.test'],
  });
  if (github.status !== 201) throw new Error(`account: ${github.status} ${await github.text()}`);
  // A favourite made after it, with no website: listed first in the popup, never offered in a page.
  const starred = await api('POST', '/api/v1/twofaccounts', {
    service: 'Bitwarden',
    account: 'octocat',
    otp_type: 'totp',
    secret: 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ',
  });
  const { id } = (await starred.json()) as { id: number };
  const star = await api('PUT', `/api/v1/twofaccounts/${id}/favorite`, { favorite: true });
  if (!star.ok) throw new Error(`favourite: ${star.status} ${await star.text()}`);
  await launch();
});

afterAll(async () => {
  await context?.close();
  await pages?.close();
  await server?.stop();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe('pairing', () => {
  it('shows a user code, is approved in the web app, and ends paired with a codes token', async () => {
    await popup.getByLabel('Server address').fill(server.url);
    const opened = context.waitForEvent('page');
    await popup.getByRole('button', { name: 'Pair', exact: true }).click();
    const userCode = popup
      .getByRole('status')
      .filter({ hasText: "Confirm this code in Twofold's tab:" })
      .locator('strong');
    await expect.poll(() => userCode.textContent()).toMatch(/^[A-Z]{4}-[A-Z]{4}$/);

    // The extension opened the web app's Connect page; signed out, it comes back there after sign-in.
    web = await opened;
    await web.waitForURL(/\/login/);
    await web.getByLabel('Email', { exact: true }).fill('tester@example.com');
    await web.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await web.getByRole('button', { name: 'Sign in', exact: true }).click();
    await web.getByRole('heading', { name: 'Connect a browser extension' }).waitFor();
    await web.getByText('Twofold extension (Chromium) asks to connect to your Twofold.').waitFor();
    // The same code in both places.
    await expect.poll(() => web.getByLabel('Code to compare').innerText()).toBe(await userCode.textContent());
    await web.getByRole('button', { name: 'Approve' }).click();
    const confirm = web.getByRole('group', { name: 'Confirm' });
    await confirm.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await web.getByRole('status').getByRole('heading', { name: 'Device connected' }).waitFor();

    // The popup, polling, ends paired: the account list instead of the pairing form.
    await popup.getByRole('searchbox', { name: 'Search' }).waitFor();
    await popup.getByRole('listitem').filter({ hasText: 'GitHub' }).waitFor();

    // A token of the `codes` scope, listed in Settings under the extension's name.
    const tokens = await server.asUser('GET', '/oauth/personal-access-tokens');
    expect(await tokens.json()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Twofold extension (Chromium)', scope: 'codes' }),
      ]),
    );
    await web.goto(`${server.url}/settings/oauth`);
    await web.getByRole('button', { name: 'Revoke Twofold extension (Chromium)' }).waitFor();
  });
});

describe('the popup', () => {
  it('lists the favourites first', async () => {
    await expect.poll(() => popup.getByRole('listitem').first().textContent()).toContain('Bitwarden');
    await expect.poll(() => popup.getByRole('listitem').count()).toBe(2);
  });

  it("shows the account's current code", async () => {
    const item = popup.getByRole('listitem').filter({ hasText: 'GitHub' });
    await item.getByRole('button', { name: 'Show code' }).click();
    await expect
      .poll(async () => codesNow().includes((await item.locator('.code').textContent()) ?? ''))
      .toBe(true);
  });
});

describe('filling a sign-in page', () => {
  it('fills a one-time-code field on the account’s website, without submitting', async () => {
    const page = await context.newPage();
    await page.goto(pageUrl('login.github.test', '/two-factor'));
    await clickTwofoldButton(page);
    await expect
      .poll(async () => codesNow().includes(await page.getByLabel('Authentication code').inputValue()))
      .toBe(true);
    expect(pages.submissions()).toBe(0);
    await page.close();
  });

  it('fills six split boxes one digit each', async () => {
    const page = await context.newPage();
    await page.goto(pageUrl('github.test', '/split'));
    await clickTwofoldButton(page);
    const digits = () =>
      Promise.all(Array.from({ length: 6 }, (_, i) => page.getByLabel(`Digit ${i + 1}`).inputValue()));
    await expect.poll(async () => (await digits()).every((digit) => digit.length === 1)).toBe(true);
    expect(codesNow()).toContain((await digits()).join(''));
    expect(pages.submissions()).toBe(0);
    await page.close();
  });

  it('fills a field inside a same-origin frame, and the right one of two fields', async () => {
    const framed = await context.newPage();
    await framed.goto(pageUrl('github.test', '/frame'));
    const inFrame = framed.frameLocator('iframe').getByLabel('Authentication code');
    await inFrame.waitFor();
    await expect.poll(async () => (await fillBest(framed.url())).filled).toBe(true);
    await expect.poll(async () => codesNow().includes(await inFrame.inputValue())).toBe(true);
    await framed.close();

    const two = await context.newPage();
    await two.goto(pageUrl('github.test', '/two'));
    await expect.poll(async () => (await fillBest(two.url())).filled).toBe(true);
    await expect
      .poll(async () => codesNow().includes(await two.getByLabel('Authentication code').inputValue()))
      .toBe(true);
    expect(await two.getByLabel('Code sent by text message').inputValue()).toBe('');
    expect(pages.submissions()).toBe(0);
    await two.close();
  });

  it('gives nothing to a look-alike host', async () => {
    const page = await context.newPage();
    await page.goto(pageUrl('githab.test', '/two-factor'));
    await page.locator('twofold-code-button').waitFor({ state: 'attached' });
    expect(await fillBest(page.url())).toEqual({ filled: false });
    // The popup for that tab offers to remember the site, never to fill.
    const forTab = await context.newPage();
    await forTab.goto(`chrome-extension://${extensionId}/popup.html?tab=${await tabIdOf(page.url())}`);
    const item = forTab.getByRole('listitem').filter({ hasText: 'GitHub' });
    await item.getByRole('button', { name: 'Remember githab.test for GitHub' }).waitFor();
    expect(await item.getByRole('button', { name: 'Fill', exact: true }).count()).toBe(0);
    expect(await page.getByLabel('Authentication code').inputValue()).toBe('');
    await forTab.close();
    await page.close();
  });
});

/**
 * The popup for a tab, as the toolbar button opens it: in a window of its own, so that the tab
 * stays the visible one of its window (what the scan captures).
 */
async function popupFor(page: Page): Promise<Page> {
  await page.bringToFront();
  const tabId = await tabIdOf(page.url());
  const opened = context.waitForEvent('page');
  await popup.evaluate(
    (url) =>
      (chrome as unknown as { windows: { create(o: object): Promise<unknown> } }).windows.create({
        url,
        type: 'popup',
        focused: false,
      }),
    `chrome-extension://${extensionId}/popup.html?tab=${tabId}`,
  );
  const forTab = await opened;
  await forTab.getByRole('searchbox', { name: 'Search' }).waitFor();
  return forTab;
}

describe('adding an account from a QR code on the page', () => {
  it("opens the web app's create form filled in; saved, the account has the code's secret", async () => {
    const page = await context.newPage();
    await page.goto(pageUrl('example.test', '/qr'));
    await page.getByRole('img', { name: 'QR code' }).waitFor();
    const forTab = await popupFor(page);
    const created = context.waitForEvent('page');
    await forTab.getByRole('button', { name: 'Scan a QR code on this page' }).click();
    const form = await created;
    await form.getByText('Scanned', { exact: true }).waitFor();
    await form.getByText('jane@example.com', { exact: true }).waitFor();
    // The code came in the fragment, which the web app removed at once.
    expect(form.url()).toBe(`${server.url}/account/create`);
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await form.waitForURL(/\/accounts/);
    const listed = await fetch(`${server.url}/api/v1/twofaccounts?withSecret=1`, {
      headers: { Authorization: `Bearer ${server.token}`, Accept: 'application/json' },
    });
    const secret = new URL(SCANNED_URI).searchParams.get('secret');
    expect(await listed.json()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ service: 'Scanned', account: 'jane@example.com', secret }),
      ]),
    );
    await form.close();
    await page.close();
  });

  it('says so when the page has no QR code, or one that is not a two-factor one', async () => {
    for (const [route, message] of [
      ['/plain', 'No QR code found on this page.'],
      ['/not-otp', 'This QR code is not a two-factor one.'],
    ] as const) {
      const page = await context.newPage();
      await page.goto(pageUrl('example.test', route));
      const forTab = await popupFor(page);
      await forTab.getByRole('button', { name: 'Scan a QR code on this page' }).click();
      await forTab.getByRole('status').filter({ hasText: message }).waitFor();
      await forTab.close();
      await page.close();
    }
  });
});

describe('the offline copy', () => {
  const OFFLINE_PASSPHRASE = 'a long offline passphrase';
  const section = () => popup.getByRole('region', { name: 'Offline copy' });
  /** Unlocks the copy in the popup with its passphrase, and waits until the popup says so. */
  async function unlockCopy(): Promise<void> {
    await section().getByLabel('Passphrase', { exact: true }).fill(OFFLINE_PASSPHRASE);
    await section().getByRole('button', { name: 'Unlock' }).click();
    await section()
      .getByText(/^On, unlocked\./)
      .waitFor();
  }

  /** Types the passphrase twice, turns the copy on and approves its `read` token in the web app. */
  async function turnOn(): Promise<void> {
    await section().getByLabel('Passphrase for the copy').fill(OFFLINE_PASSPHRASE);
    await section().getByLabel('Passphrase again').fill(OFFLINE_PASSPHRASE);
    const opened = context.waitForEvent('page');
    await section().getByRole('button', { name: 'Turn on' }).click();
    const userCode = section()
      .getByRole('status')
      .filter({ hasText: "Confirm this code in Twofold's tab:" })
      .locator('strong');
    await expect.poll(() => userCode.textContent()).toMatch(/^[A-Z]{4}-[A-Z]{4}$/);

    // The web app (signed in) asks to approve a read of everything, secrets included.
    const connect = await opened;
    await connect.getByRole('heading', { name: 'Connect a browser extension' }).waitFor();
    await connect.getByText('Twofold offline copy (Chromium) asks to connect to your Twofold.').waitFor();
    await connect.getByText('It will read everything, secrets included, to keep an offline copy.').waitFor();
    await expect
      .poll(() => connect.getByLabel('Code to compare').innerText())
      .toBe(await userCode.textContent());
    await approve(connect);
    await connect.close();
  }

  it('is off by default; turned on in the popup and approved in the web app, it is made sealed', async () => {
    await popup.reload();
    await section().getByText('Off: codes fill only while the server can be reached.').waitFor();
    expect(await section().getByRole('button', { name: 'Turn off' }).isVisible()).toBe(false);
    expect(await section().getByLabel('Passphrase for the copy').isVisible()).toBe(false);
    expect(Object.keys(await stored())).not.toContain('offlineCopy');
    await section().getByRole('button', { name: 'Keep codes offline' }).click();

    // The web app's rule for a device copy's passphrase: eight characters or more.
    await section().getByLabel('Passphrase for the copy').fill('short');
    await section().getByLabel('Passphrase again').fill('short');
    await section().getByRole('button', { name: 'Turn on' }).click();
    await popup
      .getByRole('alert')
      .filter({ hasText: 'The passphrase needs at least 8 characters.' })
      .waitFor();

    await turnOn();

    // The popup ends with the copy made and locked; it is sealed: no secret in the browser's storage.
    await section()
      .getByText(/^On, locked\. Last refreshed: /)
      .waitFor();
    await section().getByLabel('Passphrase', { exact: true }).waitFor();
    expect(await section().getByLabel('Passphrase for the copy').isVisible()).toBe(false);
    const kept = await stored();
    expect(Object.keys(kept)).toEqual(expect.arrayContaining(['offlineCopy', 'offlineToken']));
    expect(JSON.stringify(kept)).not.toContain(SECRET);
    const tokens = await server.asUser('GET', '/oauth/personal-access-tokens');
    expect(await tokens.json()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Twofold offline copy (Chromium)', scope: 'read' }),
      ]),
    );
    // Listed among the devices keeping a copy too, under the same name, as the web app's copies are.
    await web.goto(`${server.url}/settings/device`);
    await web
      .getByRole('list', { name: 'Devices with a copy' })
      .getByRole('listitem')
      .filter({ hasText: 'Twofold offline copy (Chromium)' })
      .waitFor();
  });

  it('with the server stopped: refuses a wrong passphrase, unlocks, and fills a right code', async () => {
    await server.halt();
    await popup.reload();
    await popup
      .getByRole('status')
      .filter({ hasText: 'Offline: the server cannot be reached. Unlock' })
      .waitFor();

    await section().getByLabel('Passphrase', { exact: true }).fill('not the passphrase');
    await section().getByRole('button', { name: 'Unlock' }).click();
    await popup
      .getByRole('alert')
      .filter({ hasText: 'Wrong passphrase. 9 tries left before the copy is erased.' })
      .waitFor();
    await section()
      .getByText(/^On, locked\./)
      .waitFor();

    await unlockCopy();
    await expect.poll(() => section().getByRole('button', { name: 'Unlock' }).isVisible()).toBe(false);
    await section().getByRole('button', { name: 'Lock', exact: true }).waitFor();
    await popup.getByRole('status').filter({ hasText: "Codes come from this browser's copy" }).waitFor();
    const item = popup.getByRole('listitem').filter({ hasText: 'GitHub' });
    await item.getByRole('button', { name: 'Show code' }).click();
    await expect
      .poll(async () => codesNow().includes((await item.locator('.code').textContent()) ?? ''))
      .toBe(true);

    const page = await context.newPage();
    await page.goto(pageUrl('login.github.test', '/two-factor'));
    await clickTwofoldButton(page);
    await expect
      .poll(async () => codesNow().includes(await page.getByLabel('Authentication code').inputValue()))
      .toBe(true);
    await page.close();
  });

  /**
   * A virtual authenticator in the passkey page's tab (Chromium's WebAuthn test API, per tab), as
   * a device's own would be: user verification passes, presence is simulated; with or without PRF.
   */
  async function virtualAuthenticator(page: Page, hasPrf: boolean): Promise<() => Promise<void>> {
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
        hasPrf,
      },
    });
    return async () => {
      await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId });
      await cdp.detach();
    };
  }

  it('with the server stopped: a passkey added in its tab unlocks the copy, and a right code fills', async () => {
    await popup.reload();
    await section()
      .getByText(/^On, unlocked\./)
      .waitFor();
    expect(await section().getByRole('button', { name: 'Unlock with a passkey' }).isVisible()).toBe(false);
    const opened = context.waitForEvent('page');
    await section().getByRole('button', { name: 'Add a passkey' }).click();
    const tab = await opened;
    expect(tab.url()).toBe(`chrome-extension://${extensionId}/passkey.html`);
    await tab.getByRole('heading', { name: 'Passkey for the offline copy' }).waitFor();

    // An authenticator without PRF: said plainly, and the copy is as it was.
    const before = (await stored()).offlineCopy;
    const removeNoPrf = await virtualAuthenticator(tab, false);
    await tab.getByLabel('Passphrase', { exact: true }).fill(OFFLINE_PASSPHRASE);
    await tab.getByRole('button', { name: 'Add a passkey' }).click();
    await tab
      .getByRole('alert')
      .filter({ hasText: 'This browser or authenticator does not offer what a passkey unlock needs' })
      .waitFor();
    expect((await stored()).offlineCopy).toEqual(before);
    await removeNoPrf();

    // A wrong passphrase counts as in the popup, and makes no passkey.
    await virtualAuthenticator(tab, true);
    await tab.getByLabel('Passphrase', { exact: true }).fill('not the passphrase');
    await tab.getByRole('button', { name: 'Add a passkey' }).click();
    await tab
      .getByRole('alert')
      .filter({ hasText: 'Wrong passphrase. 9 tries left before the copy is erased.' })
      .waitFor();

    await tab.getByLabel('Passphrase', { exact: true }).fill(OFFLINE_PASSPHRASE);
    await tab.getByRole('button', { name: 'Add a passkey' }).click();
    await tab.getByRole('status').filter({ hasText: 'The passkey was added' }).waitFor();
    const kept = await stored();
    expect(JSON.stringify(kept)).not.toContain(SECRET);
    expect((kept.offlineCopy as { passkeys?: unknown[] }).passkeys).toHaveLength(1);

    // Locked in the popup, which then offers the passkey; it opens the passkey page.
    await section().getByRole('button', { name: 'Lock', exact: true }).click();
    await section()
      .getByText(/^On, locked\./)
      .waitFor();
    const again = context.waitForEvent('page');
    await section().getByRole('button', { name: 'Unlock with a passkey' }).click();
    const second = await again;
    expect(second.url()).toBe(`chrome-extension://${extensionId}/passkey.html`);
    await second.close();

    // The virtual authenticator lives in the first tab (a device's own is everywhere): unlocked there.
    await tab.reload();
    await tab.getByRole('status').filter({ hasText: 'A passkey unlocks the offline copy.' }).waitFor();
    await tab.getByRole('button', { name: 'Unlock with a passkey' }).click();
    await tab
      .getByRole('status')
      .filter({
        hasText: "The offline copy is unlocked. You can close this tab: Twofold's popup shows the codes.",
      })
      .waitFor();

    await popup.reload();
    await section()
      .getByText(/^On, unlocked\./)
      .waitFor();
    const item = popup.getByRole('listitem').filter({ hasText: 'GitHub' });
    await item.getByRole('button', { name: 'Show code' }).click();
    await expect
      .poll(async () => codesNow().includes((await item.locator('.code').textContent()) ?? ''))
      .toBe(true);
    const page = await context.newPage();
    await page.goto(pageUrl('login.github.test', '/two-factor'));
    await clickTwofoldButton(page);
    await expect
      .poll(async () => codesNow().includes(await page.getByLabel('Authentication code').inputValue()))
      .toBe(true);
    await page.close();

    // Removed: only the passphrase unlocks the copy again.
    await tab.getByRole('button', { name: 'Remove the passkey' }).click();
    await tab.getByRole('status').filter({ hasText: 'The passkey was removed' }).waitFor();
    expect((await stored()).offlineCopy).not.toHaveProperty('passkeys.0');
    await tab.close();
    await popup.reload();
    await section().getByRole('button', { name: 'Add a passkey' }).waitFor();
    expect(await section().getByRole('button', { name: 'Unlock with a passkey' }).isVisible()).toBe(false);
  });

  it('after a browser restart, the server stopped: offers Unlock, fills from the copy; paired again, goes on', async () => {
    const refreshedBefore = (await stored()).offlineRefreshedAt as number;
    // The browser closed and started again on the same profile: the session storage (the tokens'
    // keys, the unlocked copy's key) is gone, the background starts afresh.
    await context.close();
    await launch();

    // Not paired any more (the code-filling token's key is gone), but the copy is offered.
    await popup.getByText('The browser was restarted: pair again to unlock the extension.').waitFor();
    await popup.getByRole('button', { name: 'Pair', exact: true }).waitFor();
    await popup
      .getByRole('status')
      .filter({ hasText: 'Not paired: the extension must be paired again to reach the server. Unlock' })
      .waitFor();
    await section()
      .getByText(/^On, locked\./)
      .waitFor();
    await unlockCopy();
    await popup
      .getByRole('status')
      .filter({ hasText: "must be paired again to reach the server. Codes come from this browser's copy" })
      .waitFor();
    const item = popup.getByRole('listitem').filter({ hasText: 'GitHub' });
    await item.getByRole('button', { name: 'Show code' }).click();
    await expect
      .poll(async () => codesNow().includes((await item.locator('.code').textContent()) ?? ''))
      .toBe(true);

    // A page of the account's site: its button fills from the copy, and so does the shortcut.
    const url = pageUrl('login.github.test', '/two-factor');
    const page = await context.newPage();
    await page.goto(url);
    const field = page.getByLabel('Authentication code');
    await clickTwofoldButton(page);
    await expect.poll(async () => codesNow().includes(await field.inputValue())).toBe(true);
    await field.fill('');
    expect(await fillBest(url)).toEqual({ filled: true });
    await expect.poll(async () => codesNow().includes(await field.inputValue())).toBe(true);
    await page.close();
    // A look-alike host gets nothing from the copy.
    const other = await context.newPage();
    const otherUrl = pageUrl('githab.test', '/two-factor');
    await other.goto(otherUrl);
    expect(await fillBest(otherUrl)).toEqual({ error: 'not-for-site' });
    expect(await other.getByLabel('Authentication code').inputValue()).toBe('');
    await other.close();

    // The server up again, the extension paired again: online as before, and the copy refreshed
    // with its own token (which the unlock gave back).
    await server.resume();
    await item.getByRole('button', { name: 'Show code' }).click();
    await expect
      .poll(async () => codesNow().includes((await item.locator('.code').textContent()) ?? ''))
      .toBe(true);
    const opened = context.waitForEvent('page');
    await popup.getByRole('button', { name: 'Pair', exact: true }).click();
    // The web app's session may not have outlived the restart: signed in again if asked.
    web = await opened;
    const heading = web.getByRole('heading', { name: 'Connect a browser extension' });
    const signIn = web.getByRole('button', { name: 'Sign in', exact: true });
    await heading.or(signIn).waitFor();
    if (await signIn.isVisible()) {
      await web.getByLabel('Email', { exact: true }).fill('tester@example.com');
      await web.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await signIn.click();
    }
    await heading.waitFor();
    // The page says that approving replaces the pairing this browser had before the restart.
    await web
      .getByRole('note')
      .filter({ hasText: 'approving replaces that pairing, “Twofold extension (Chromium)” of' })
      .waitFor();
    // The popup, waiting for the approval (it polls every second), still shows the code opened.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(codesNow()).toContain(await item.locator('.code').textContent());
    await approve(web);
    await popup.getByRole('button', { name: 'Pair', exact: true }).waitFor({ state: 'hidden' });
    await expect.poll(() => popup.getByRole('status').filter({ hasText: 'paired again' }).count()).toBe(0);
    await popup.getByRole('listitem').filter({ hasText: 'GitHub' }).waitFor();
    expect(await popup.getByRole('status').filter({ hasText: 'Offline:' }).count()).toBe(0);
    await expect
      .poll(async () => (await stored()).offlineRefreshedAt as number)
      .toBeGreaterThan(refreshedBefore);

    // The first code-filling token, unusable since the restart, was replaced: Settings lists the
    // one in use only.
    const tokens = (await (await server.asUser('GET', '/oauth/personal-access-tokens')).json()) as {
      name: string;
    }[];
    expect(tokens.filter((token) => token.name === 'Twofold extension (Chromium)')).toHaveLength(1);
    // The copy's refresh is recorded on the server.
    const copies = (await (await server.asUser('GET', '/api/v1/device-copies')).json()) as {
      name: string;
      refreshed_at: string;
    }[];
    const copy = copies.find((c) => c.name === 'Twofold offline copy (Chromium)')!;
    expect(Date.parse(copy.refreshed_at)).toBeGreaterThan(refreshedBefore);
  });

  it('its token revoked in Settings (the server up again): the next contact erases the copy', async () => {
    await web.goto(`${server.url}/settings/oauth`);
    await web.getByRole('button', { name: 'Revoke Twofold offline copy (Chromium)' }).click();
    await web.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
    await web.getByRole('status').filter({ hasText: 'Token revoked' }).waitFor();

    await popup.reload();
    await section().getByRole('button', { name: 'Keep codes offline' }).waitFor();
    const kept = Object.keys(await stored());
    for (const key of ['offlineCopy', 'offlineToken', 'offlineSealKey', 'offlineUnlocked'])
      expect(kept).not.toContain(key);
    // The code-filling token is another one: still paired, the list online.
    await popup.getByRole('listitem').filter({ hasText: 'GitHub' }).waitFor();
    expect(await popup.getByRole('status').filter({ hasText: 'Offline:' }).count()).toBe(0);
  });

  it('revoked among the devices with a copy in Settings: the next contact erases it', async () => {
    await section().getByRole('button', { name: 'Keep codes offline' }).click();
    await turnOn();
    await section()
      .getByText(/^On, locked\./)
      .waitFor();
    await web.goto(`${server.url}/settings/device`);
    await web.getByRole('button', { name: 'Revoke Twofold offline copy (Chromium)' }).click();
    await web.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
    await web.getByRole('status').filter({ hasText: 'The copy was revoked.' }).waitFor();
    // Its token went with it.
    const tokens = (await (await server.asUser('GET', '/oauth/personal-access-tokens')).json()) as {
      name: string;
    }[];
    expect(tokens.map((token) => token.name)).not.toContain('Twofold offline copy (Chromium)');

    await popup.reload();
    await section().getByRole('button', { name: 'Keep codes offline' }).waitFor();
    const kept = Object.keys(await stored());
    for (const key of ['offlineCopy', 'offlineToken', 'offlineSealKey']) expect(kept).not.toContain(key);
    await popup.getByRole('listitem').filter({ hasText: 'GitHub' }).waitFor();
    // Back to the tokens, where the journey goes on.
    await web.goto(`${server.url}/settings/oauth`);
  });

  it('turned off after a confirmation: erased from this browser', async () => {
    await section().getByRole('button', { name: 'Keep codes offline' }).click();
    await turnOn();
    await section()
      .getByText(/^On, locked\./)
      .waitFor();
    popup.once('dialog', (dialog) => void dialog.dismiss());
    await section().getByRole('button', { name: 'Turn off' }).click();
    await section().getByLabel('Passphrase', { exact: true }).waitFor();
    expect(Object.keys(await stored())).toContain('offlineCopy');

    popup.once('dialog', (dialog) => void dialog.accept());
    await section().getByRole('button', { name: 'Turn off' }).click();
    await section().getByRole('button', { name: 'Keep codes offline' }).waitFor();
    const kept = Object.keys(await stored());
    for (const key of ['offlineCopy', 'offlineToken', 'offlineSealKey']) expect(kept).not.toContain(key);
    // Its token was revoked on the server, and its device copy with it.
    const tokens = (await (await server.asUser('GET', '/oauth/personal-access-tokens')).json()) as {
      name: string;
    }[];
    expect(tokens.map((token) => token.name)).not.toContain('Twofold offline copy (Chromium)');
    const copies = (await (await server.asUser('GET', '/api/v1/device-copies')).json()) as { name: string }[];
    expect(copies.map((copy) => copy.name)).not.toContain('Twofold offline copy (Chromium)');
  });
});

describe('revocation', () => {
  it('a token revoked in Settings: the extension says so and erases what it kept', async () => {
    expect(Object.keys(await stored())).toEqual(expect.arrayContaining(['sealedToken', 'sealKey']));

    await web.getByRole('button', { name: 'Revoke Twofold extension (Chromium)' }).click();
    await web.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
    await web.getByRole('status').filter({ hasText: 'Token revoked' }).waitFor();

    await popup.reload();
    await popup.getByText("This extension's token was revoked. Pair again.").waitFor();
    await popup.getByRole('button', { name: 'Pair', exact: true }).waitFor();
    await expect.poll(async () => Object.keys(await stored())).not.toContain('sealedToken');
    expect(Object.keys(await stored())).not.toContain('sealKey');
  });
});

describe('unpairing', () => {
  it('Disconnect revokes the token on the server, then erases it here', async () => {
    // Paired again after the revocation.
    const opened = context.waitForEvent('page');
    await popup.getByRole('button', { name: 'Pair', exact: true }).click();
    const connect = await opened;
    await connect.getByRole('heading', { name: 'Connect a browser extension' }).waitFor();
    await approve(connect);
    await connect.close();
    await popup.getByRole('listitem').filter({ hasText: 'GitHub' }).waitFor();
    const names = async () =>
      (
        (await (await server.asUser('GET', '/oauth/personal-access-tokens')).json()) as { name: string }[]
      ).map((token) => token.name);
    expect(await names()).toContain('Twofold extension (Chromium)');

    await popup.getByRole('button', { name: 'Disconnect' }).click();
    await popup.getByRole('button', { name: 'Pair', exact: true }).waitFor();
    expect(await names()).not.toContain('Twofold extension (Chromium)');
    expect(Object.keys(await stored())).not.toContain('sealedToken');
  });
});
