import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { screenshots } from './harness';
import {
  accountsOnServerSettings,
  choiceShown,
  createAccount,
  qrPng,
  SECRET,
  setSetting,
} from './accounts-helpers';
import { registerByApi } from './identity';
import { perTestSessions } from './per-test';

describe('start and capture rules, camera failures, invalid QR content, global 418', () => {
  // Each test starts signed in, with no account.
  const session = perTestSessions({
    clipboard: true,
    setUp: async ({ page }, server) => {
      // Camera failures are simulated: when localStorage says so, getUserMedia fails with that
      // error ('unsupported': no mediaDevices at all).
      await page.addInitScript(simulateCameraFailure);
      await registerByApi(page, server.url);
    },
  });

  /** The one account of the tests that need the accounts screen. */
  const createFirst = () =>
    createAccount(session.page, session.server.url, {
      service: 'First',
      account: 'one',
      secret: SECRET,
      otp_type: 'totp',
    });

  function simulateCameraFailure(): void {
    const failure = window.localStorage.getItem('test:cameraFailure');
    if (!failure) return;
    if (failure === 'unsupported') {
      Object.defineProperty(Navigator.prototype, 'mediaDevices', {
        get: () => undefined,
        configurable: true,
      });
      return;
    }
    const devices = navigator.mediaDevices;
    devices.getUserMedia = () => Promise.reject(new DOMException('simulated', failure));
  }

  const scanButton = () => session.page.getByRole('button', { name: 'Scan a QR code' });

  it("shows 'No 2FA here!' and no back button at 0 accounts; a back button and no such header once there are accounts", async () => {
    const { page, server } = session;
    await page.goto(`${server.url}/start`);
    await page.getByRole('heading', { name: 'No 2FA here!' }).waitFor();
    await scanButton().waitFor();
    await expect.poll(() => page.getByRole('link', { name: 'Back' }).count()).toBe(0);
    await screenshots(page, 'start-empty');

    await createFirst();
    await page.goto(`${server.url}/start`);
    await page.getByRole('heading', { name: 'Add an account' }).waitFor();
    await page.getByRole('link', { name: 'Back' }).waitFor();
    await expect.poll(() => page.getByRole('heading', { name: 'No 2FA here!' }).count()).toBe(0);
  });

  it('the basic QR code reader turns the big scan button into an upload', async () => {
    const { page, server } = session;
    await setSetting(page, server.url, 'useBasicQrcodeReader', true);
    await page.goto(`${server.url}/start`);
    const upload = page.getByRole('button', { name: 'Upload a QR code', exact: true });
    await upload.waitFor();
    await expect.poll(() => scanButton().count()).toBe(0);
    // The separate upload button is not repeated.
    await expect.poll(() => page.getByRole('button', { name: 'Upload a QR code image' }).count()).toBe(0);
    await screenshots(page, 'start-basic-reader');
    const chooser = page.waitForEvent('filechooser');
    await upload.click();
    await chooser;
    expect(new URL(page.url()).pathname).toBe('/start');
  });

  it("direct capture: 'upload' opens the file chooser by itself, 'livescan' goes straight to the camera", async () => {
    const { page, server } = session;
    // The accounts screen (its New button) needs an account.
    await createFirst();
    await setSetting(page, server.url, 'useDirectCapture', true);
    await setSetting(page, server.url, 'defaultCaptureMode', 'upload');
    await accountsOnServerSettings(
      page,
      server.url,
      choiceShown('Default capture mode', 'Upload a QR code image'),
    );
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'New' }).click();
    await page.waitForURL(/\/start/);
    const fileChooser = await chooser;
    const image = await qrPng(`otpauth://totp/Direct:jane?secret=${SECRET}&issuer=Direct`, 'direct');
    await fileChooser.setFiles(image);
    await page.waitForURL(/\/account\/create$/);
    await page.getByText('Direct', { exact: true }).waitFor();

    await setSetting(page, server.url, 'defaultCaptureMode', 'livescan');
    await accountsOnServerSettings(
      page,
      server.url,
      choiceShown('Default capture mode', 'Scan with the camera'),
    );
    await page.getByRole('button', { name: 'New' }).click();
    await page.waitForURL(/\/capture$/);
    await page.getByRole('button', { name: 'Cancel' }).waitFor();
  });

  it('an image pasted on the start screen is decoded as an uploaded one', async () => {
    const { page, server } = session;
    await page.goto(`${server.url}/start`);
    await page.getByRole('heading', { name: 'No 2FA here!' }).waitFor();
    const png = readFileSync(
      await qrPng(`otpauth://totp/Pasted:jane?secret=${SECRET}&issuer=Pasted`, 'pasted'),
    );
    // What a paste of a copied image dispatches: a paste event whose data holds the file.
    await page.evaluate(
      (bytes) => {
        const data = new DataTransfer();
        data.items.add(new File([new Uint8Array(bytes)], 'qr.png', { type: 'image/png' }));
        document.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
      },
      [...png],
    );
    await page.waitForURL(/\/account\/create$/);
    await page.getByText('Pasted', { exact: true }).waitFor();
  });

  const failures = [
    {
      error: 'NotFoundError',
      reason: 'No camera was found',
      solution: 'Connect a camera, or upload a picture of the QR code instead.',
    },
    {
      error: 'NotReadableError',
      reason: 'The camera cannot be read, it may be in use',
      solution: 'Close the other apps or tabs using the camera, then try again.',
    },
    {
      error: 'OverconstrainedError',
      reason: 'No suitable camera was found',
      solution: 'Try another camera or device, or upload a picture of the QR code instead.',
    },
    {
      error: 'unsupported',
      reason: 'This browser cannot stream the camera',
      solution: 'Use an up-to-date browser, or upload a picture of the QR code instead.',
    },
  ];

  for (const failure of failures) {
    it(`camera failure ${failure.error}: its reason and solution`, async () => {
      const { page, server } = session;
      await page.goto(`${server.url}/start`);
      await page.evaluate((value) => window.localStorage.setItem('test:cameraFailure', value), failure.error);
      await page.reload();
      await scanButton().click();
      await page.waitForURL(/\/capture$/);
      const alert = page.getByRole('alert');
      await alert.getByRole('heading', { name: failure.reason }).waitFor();
      await alert.getByText(failure.solution).waitFor();
      if (failure.error === 'NotFoundError') await screenshots(page, 'capture-no-camera');
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.waitForURL(/\/start$/);
    });
  }

  it('an otpauth URI without a label is refused with the server message', async () => {
    const { page, server } = session;
    await page.goto(`${server.url}/start`);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload a QR code image' }).click();
    await (await chooser).setFiles(await qrPng('otpauth://totp/?secret=', 'no-label'));
    await page.getByText('The uri must have a label.').waitFor();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL(/\/start/);
  });

  it('a QR code that looks like an otpauth URI but is not valid opens the invalid-URI modal', async () => {
    const { page, server } = session;
    // A malformed escape in the label: a 422 on uri from the preview.
    const content = `otpauth://totp/Bad%E0%A4%A:jane?secret=${SECRET}`;
    await page.goto(`${server.url}/start`);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload a QR code image' }).click();
    await (await chooser).setFiles(await qrPng(content, 'invalid-otpauth'));
    const dialog = page.getByRole('dialog', { name: 'The data of this QR code is not a valid OTP Auth URI' });
    await dialog.waitFor();
    await dialog.getByText(content, { exact: true }).waitFor();
    // Not a web address: nothing to open.
    await expect.poll(() => dialog.getByRole('link', { name: 'Open in the browser' }).count()).toBe(0);
    await screenshots(page, 'invalid-uri-modal');
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await page.getByRole('status').filter({ hasText: 'Copied to clipboard' }).waitFor();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(content);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('a web address in the QR code of the advanced form can be opened in the browser', async () => {
    const { page, server } = session;
    const content = 'https://example.com/setup?step=2';
    await page.goto(`${server.url}/account/create`);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Fill in from a QR code image' }).click();
    await (await chooser).setFiles(await qrPng(content, 'invalid-url'));
    const dialog = page.getByRole('dialog', { name: 'The data of this QR code is not a valid OTP Auth URI' });
    await dialog.getByText(content, { exact: true }).waitFor();
    const open = dialog.getByRole('link', { name: 'Open in the browser' });
    await expect.poll(() => open.getAttribute('href')).toBe(content);
    await expect.poll(() => open.getAttribute('target')).toBe('_blank');
    await screenshots(page, 'invalid-uri-modal-url');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it("any API 418 ('inactivity detected') sends the SPA to the autolock screen", async () => {
    const { page, server } = session;
    await createFirst();
    await page.goto(`${server.url}/accounts`);
    await page
      .getByRole('list', { name: 'Accounts' })
      .getByRole('button', { name: /First/ })
      .first()
      .waitFor();
    await page.route(
      (url) => url.pathname.startsWith('/api/v1/'),
      (route) =>
        route.fulfill({
          status: 418,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'inactivity detected' }),
        }),
      { times: 1 },
    );
    // Opening the account's code asks the server (its answer is the 418).
    await page.getByRole('list', { name: 'Accounts' }).getByRole('button', { name: /First/ }).first().click();
    await page.waitForURL(/\/autolock$/);
    await page.getByRole('heading', { name: 'Locked for inactivity' }).waitFor();
  });
});
