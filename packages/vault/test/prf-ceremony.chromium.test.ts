import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as vaultModule from '../src/index.js';
import { PasskeyProblem, evaluatePasskey } from '../src/index.js';
import { bundleForBrowser, launchChromium } from './chromium-launch.js';

/*
 * The passkey ceremonies as a browser runs them: the package bundled for the browser, served on
 * http://localhost (a secure context, so WebAuthn is there), and Chromium's virtual authenticator
 * (through CDP) standing in for the user's, with or without the PRF extension. The web app and the
 * extension's passkey page call these same functions.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const ORIGIN = 'http://localhost';

let browser: Browser | undefined;
let script = '';

beforeAll(async () => {
  script = await bundleForBrowser({
    stdin: {
      contents: "import * as vault from './src/index.ts'; Object.assign(globalThis, { vault });",
      resolveDir: path.join(here, '..'),
      loader: 'ts',
    },
  });
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

/** A page with the package loaded, and a virtual authenticator (with or without PRF) attached. */
async function pageWithAuthenticator(hasPrf: boolean): Promise<{ page: Page; context: BrowserContext }> {
  const context = await browser!.newContext();
  const page = await context.newPage();
  await page.route(`${ORIGIN}/**`, (route) =>
    new URL(route.request().url()).pathname === '/vault.js'
      ? route.fulfill({ contentType: 'text/javascript', body: script })
      : route.fulfill({
          contentType: 'text/html',
          body: '<!doctype html><title>passkey</title><script type="module" src="/vault.js"></script>',
        }),
  );
  await page.goto(`${ORIGIN}/`);
  await page.waitForFunction(() => 'vault' in globalThis);
  const cdp: CDPSession = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
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
  return { page, context };
}

interface VaultGlobal {
  vault: typeof vaultModule;
}

describe('the passkey ceremonies (Chromium, virtual authenticator)', () => {
  it('a new passkey gives a PRF output that an assertion gives again, and another salt another one', async () => {
    const { page, context } = await pageWithAuthenticator(true);
    const outcome = await page.evaluate(async () => {
      const { vault } = globalThis as unknown as VaultGlobal;
      const created = await vault.createPasskey('Pixel 9');
      const again = await vault.evaluatePasskey([created.passkey]);
      const otherSalt = vault.toBase64(crypto.getRandomValues(new Uint8Array(32)));
      const other = await vault.evaluatePasskey([{ ...created.passkey, salt: otherSalt }]);
      const hex = (bytes: Uint8Array) => vault.toHex(bytes);
      return {
        credentialId: created.passkey.credentialId,
        salt: created.passkey.salt,
        saltBytes: hex(created.salt),
        saltDecoded: hex(vault.fromBase64(created.passkey.salt) ?? new Uint8Array()),
        output: hex(created.output),
        againId: again.credentialId,
        again: hex(again.output),
        other: hex(other.output),
        keys: [
          hex(await vault.copyPasskeyKey(created.output, created.passkey)),
          hex(await vault.copyPasskeyKey(again.output, created.passkey)),
        ],
      };
    });
    await context.close();
    expect(outcome.credentialId).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    // The salt is kept as standard base64, the form the copy's passkey entries use.
    expect(outcome.saltDecoded).toBe(outcome.saltBytes);
    expect(outcome.saltBytes).toHaveLength(64);
    expect(outcome.output).toHaveLength(64);
    expect(outcome.againId).toBe(outcome.credentialId);
    expect(outcome.again).toBe(outcome.output);
    expect(outcome.other).not.toBe(outcome.output);
    expect(outcome.keys[0]).toBe(outcome.keys[1]);
    expect(outcome.keys[0]).not.toBe(outcome.output);
  }, 60_000);

  it('an authenticator without PRF is named as such, not as a cancelled prompt', async () => {
    const { page, context } = await pageWithAuthenticator(false);
    const kind = await page.evaluate(async () => {
      const { vault } = globalThis as unknown as VaultGlobal;
      try {
        await vault.createPasskey('Pixel 9');
        return 'created';
      } catch (error) {
        return error instanceof vault.PasskeyProblem ? error.kind : String(error);
      }
    });
    await context.close();
    expect(kind).toBe('noPrf');
  }, 60_000);
});

describe('the passkey ceremonies without WebAuthn (Node)', () => {
  it('say the platform has no passkeys', async () => {
    const problem: unknown = await evaluatePasskey([{ credentialId: 'AAAA', salt: 'AAAA' }]).catch(
      (error: unknown) => error,
    );
    expect(problem).toBeInstanceOf(PasskeyProblem);
    expect((problem as PasskeyProblem).kind).toBe('unsupported');
  });
});
