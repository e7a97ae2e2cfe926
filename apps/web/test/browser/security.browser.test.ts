import { describe, expect, it } from 'vitest';
import { screenshots } from './harness';
import { registerByApi, USER } from './identity';
import { perTestSessions } from './per-test';

/** Cookies of a response, as one `Cookie` header (name=value pairs). */
function cookiesOf(response: Response, previous = ''): string {
  const jar = new Map(
    previous ? previous.split('; ').map((pair) => pair.split('=') as [string, string]) : [],
  );
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const [name, ...value] = pair!.split('=');
    jar.set(name!, value.join('='));
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

/** Another device: a password sign-in outside the browser, with its own user agent. */
async function signInElsewhere(baseUrl: string): Promise<string> {
  const userAgent = 'Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0';
  const first = await fetch(`${baseUrl}/refresh-csrf`, { headers: { 'user-agent': userAgent } });
  let cookie = cookiesOf(first);
  const login = await fetch(`${baseUrl}/user/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-xsrf-token': await first.text(),
      'user-agent': userAgent,
      cookie,
    },
    body: JSON.stringify({ email: USER.email, password: USER.password }),
  });
  expect(login.status).toBe(200);
  cookie = cookiesOf(login, cookie);
  return cookie;
}

const userStatus = async (baseUrl: string, cookie: string) =>
  (await fetch(`${baseUrl}/api/v1/user`, { headers: { cookie } })).status;

describe('security settings', () => {
  const session = perTestSessions({ setUp: ({ page }, server) => registerByApi(page, server.url) });

  it('lists the open sessions and ends another one: its next request is refused', async () => {
    const { page, server } = session;
    const elsewhere = await signInElsewhere(server.url);
    await expect.poll(() => userStatus(server.url, elsewhere)).toBe(200);

    await page.goto(`${server.url}/settings/security`);
    const sessions = page.getByRole('list', { name: 'Open sessions' });
    await sessions.getByText('(this session)').waitFor();
    await sessions.getByRole('listitem').filter({ hasText: 'Firefox, Linux' }).waitFor();
    await screenshots(page, 'settings-security');

    await page.getByRole('button', { name: 'End session Firefox, Linux' }).click();
    await page.getByRole('status').filter({ hasText: 'Session ended' }).waitFor();
    await expect.poll(() => userStatus(server.url, elsewhere)).toBe(401);
    await expect.poll(() => sessions.getByRole('listitem').count()).toBe(1);

    // The sign-in log shows both sign-ins, and the ended one closed.
    const log = page.getByRole('list', { name: 'Sign-in log' });
    await log.getByText('Signed in, then out · Firefox, Linux').waitFor();
  });

  it('shows failed sign-ins in the log, filtered by month', async () => {
    const { page, server } = session;
    const first = await fetch(`${server.url}/refresh-csrf`);
    await fetch(`${server.url}/user/login`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-xsrf-token': await first.text(),
        cookie: cookiesOf(first),
      },
      body: JSON.stringify({ email: USER.email, password: 'not the password' }),
    });
    await page.goto(`${server.url}/settings/security`);
    const log = page.getByRole('list', { name: 'Sign-in log' });
    await log.getByText(/^Failed sign-in/).waitFor();
    await page.getByLabel('Show').selectOption({ label: 'last 12 months' });
    await log.getByText(/^Failed sign-in/).waitFor();
  });
});
