import { afterAll, beforeAll, describe, it } from 'vitest';
import { qrPng, SECRET, signUp } from './accounts-helpers';
import { expectAccessible } from './axe';
import { launchBrowser, startResettableServer, type BrowserSession, type ResettableServer } from './harness';

describe('the camera refused: the QR code from a picture instead', () => {
  let server: ResettableServer;
  let browser: BrowserSession;

  beforeAll(async () => {
    server = await startResettableServer();
    browser = await launchBrowser({
      args: ['--use-fake-device-for-media-stream', '--deny-permission-prompts'],
    });
    await signUp(browser.page, server.url);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the failure offers an upload, which leads to the new account form', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/start`);
    await page.getByRole('button', { name: 'Scan a QR code' }).click();
    await page.waitForURL(/\/capture$/);
    await page.getByRole('alert').filter({ hasText: 'Camera access was not granted' }).waitFor();
    await expectAccessible(page, 'on the camera failure');
    const image = await qrPng(`otpauth://totp/Pictured:jane?secret=${SECRET}&issuer=Pictured`, 'pictured');
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload a QR code image' }).click();
    await (await chooser).setFiles(image);
    await page.waitForURL(/\/account\/create$/);
    await page.getByText('Pictured', { exact: true }).waitFor();
  });
});
