/*
 * Builds the Google Authenticator "Transfer accounts" screenshots used as fixtures:
 * `node scripts/make-transfer-screenshots.mjs` from packages/import (needs the built @twofold/otp
 * and Chromium at CHROMIUM_PATH or /usr/bin/chromium). An HTML page in the layout of the app's
 * export screen (app bar, busy list and wallpaper behind, the QR code on its white card, "1 of 1",
 * the Next button) is rendered by Chromium through playwright-core at 360×800 CSS pixels × 3, the
 * resolution of a 1080×2400 phone, in light and dark mode. The QR code holds a real
 * `otpauth-migration://` payload (two accounts) and is drawn small: 64 CSS pixels (192 pixels of the 1080-pixel-wide screenshot).
 */
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
import { qrToSvgDataUri } from '@twofold/otp';

const require = createRequire(new URL('../../../apps/web/package.json', import.meta.url));
const { chromium } = require('playwright-core');

export const PAYLOAD =
  'otpauth-migration://offline?data=CiQKCgcNEp61iE2P0RYSB2FjY291bnQaB3NlcnZpY2UgASgBMAIKLAoKBw0SnrWITY/RFhILYWNjb3VudF9iaXMaC3NlcnZpY2VfYmlzIAEoATACEAEYASAA';

const qr = qrToSvgDataUri(PAYLOAD);
if (!qr.ok) throw new Error('QR encoding failed');

const page = (dark) => `<!doctype html><html><head><style>
  body { margin: 0; font-family: sans-serif; height: 800px; overflow: hidden;
    background: ${dark ? 'radial-gradient(circle at 20% 30%, #3b2a5a, #101418 60%), #101418' : 'radial-gradient(circle at 70% 20%, #d9e7ff, #f7f2fa 55%), #f7f2fa'};
    color: ${dark ? '#e3e3e3' : '#1f1f1f'}; }
  .status { height: 24px; display: flex; justify-content: space-between; padding: 0 16px; font-size: 12px; align-items: center; }
  .bar { height: 56px; display: flex; align-items: center; gap: 24px; padding: 0 16px; font-size: 20px; }
  .list { position: absolute; top: 80px; inset-inline: 0; opacity: 0.35; }
  .row { display: flex; gap: 12px; padding: 10px 16px; }
  .dot { width: 36px; height: 36px; border-radius: 50%; background: hsl(var(--h), 60%, 55%); }
  .code { font-size: 28px; letter-spacing: 2px; color: ${dark ? '#a8c7fa' : '#0b57d0'}; }
  .sheet { position: absolute; top: 150px; inset-inline: 16px; border-radius: 28px; padding: 20px;
    background: ${dark ? 'rgba(30, 31, 34, 0.94)' : 'rgba(255, 255, 255, 0.94)'}; text-align: center; }
  .sheet h2 { font-weight: 400; font-size: 22px; margin: 8px 0; }
  .sheet p { font-size: 13px; line-height: 1.4; }
  .card { display: inline-block; background: #fff; padding: 8px; border-radius: 8px; }
  .card img { width: 64px; height: 64px; display: block; }
  .next { position: absolute; bottom: 40px; inset-inline-end: 24px; border-radius: 20px; padding: 10px 24px;
    background: ${dark ? '#a8c7fa' : '#0b57d0'}; color: ${dark ? '#062e6f' : '#fff'}; }
</style></head><body>
  <div class="status"><span>12:45</span><span>▲ ◆ 87%</span></div>
  <div class="bar"><span>←</span><span>Transfer accounts</span></div>
  <div class="list">${Array.from({ length: 12 }, (_, i) => `<div class="row" style="--h:${i * 37}"><div class="dot"></div><div><div>Service ${i + 1}: someone${i}@example.com</div><div class="code">${String(100000 + i * 7919).slice(0, 3)} ${String(100000 + i * 7919).slice(3)}</div></div></div>`).join('')}</div>
  <div class="sheet">
    <h2>Scan this QR code</h2>
    <p>On your new device, open Google Authenticator and choose Import existing accounts, then scan this QR code.</p>
    <div class="card"><img alt="" src="${qr.value}"></div>
    <p>1 of 1</p>
    <p>Exporting 2 accounts</p>
  </div>
  <div class="next">Next</div>
</body></html>`;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
for (const dark of [false, true]) {
  const context = await browser.newContext({ viewport: { width: 360, height: 800 }, deviceScaleFactor: 3 });
  const tab = await context.newPage();
  await tab.setContent(page(dark));
  const png = await tab.screenshot({ type: 'png' });
  writeFileSync(
    new URL(`../test/fixtures/screenshots/google_transfer_${dark ? 'dark' : 'light'}.png`, import.meta.url),
    png,
  );
  await context.close();
}
await browser.close();
