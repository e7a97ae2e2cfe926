import { describe, expect, it } from 'vitest';
import { apiCall, createAccount, SECRET } from './accounts-helpers';
import { registerByApi } from './identity';
import { perTestSessions } from './per-test';

describe("favourites' own order in Manage mode", () => {
  // Four accounts, Alpha to Delta; Charlie then Delta starred, so the list shows Charlie, Delta first.
  const session = perTestSessions({
    setUp: async ({ page }, server) => {
      await registerByApi(page, server.url);
      const ids: Record<string, number> = {};
      for (const service of ['Alpha', 'Bravo', 'Charlie', 'Delta']) {
        const created = await createAccount(page, server.url, {
          service,
          account: 'me',
          otp_type: 'totp',
          secret: SECRET,
        });
        ids[service] = created.id;
      }
      for (const service of ['Charlie', 'Delta'])
        await apiCall(page, 'PUT', `${server.url}/api/v1/twofaccounts/${ids[service]}/favorite`, {
          favorite: true,
        });
    },
  });

  const list = () => session.page.getByRole('list', { name: 'Accounts' });
  const services = async () =>
    (await list().locator('.account-service').allInnerTexts()).map((text) => text.trim());

  /** Moves an account one place up with the keyboard: pick up, arrow up, drop. */
  async function moveUpByKeyboard(name: string, route: string): Promise<void> {
    const { page } = session;
    const saved = page.waitForResponse((response) => response.url().endsWith(route));
    await page.getByRole('button', { name: `Move ${name} (me)` }).focus();
    // The drag library takes the pick-up, the move and the drop on separate frames: a person's
    // key presses are never closer than these pauses, a test driver's are.
    await page.keyboard.press('Space');
    await page.waitForTimeout(250);
    await page.keyboard.press('ArrowUp');
    await page.waitForTimeout(250);
    await page.keyboard.press('Space');
    expect((await saved).status()).toBe(200);
  }

  it('moves a favourite among the favourites by keyboard; the order survives a reload', async () => {
    const { page, server } = session;
    await page.goto(`${server.url}/accounts?toRefresh=true`);
    await expect.poll(services).toEqual(['Charlie', 'Delta', 'Alpha', 'Bravo']);
    await page.getByRole('button', { name: 'Manage' }).click();

    await moveUpByKeyboard('Delta', '/api/v1/twofaccounts/favorites/reorder');
    await expect.poll(services).toEqual(['Delta', 'Charlie', 'Alpha', 'Bravo']);
    // The others move among themselves (the manual order), the favourites stay first.
    await moveUpByKeyboard('Bravo', '/api/v1/twofaccounts/reorder');
    await expect.poll(services).toEqual(['Delta', 'Charlie', 'Bravo', 'Alpha']);

    await page.reload();
    await page.getByRole('button', { name: 'Manage' }).waitFor();
    await expect.poll(services).toEqual(['Delta', 'Charlie', 'Bravo', 'Alpha']);
    const stored = (await apiCall(page, 'GET', `${server.url}/api/v1/twofaccounts?withExtras=1`)) as {
      service: string;
      favorite_order?: number;
    }[];
    expect(stored.filter((a) => a.favorite_order).map((a) => [a.service, a.favorite_order])).toEqual([
      ['Charlie', 2],
      ['Delta', 1],
    ]);
  });
});
