import { describe, expect, it } from 'vitest';
import { apiCall, createAccount, SECRET, setSetting } from './accounts-helpers';
import { registerByApi } from './identity';
import { perTestSessions } from './per-test';

describe('sort by use', () => {
  // Alpha to Delta, and Echo starred (favourites stay first in every order).
  const session = perTestSessions({
    setUp: async ({ page }, server) => {
      await registerByApi(page, server.url);
      for (const service of ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo']) {
        const created = await createAccount(page, server.url, {
          service,
          account: 'me',
          otp_type: 'totp',
          secret: SECRET,
        });
        if (service === 'Echo')
          await apiCall(page, 'PUT', `${server.url}/api/v1/twofaccounts/${created.id}/favorite`, {
            favorite: true,
          });
      }
    },
  });

  const list = () => session.page.getByRole('list', { name: 'Accounts' });
  const services = async () =>
    (await list().locator('.account-service').allInnerTexts()).map((text) => text.trim());
  const rowOf = (service: string) => list().locator('.account-main', { hasText: service });

  /** Opens an account's code (the server computes it), waits for the code, closes the window. */
  async function readCode(service: string): Promise<void> {
    const { page } = session;
    await rowOf(service).click();
    await expect
      .poll(async () =>
        page.getByRole('dialog').getByRole('status', { name: 'One-time password' }).innerText(),
      )
      .toMatch(/\d{3}/);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  }

  async function chooseOrder(name: string): Promise<void> {
    const { page } = session;
    const saved = page.waitForResponse((response) => response.url().endsWith('/api/v1/settings/sortBy'));
    await page.getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitemradio', { name }).click();
    expect((await saved).status()).toBe(200);
  }

  it('reads three codes and the list reorders, recently used then most used; the choice is remembered', async () => {
    const { page, server } = session;
    await page.goto(`${server.url}/accounts`);
    await expect.poll(services).toEqual(['Echo', 'Alpha', 'Bravo', 'Charlie', 'Delta']);
    await chooseOrder('Recently used');
    for (const service of ['Charlie', 'Alpha', 'Delta']) await readCode(service);
    await expect.poll(services).toEqual(['Echo', 'Delta', 'Alpha', 'Charlie', 'Bravo']);

    // Most used: Alpha's code read twice more comes first; the others read once, last read first.
    await chooseOrder('Most used');
    await readCode('Alpha');
    await readCode('Alpha');
    await expect.poll(services).toEqual(['Echo', 'Alpha', 'Delta', 'Charlie', 'Bravo']);

    await page.reload();
    await expect.poll(services).toEqual(['Echo', 'Alpha', 'Delta', 'Charlie', 'Bravo']);
    await chooseOrder('By hand');
    await expect.poll(services).toEqual(['Echo', 'Alpha', 'Bravo', 'Charlie', 'Delta']);
  });

  it('counts the codes the list computes itself, reported as viewed (ids only)', async () => {
    const { page, server } = session;
    await setSetting(page, server.url, 'getOtpOnRequest', false);
    await setSetting(page, server.url, 'sortBy', 'recent');
    await page.goto(`${server.url}/accounts`);
    await expect.poll(services).toEqual(['Echo', 'Alpha', 'Bravo', 'Charlie', 'Delta']);
    const reported = page.waitForResponse((response) => response.url().endsWith('/api/v1/otp-logs/viewed'));
    // A click copies the code the list shows: the browser computed it, the server did not.
    await rowOf('Charlie').click();
    expect((await reported).status()).toBe(204);
    const usage = (await apiCall(page, 'GET', `${server.url}/api/v1/otp-logs/usage`)) as Record<
      string,
      { uses: number }
    >;
    expect(Object.values(usage).map((use) => use.uses)).toEqual([1]);
    const log = (await apiCall(page, 'GET', `${server.url}/api/v1/otp-logs`)) as { entries: unknown[] };
    expect(log.entries).toEqual([]);
    await expect.poll(services).toEqual(['Echo', 'Charlie', 'Alpha', 'Bravo', 'Delta']);
  });
});
