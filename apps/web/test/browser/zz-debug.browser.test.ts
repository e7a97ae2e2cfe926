import { it } from 'vitest';
import { writeFileSync } from 'node:fs';
import jsQR from 'jsqr';
import { launchBrowser, startServer } from './harness';
import { qrY4m, signUp, SECRET } from './accounts-helpers';
it('debug', async () => {
  const server = await startServer();
  const video = qrY4m(`otpauth://totp/Scanned:jane?secret=${SECRET}&issuer=Scanned`, 'dbg');
  const browser = await launchBrowser({ args: ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${video}`] });
  const { page } = browser;
  page.on('console', (m) => console.log('CONSOLE', m.text()));
  page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
  await signUp(page, server.url);
  await page.goto(`${server.url}/about`);
  const result = await page.evaluate(async () => {
    const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } } });
    const v = document.createElement('video'); v.muted = true; v.srcObject = stream; await v.play();
    await new Promise((r) => setTimeout(r, 1000));
    const c = document.createElement('canvas'); c.width = v.videoWidth; c.height = v.videoHeight;
    const ctx = c.getContext('2d')!; ctx.drawImage(v, 0, 0);
    const d = ctx.getImageData(0, 0, c.width, c.height);
    return { w: c.width, h: c.height, px: Array.from(d.data), bd: 'BarcodeDetector' in globalThis };
  });
  console.log('SIZE', result.w, result.h, 'BarcodeDetector', result.bd, 'first px', result.px.slice(0, 8));
  const data = new Uint8ClampedArray(result.px);
  for (const mode of ['dontInvert', 'onlyInvert', 'attemptBoth'] as const) console.log('MODE', mode, jsQR(data, result.w, result.h, { inversionAttempts: mode })?.data);
  await browser.close(); await server.stop();
}, 120000);
