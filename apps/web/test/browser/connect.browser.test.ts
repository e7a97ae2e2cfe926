import { describe, expect, it } from 'vitest';
import { setSetting } from './accounts-helpers';
import { screenshots } from './harness';
import { registerByApi, registerSignedOut, USER } from './identity';
import { perTestSessions } from './per-test';

interface Started {
  readonly device_code: string;
  readonly user_code: string;
  readonly verification_uri_complete: string;
}

/** What the extension does first: starts a pairing, without credentials. */
async function startPairing(baseUrl: string, clientName: string): Promise<Started> {
  const response = await fetch(`${baseUrl}/api/v1/device-authorizations`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ client_name: clientName, scope: 'codes' }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as Started;
}

/** The extension's poll. */
async function poll(baseUrl: string, deviceCode: string) {
  const response = await fetch(`${baseUrl}/api/v1/device-authorizations/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ device_code: deviceCode }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('connect a browser extension', () => {
  const session = perTestSessions();

  it('approves a pairing: the device gets a `codes` token listed in Settings under the given name', async () => {
    const { page, server } = session;
    await registerByApi(page, server.url);
    const started = await startPairing(server.url, 'Twofold for Chromium');
    expect(started.verification_uri_complete).toBe(`${server.url}/connect?code=${started.user_code}`);

    await page.goto(started.verification_uri_complete);
    await page.getByRole('heading', { name: 'Connect a browser extension' }).waitFor();
    await page.getByText('Twofold for Chromium asks to connect to your Twofold.').waitFor();
    await expect.poll(() => page.getByLabel('Code to compare').innerText()).toBe(started.user_code);
    const name = page.getByLabel('Device name', { exact: true });
    await expect.poll(() => name.inputValue()).toBe('Twofold for Chromium');
    await name.fill('Work laptop');
    await screenshots(page, 'connect-pending');

    await page.getByRole('button', { name: 'Approve' }).click();
    // Approving is a sensitive action: who the user is, confirmed first.
    const confirm = page.getByRole('group', { name: 'Confirm' });
    await confirm.getByLabel('Password', { exact: true }).fill(USER.password);
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('status').getByRole('heading', { name: 'Device connected' }).waitFor();
    await page.getByText('You can close this tab.').waitFor();

    const { status, body } = await poll(server.url, started.device_code);
    expect(status).toBe(200);
    expect(body).toMatchObject({ token_type: 'Bearer', scope: 'codes', token_name: 'Work laptop' });
    expect(typeof body.access_token).toBe('string');

    await page.goto(`${server.url}/settings/oauth`);
    // Listed under the given name, and revocable there.
    await page.getByRole('button', { name: 'Revoke Work laptop' }).waitFor();
  });

  it('denies a pairing: the device hears access_denied', async () => {
    const { page, server } = session;
    await registerByApi(page, server.url);
    const started = await startPairing(server.url, 'Twofold CLI');
    await page.goto(`${server.url}/connect`);
    await page.getByLabel('Code', { exact: true }).fill(started.user_code.toLowerCase());
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Twofold CLI asks to connect to your Twofold.').waitFor();
    await page.getByRole('button', { name: 'Deny' }).click();
    await page.getByRole('status').getByRole('heading', { name: 'Connection denied' }).waitFor();
    const { status, body } = await poll(server.url, started.device_code);
    expect(status).toBe(400);
    expect(body.error).toBe('access_denied');
  });

  it('in German: the formal register, and the expiry time in the app language, not the browser’s (en-US)', async () => {
    const { page, server } = session;
    await registerByApi(page, server.url);
    await setSetting(page, server.url, 'lang', 'de');
    const started = await startPairing(server.url, 'Twofold CLI');
    await page.goto(started.verification_uri_complete);
    await page.getByText('Twofold CLI möchte sich mit Ihrem Twofold verbinden.').waitFor();
    await page
      .getByText('Prüfen Sie, ob dieser Code der ist, den Ihr Gerät anzeigt. Wenn nicht, lehnen Sie ab.')
      .waitFor();
    // German writes 24-hour times (`14:05`); the browser's en-US would say `2:05 PM`.
    const expiry = page.getByText(/^Diese Anfrage läuft um .+ ab\.$/);
    await expect.poll(() => expiry.innerText()).toMatch(/^Diese Anfrage läuft um \d{2}:\d{2} ab\.$/);
    await screenshots(page, 'connect-pending-de');
  });

  it('an unknown code says so and asks for another', async () => {
    const { page, server } = session;
    await registerByApi(page, server.url);
    await page.goto(`${server.url}/connect?code=BCDF-GHJK`);
    await page.getByRole('alert').filter({ hasText: 'This code is unknown or has expired.' }).waitFor();
    await page.getByLabel('Code', { exact: true }).waitFor();
    await screenshots(page, 'connect-unknown');
  });

  it('signed out: signing in comes back to the page with its code', async () => {
    const { page, server } = session;
    await registerSignedOut(page, server.url);
    const started = await startPairing(server.url, 'Twofold for Firefox');
    await page.goto(started.verification_uri_complete);
    await page.waitForURL(/\/login/);
    await page.getByLabel('Email', { exact: true }).fill(USER.email);
    await page.getByLabel('Password', { exact: true }).fill(USER.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('Twofold for Firefox asks to connect to your Twofold.').waitFor();
    await expect.poll(() => new URL(page.url()).searchParams.get('code')).toBe(started.user_code);
  });
});
