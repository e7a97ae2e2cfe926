import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { signUp } from './accounts-helpers';
import {
  launchSharedBrowser,
  startResettableServer,
  type BrowserSession,
  type ResettableServer,
  type SharedBrowser,
} from './harness';

export interface PerTestOptions {
  /** The server's environment (a special mode restarts the server at each reset). */
  readonly env?: Record<string, string>;
  /** Extra Chromium switches (a fake camera, denied prompts). */
  readonly browserArgs?: string[];
  /**
   * 'block' keeps the service worker out of every context: for tests that hold or count the
   * app's own files with routes, which never see what the worker answers from its cache.
   */
  readonly serviceWorkers?: 'allow' | 'block';
  /** Grants the clipboard to the server's origin in every context. */
  readonly clipboard?: boolean;
  /** What every test of the file starts from, run in the fresh context after the reset. */
  readonly setUp?: (session: BrowserSession, server: ResettableServer) => Promise<void>;
}

export interface PerTest {
  readonly server: ResettableServer;
  readonly browser: BrowserSession;
  readonly page: Page;
}

/**
 * Registers the hooks of an order-independent file, to be called inside its `describe`: one server
 * and one Chromium for the file; before each test, the server is back to a new install's database
 * and a fresh (signed-out) browser context is opened, closed after the test. The returned object
 * reads the current server, context and page.
 */
export function perTestSessions(options: PerTestOptions = {}): PerTest {
  let server: ResettableServer | undefined;
  let chromium: SharedBrowser | undefined;
  let browser: BrowserSession | undefined;

  beforeAll(async () => {
    server = await startResettableServer(options.env);
    chromium = await launchSharedBrowser({ args: options.browserArgs });
  });

  afterAll(async () => {
    await chromium?.close();
    await server?.stop();
  });

  beforeEach(async () => {
    await server!.reset();
    browser = await chromium!.newSession({ serviceWorkers: options.serviceWorkers });
    if (options.clipboard)
      await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server!.url });
    await options.setUp?.(browser, server!);
  });

  afterEach(async () => {
    await browser?.close();
    browser = undefined;
  });

  return {
    get server() {
      return server!;
    },
    get browser() {
      return browser!;
    },
    get page() {
      return browser!.page;
    },
  };
}

/** A set-up: the user signed up through the form, on the start screen of an empty install. */
export async function signedUpOnStart(session: BrowserSession, server: ResettableServer): Promise<void> {
  await signUp(session.page, server.url);
  await session.page.getByRole('heading', { name: 'No 2FA here!' }).waitFor();
}
