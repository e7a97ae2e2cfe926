import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './axe';
import { screenshots } from './harness';
import { registerByApi } from './identity';
import { perTestSessions } from './per-test';
import { apiCall, createAccount, hotp, readCode, SECRET, setSetting } from './accounts-helpers';

/** A personal access token made in the page's session: its value, for an app outside the browser. */
async function newToken(page: Page, url: string, name: string): Promise<string> {
  const created = (await apiCall(page, 'POST', `${url}/oauth/personal-access-tokens`, { name })) as {
    accessToken: string;
  };
  return created.accessToken;
}

/** A request from an app holding the token (the command-line tool, a script). */
async function withToken(url: string, token: string, path: string): Promise<unknown> {
  const response = await fetch(`${url}${path}`, {
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
  });
  expect(response.status).toBe(200);
  return response.json();
}

describe('code log and token usage', () => {
  // Paging needs more codes than the API's per-minute limit for tokens allows.
  const session = perTestSessions({
    // How long and how many rows the code log keeps: what Settings must say, not the defaults.
    env: { THROTTLE_API: '0', AUTH_LOG_RETENTION_DAYS: '90', CODE_LOG_MAX_ROWS: '5000' },
    setUp: ({ page }, server) => registerByApi(page, server.url),
  });

  it("shows an account's code log from its edit page: newest first, who asked, from where, the HOTP counter", async () => {
    const { page, server } = session;
    const { id } = await createAccount(page, server.url, {
      service: 'Forge',
      account: 'ada',
      otp_type: 'hotp',
      secret: SECRET,
      counter: 3,
    });
    const token = await newToken(page, server.url, 'CLI');
    expect(await withToken(server.url, token, `/api/v1/twofaccounts/${id}/otp`)).toMatchObject({
      counter: 4,
    });

    // Then the user shows the code in the app: computed by the server, for this session.
    await page.goto(`${server.url}/accounts`);
    await page
      .getByRole('button', { name: /^Forge/ })
      .first()
      .click();
    const { code } = await readCode(page);
    expect(code).toBe(hotp(SECRET, 4));
    await page.keyboard.press('Escape');

    await page.goto(`${server.url}/account/${id}/edit`);
    await page.getByRole('link', { name: 'Code log' }).click();
    await page.getByRole('heading', { name: 'Code log' }).waitFor();
    const rows = page.getByRole('list', { name: 'Code log' }).getByRole('listitem');
    await rows.first().waitFor();
    await expect
      .poll(() => rows.allInnerTexts())
      .toEqual([
        expect.stringMatching(/^Web session\n.*IP address 127\.0\.0\.1 · Counter 4 · 1 read$/s),
        expect.stringMatching(/^Token “CLI”\n.*IP address 127\.0\.0\.1 · Counter 3 · 1 read$/s),
      ]);
    // Never the codes themselves.
    const text = await page.locator('body').innerText();
    expect(text).not.toContain(hotp(SECRET, 3));
    expect(text).not.toContain(code);
    // The codes come from the server here (getOtpOnRequest): every one of them is in the log.
    await expect
      .poll(() => page.getByText('Codes computed in this browser are not logged by the server.').count())
      .toBe(0);
    await screenshots(page, 'code-log');
    await expectAccessible(page, 'on the code log');

    // Codes in the list are computed in this browser: the screen says the server does not see them.
    await setSetting(page, server.url, 'getOtpOnRequest', false);
    await page.reload();
    await page.getByText('Codes computed in this browser are not logged by the server.').waitFor();
    await expectAccessible(page, 'on the code log with its note');

    await page.getByRole('link', { name: 'Back to the account' }).click();
    await page.waitForURL(`${server.url}/account/${id}/edit`);
  });

  it('shows the newest 50 codes first and the older ones on demand', async () => {
    const { page, server } = session;
    // HOTP: each code has its own counter, so each is a row of its own (TOTP codes would merge).
    const { id } = await createAccount(page, server.url, {
      service: 'Mail',
      account: 'ada',
      otp_type: 'hotp',
      secret: SECRET,
      counter: 0,
    });
    const token = await newToken(page, server.url, 'Script');
    for (let call = 0; call < 53; call += 1)
      await withToken(server.url, token, `/api/v1/twofaccounts/${id}/otp`);

    await page.goto(`${server.url}/account/${id}/code-log`);
    const rows = page.getByRole('list', { name: 'Code log' }).getByRole('listitem');
    await rows.first().waitFor();
    await expect.poll(() => rows.count()).toBe(50);
    await page.getByRole('button', { name: 'Show older entries' }).click();
    await rows.nth(52).waitFor();
    await expect.poll(() => rows.count()).toBe(53);
    await expect.poll(() => page.getByRole('button', { name: 'Show older entries' }).count()).toBe(0);
  });

  it("merges a session's reads of an account within a minute into one row with a count, and Settings says how the log is kept", async () => {
    const { page, server } = session;
    const minute = () => Math.floor(Date.now() / 60_000);
    /** Two reads of a new account; whether both fell within one minute of this machine's clock. */
    const readTwice = async (account: string) => {
      const { id } = await createAccount(page, server.url, {
        service: 'Harbor',
        account,
        otp_type: 'totp',
        secret: SECRET,
      });
      // toRefresh: the server's list, not the one kept from the last visit (which still holds the
      // account deleted before a new try, and stays on screen when the server's list differs).
      await page.goto(`${server.url}/accounts?toRefresh=true`);
      const first = minute();
      for (let read = 0; read < 2; read += 1) {
        const computed = page.waitForResponse((response) =>
          response.url().endsWith(`/api/v1/twofaccounts/${id}/otp`),
        );
        // This account's row (a new try's account is named after the try).
        await page
          .getByRole('button', { name: /^Harbor/ })
          .filter({ hasText: account })
          .click();
        expect((await computed).status()).toBe(200);
        await readCode(page);
        await page.keyboard.press('Escape');
        await page.getByRole('dialog').waitFor({ state: 'detached' });
      }
      return { id, oneMinute: minute() === first };
    };
    // The server merges per calendar minute (the server runs on this machine's clock). Two reads
    // that straddle a minute's end are two entries: then that account is deleted and the pair is
    // made again on a new one, whose reads cannot straddle the next minute's end as well.
    let account = 'ada';
    let { id, oneMinute } = await readTwice(account);
    for (let attempt = 1; !oneMinute && attempt < 3; attempt += 1) {
      await apiCall(page, 'DELETE', `${server.url}/api/v1/twofaccounts/${id}`);
      await apiCall(page, 'DELETE', `${server.url}/api/v1/trash?ids=${id}`);
      account = `ada-${attempt}`;
      ({ id, oneMinute } = await readTwice(account));
    }
    expect(oneMinute, 'two reads within one minute').toBe(true);

    await page.goto(`${server.url}/account/${id}/code-log`);
    const rows = page.getByRole('list', { name: 'Code log' }).getByRole('listitem');
    await rows.filter({ hasText: '2 reads' }).waitFor();
    await expect
      .poll(() => rows.allInnerTexts())
      .toEqual([expect.stringMatching(/^Web session\n.*IP address 127\.0\.0\.1 · 2 reads$/s)]);

    // Settings › Security says how the log is kept, with the server's own figures.
    await page.goto(`${server.url}/settings/security`);
    const section = page.getByRole('region', { name: 'Code log' });
    await section
      .getByText(
        'Reads of one account by the same session, token or proxy within a minute are merged into one entry with a count.',
        { exact: false },
      )
      .waitFor();
    await section
      .getByText('Entries are kept for 90 days, 5,000 entries at most: the oldest are removed first.')
      .waitFor();
    await section.getByText('Entries stay in the log after their account is deleted.').waitFor();
    const recent = section.getByRole('list', { name: 'Recent entries' }).getByRole('listitem');
    await recent
      .filter({ hasText: `Harbor · ${account}` })
      .filter({ hasText: '2 reads' })
      .waitFor();
    await expectAccessible(page, 'on the security settings with the code log');

    // Deleted for good: the entry stays, marked.
    await apiCall(page, 'DELETE', `${server.url}/api/v1/twofaccounts/${id}`);
    await apiCall(page, 'DELETE', `${server.url}/api/v1/trash?ids=${id}`);
    await page.reload();
    await recent
      .filter({ hasText: `Harbor · ${account} (deleted)` })
      .filter({ hasText: '2 reads' })
      .waitFor();
    await expect.poll(() => recent.filter({ hasText: `Harbor · ${account}` }).count()).toBe(1);
  }, 120_000);

  it('lists when and from where each token was last used, "never used", and its expiry, in the language and timezone chosen', async () => {
    const { page, server } = session;
    const used = await newToken(page, server.url, 'Phone app');
    await newToken(page, server.url, 'Old script');
    await withToken(server.url, used, '/api/v1/user');
    // The last use is written after the answer: wait until the server has it.
    await expect
      .poll(async () => {
        const list = (await apiCall(
          page,
          'GET',
          `${server.url}/oauth/personal-access-tokens?withUsage=1`,
        )) as {
          name: string;
          last_used_at: string | null;
        }[];
        return list.find((item) => item.name === 'Phone app')?.last_used_at ?? null;
      })
      .not.toBeNull();
    await apiCall(page, 'PUT', `${server.url}/api/v1/user/preferences/timezone`, { value: 'Asia/Tokyo' });

    await page.goto(`${server.url}/settings/oauth`);
    await page.getByRole('list', { name: 'Personal access tokens' }).waitFor();
    const phone = page.getByRole('listitem').filter({ hasText: 'Phone app' });
    const script = page.getByRole('listitem').filter({ hasText: 'Old script' });
    await phone.getByText('Last used this minute from 127.0.0.1').waitFor();
    await phone.getByText('Expires in 12 months').waitFor();
    await script.getByText('Never used').waitFor();
    await expect.poll(() => script.getByText(/^Last used/).count()).toBe(0);
    await screenshots(page, 'settings-tokens-usage');
    await expectAccessible(page, 'on the tokens with their usage');

    // The exact moment, on hover, is in the timezone preference (Tokyo, not the browser's UTC).
    const expiry = phone.locator('time', { hasText: 'Expires' });
    const [title, inTokyo, inUtc] = await expiry.evaluate((element) => {
      const date = new Date(element.getAttribute('datetime')!);
      const format = (timeZone: string) =>
        new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(date);
      return [element.getAttribute('title'), format('Asia/Tokyo'), format('UTC')];
    });
    expect(title).toBe(inTokyo);
    expect(inTokyo).not.toBe(inUtc);

    await apiCall(page, 'PUT', `${server.url}/api/v1/user/preferences/lang`, { value: 'fr' });
    await page.reload();
    await phone.getByText('Expire dans 12 mois').waitFor();
    await script.getByText('Jamais utilisé').waitFor();
  });
});
