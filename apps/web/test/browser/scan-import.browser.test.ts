import { describe, expect, it } from 'vitest';
import { screenshots } from './harness';
import {
  apiCall,
  createAccount,
  hotp,
  migrationUri,
  qrPng,
  qrY4m,
  readCode,
  SECRET,
  steam,
  totp,
} from './accounts-helpers';
import { registerByApi } from './identity';
import { perTestSessions, type PerTestOptions } from './per-test';

const SCANNED_URI = `otpauth://totp/Scanned:jane?secret=${SECRET}&issuer=Scanned`;

/** Each test starts signed in, with no account, in a browser with these switches. */
function signedInSessions(browserArgs: PerTestOptions['browserArgs']) {
  return perTestSessions({ browserArgs, setUp: ({ page }, server) => registerByApi(page, server.url) });
}

describe('adding accounts from QR codes: live scan, upload, Google migration', () => {
  // Chromium's fake camera plays this video: a QR code holding an otpauth URI.
  const video = qrY4m(SCANNED_URI, 'scanned');
  const session = signedInSessions([
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    `--use-file-for-fake-video-capture=${video}`,
  ]);

  const list = () => session.page.getByRole('list', { name: 'Accounts' });

  it('adds an account by scanning its QR code with the camera', { timeout: 90_000 }, async () => {
    const { page, server } = session;
    await page.goto(`${server.url}/start`);
    await page.getByRole('button', { name: 'Scan a QR code' }).click();
    // The camera decodes the code and the quick form opens with the scanned URI.
    await page.waitForURL(/\/account\/create$/, { timeout: 45_000 }).catch(async (error: unknown) => {
      console.log('URL at failure', page.url());
      await screenshots(page, 'scan-failure');
      throw error;
    });
    // The scanned URI travels in memory, never in the address.
    expect(new URL(page.url()).search).toBe('');
    await page.getByText('Scanned', { exact: true }).waitFor();
    const { code, before, after } = await readCode(page, page.locator('.quick-card'));
    expect([totp(SECRET, before), totp(SECRET, after)]).toContain(code);
    await screenshots(page, 'quick-form');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/accounts/);
    await list()
      .getByRole('button', { name: /Scanned/ })
      .first()
      .waitFor();
  });

  it('adds an account by uploading a QR code image', async () => {
    const { page, server } = session;
    const image = await qrPng(
      `otpauth://hotp/Uploaded:jane?secret=${SECRET}&issuer=Uploaded&counter=3`,
      'uploaded',
    );
    // The start screen of someone who has accounts already: it offers a way back.
    await createAccount(page, server.url, {
      service: 'Existing',
      account: 'jane',
      otp_type: 'totp',
      secret: SECRET,
    });
    await page.goto(`${server.url}/start`);
    await page.getByRole('link', { name: 'Back' }).waitFor();
    await screenshots(page, 'start');
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload a QR code image' }).click();
    await (await chooser).setFiles(image);
    await page.waitForURL(/\/account\/create$/);
    await page.getByText('Uploaded', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/accounts/);
    await list()
      .getByRole('button', { name: /Uploaded/ })
      .first()
      .click();
    await page.getByRole('dialog').getByText('Counter: 4').waitFor();
    expect((await readCode(page)).code).toBe(hotp(SECRET, 3));
    await page.keyboard.press('Escape');
  });

  it('reads a Steam QR code written as otpauth://steam/ (Aegis), in any letter case', async () => {
    const { page, server } = session;
    const image = await qrPng(`OTPAUTH://Steam/Valve:gamer?secret=${SECRET}&issuer=Valve&digits=5`, 'steam');
    await page.goto(`${server.url}/start`);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload a QR code image' }).click();
    await (await chooser).setFiles(image);
    await page.waitForURL(/\/account\/create$/);
    await page.getByText('Steam', { exact: true }).waitFor();
    const { code, before, after } = await readCode(page, page.locator('.quick-card'));
    expect([steam(SECRET, before), steam(SECRET, after)]).toContain(code);
  });

  it('warns about a QR code that holds no OTP resource', async () => {
    const { page, server } = session;
    const image = await qrPng('https://example.com/hello', 'not-otp');
    await page.goto(`${server.url}/start`);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload a QR code image' }).click();
    await (await chooser).setFiles(image);
    await page.getByRole('alert').filter({ hasText: 'No valid OTP resource in this QR code' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/start');
  });

  it('imports a Google Authenticator migration: a duplicate, an invalid row, previews, one by one', async () => {
    const { page, server } = session;
    await createAccount(page, server.url, {
      service: 'service',
      account: 'account',
      otp_type: 'totp',
      secret: SECRET,
    });
    const migration = migrationUri([
      { secret: SECRET, name: 'account', issuer: 'service', type: 2 },
      { secret: SECRET, name: 'account_bis', issuer: 'service_bis', type: 2 },
      { secret: SECRET, name: 'broken', issuer: 'Nowhere', type: 3 },
      { secret: SECRET, name: 'third', issuer: 'Third', type: 2 },
    ]);
    const image = await qrPng(migration, 'migration');
    await page.goto(`${server.url}/start`);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload a QR code image' }).click();
    await (await chooser).setFiles(image);
    await page.waitForURL(/\/account\/import$/);
    await page.getByText('3 valid accounts found').waitFor();
    const rows = page.getByRole('list', { name: 'Accounts found' }).getByRole('listitem');
    await expect.poll(() => rows.count()).toBe(4);
    await rows.filter({ hasText: 'account_bis' }).waitFor();
    await rows.filter({ hasText: 'Possible duplicate' }).filter({ hasText: 'service' }).waitFor();
    const broken = rows.filter({ hasText: 'broken' });
    await broken.getByText('Unsupported OTP type').waitFor();
    // The invalid row can be neither imported nor previewed.
    await expect.poll(() => broken.getByRole('button', { name: /^Import/ }).count()).toBe(0);
    expect(
      await broken.getByRole('button', { name: 'Preview the code of Nowhere (broken)' }).isDisabled(),
    ).toBe(true);
    // 'Import all' leaves the duplicate out unless it is ticked.
    await page.getByRole('button', { name: 'Import 2, skip 1 duplicate' }).waitFor();
    await page.getByRole('button', { name: 'Cancel' }).waitFor();
    await screenshots(page, 'import');

    // Preview one code.
    await page.getByRole('button', { name: 'Preview the code of service_bis (account_bis)' }).click();
    const { code, before, after } = await readCode(page);
    expect([totp(SECRET, before), totp(SECRET, after)]).toContain(code);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

    // Discard the duplicate, import one row alone, then the rest.
    await page.getByRole('button', { name: 'Discard the duplicate (1)' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Discard' }).click();
    await expect.poll(() => rows.count()).toBe(3);
    await page.getByRole('button', { name: 'Import Third (third)' }).click();
    await rows.filter({ hasText: 'third' }).getByText('Imported').waitFor();
    await page.getByRole('button', { name: 'Import all (1)' }).click();
    await rows.filter({ hasText: 'account_bis' }).getByText('Imported').waitFor();
    // Nothing importable is left: the footer reads Close.
    await page.getByRole('button', { name: 'Close' }).waitFor();
    await screenshots(page, 'import-done');
    await page.getByRole('button', { name: 'Close' }).click();
    await page.waitForURL(/\/accounts/);
    await list()
      .getByRole('button', { name: /service_bis/ })
      .first()
      .waitFor();
    const stored = (await apiCall(page, 'GET', `${server.url}/api/v1/twofaccounts`)) as { service: string }[];
    // The account made before, and the two rows imported: not the duplicate, not the invalid row.
    expect(stored.map((account) => account.service).sort()).toEqual(
      ['Third', 'service', 'service_bis'].sort(),
    );
  });

  it('imports an otpauth list from a file', async () => {
    const { page, server } = session;
    await page.goto(`${server.url}/account/import`);
    const file = `${await qrPng('x', 'unused')}.txt`;
    const { writeFileSync } = await import('node:fs');
    writeFileSync(file, `otpauth://totp/Listed:one?secret=${SECRET}&issuer=Listed\n`);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload an export file' }).click();
    await (await chooser).setFiles(file);
    await page.getByText('1 valid account found').waitFor();
    await page.getByRole('button', { name: 'Import all (1)' }).click();
    await page.getByRole('list', { name: 'Accounts found' }).getByText('Imported').waitFor();
  });
});

describe('the camera, when it is refused', () => {
  const session = signedInSessions(['--use-fake-device-for-media-stream', '--deny-permission-prompts']);

  it('says why and what to do, and Cancel goes back', async () => {
    const { page, server } = session;
    await page.goto(`${server.url}/start`);
    await page.getByRole('button', { name: 'Scan a QR code' }).click();
    await page.waitForURL(/\/capture$/);
    const alert = page.getByRole('alert').filter({ hasText: 'Camera access was not granted' });
    await alert.waitFor();
    await alert
      .getByText("Allow this site to use the camera in your browser's settings, then try again.")
      .waitFor();
    await screenshots(page, 'capture-denied');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(/\/start$/);
  });
});
