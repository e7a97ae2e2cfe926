import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { breakGlassHtml } from '../src/break-glass/index.js';
import { parseVault, type EncryptedVault } from '../src/index.js';
import { AEGIS_ENCRYPTED, AEGIS_ENTRIES, AEGIS_PASSWORD } from './aegis-vector.js';
import { SECRET_CODE, SECRET_NOTE, STRINGS, expectedCode, vaultOf } from './break-glass-fixtures.js';
import { launchChromium } from './chromium-launch.js';

/*
 * The break-glass file as a person opens it: written to disk, loaded by Debian's Chromium from
 * file://, every request recorded (and refused) beyond the file itself. The page's clock is fixed,
 * so its codes are compared with codes computed here by node:crypto without a race.
 */

const NOW = new Date('2026-11-28T10:15:05Z');

let browser: Browser | undefined;
let folder = '';

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'break-glass-'));
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

interface Opened {
  readonly page: Page;
  /** Every request but the file itself, and every console error (a CSP refusal is one). */
  readonly requests: string[];
  readonly problems: string[];
}

async function open(name: string, vault: EncryptedVault): Promise<Opened> {
  const file = path.join(folder, name);
  await writeFile(file, breakGlassHtml({ vault, createdAt: NOW, lang: 'en', strings: STRINGS }));
  const url = pathToFileURL(file).href;
  const context = await browser!.newContext({ offline: true });
  const requests: string[] = [];
  const problems: string[] = [];
  // The file itself is the one load allowed; anything else is recorded and refused.
  await context.route('**/*', (route) => (route.request().url() === url ? route.continue() : route.abort()));
  context.on('request', (request) => {
    if (request.url() !== url) requests.push(request.url());
  });
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.clock.setFixedTime(NOW);
  await page.goto(url);
  return { page, requests, problems };
}

async function unlock(page: Page, password: string) {
  await page.getByLabel(STRINGS.password).fill(password);
  await page.getByRole('button', { name: STRINGS.open }).click();
}

describe('the break-glass file in Chromium, from file://', () => {
  it('a wrong password shows nothing; the right one shows the accounts, their note behind a click', async () => {
    const { page, requests, problems } = await open('small.html', await vaultOf(3, 'correct horse'));
    await expect.poll(() => page.locator('time').textContent()).toContain('2026');
    await unlock(page, 'wrong horse');
    await expect.poll(() => page.locator('#error').textContent()).toBe(STRINGS.wrong);
    expect(await page.locator('.account').count()).toBe(0);
    expect(await page.locator('#viewer').isHidden()).toBe(true);

    await unlock(page, 'correct horse');
    await expect.poll(() => page.locator('.account').count()).toBe(3);
    // The password form leaves the screen once the file is open.
    expect(await page.locator('#unlock').isHidden()).toBe(true);
    expect(await page.content()).not.toContain(SECRET_NOTE);
    await page.getByRole('button', { name: STRINGS.reveal }).click();
    await expect.poll(() => page.locator('.note').textContent()).toBe(SECRET_NOTE);
    expect(await page.locator('.codes li').textContent()).toBe(SECRET_CODE);

    await page.getByLabel(STRINGS.search).fill('service 2');
    await expect.poll(() => page.locator('.account:visible').count()).toBe(1);
    await page.getByLabel(STRINGS.search).fill('nothing like it');
    await expect.poll(() => page.locator('#empty').isVisible()).toBe(true);
    expect(requests).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("opens Aegis's own vault (scrypt N = 2^15) with codes equal to node:crypto's", async () => {
    const { page, requests, problems } = await open(
      'aegis.html',
      parseVault(AEGIS_ENCRYPTED) as EncryptedVault,
    );
    const started = Date.now();
    await unlock(page, AEGIS_PASSWORD);
    await expect.poll(() => page.locator('.account').count(), { timeout: 30_000 }).toBe(AEGIS_ENTRIES.length);
    console.info(`break-glass: Aegis's scrypt cost opened in ${Date.now() - started} ms`);
    const seconds = NOW.getTime() / 1000;
    for (const [type, issuer, name, secret, algo, digits, periodOrCounter] of AEGIS_ENTRIES) {
      const item = page
        .locator('.account')
        .filter({ hasText: String(issuer) })
        .filter({ hasText: String(name) });
      const counter =
        type === 'hotp' ? Number(periodOrCounter) : Math.floor(seconds / Number(periodOrCounter));
      const code = expectedCode(String(type), String(secret), String(algo), Number(digits), counter);
      await expect
        .poll(() => item.locator('.code').textContent())
        .toBe(
          code.length > 4
            ? `${code.slice(0, Math.ceil(code.length / 2))} ${code.slice(Math.ceil(code.length / 2))}`
            : code,
        );
      const left =
        type === 'hotp'
          ? STRINGS.counter.replace(':counter', String(periodOrCounter))
          : `${Number(periodOrCounter) - (seconds % Number(periodOrCounter))} s`;
      expect(await item.locator('.left').textContent()).toBe(left);
    }
    expect(requests).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  }, 60_000);
});
