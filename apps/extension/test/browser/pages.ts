// The sign-in pages the browser test visits, served by the test on real-looking domains
// (github.test, githab.test: the browser maps *.test to this machine). A form post is counted,
// never answered with a new page, so a test can say that nothing was submitted.
import { createServer, type Server } from 'node:http';
import { qrToPng } from '@twofold/otp';

const GITHUB = `<!doctype html><title>Two-factor</title>
<form action="/submitted" method="post"><label for="app_totp">Authentication code</label>
<input type="text" name="app_otp" id="app_totp" autocomplete="one-time-code" inputmode="numeric" style="width: 240px">
<button type="submit">Verify</button></form>`;

const SPLIT = `<!doctype html><title>Split</title><form action="/submitted" method="post"><div class="code">
${Array.from({ length: 6 }, (_, i) => `<input maxlength="1" inputmode="numeric" aria-label="Digit ${i + 1}">`).join('')}
</div><button type="submit">Verify</button></form>`;

const FRAME = `<!doctype html><title>Frame</title><p>Sign in</p><iframe src="/inner" style="width: 400px; height: 200px"></iframe>`;

const TWO = `<!doctype html><title>Two</title><form role="search"><input type="search" name="q" placeholder="Search"></form>
<form action="/submitted" method="post"><label for="sms">Code sent by text message</label><input id="sms" name="sms_code" maxlength="6">
<label for="app">Authentication code</label><input id="app" name="app_otp" autocomplete="one-time-code"><button>Verify</button></form>`;

/** A page where a QR code is a small part of a wide screen, as a site's 2FA set-up shows it. */
const qrPage = (image: string) => `<!doctype html><title>Set up two-factor</title>
<main style="display: flex; gap: 48px; padding: 24px; font: 16px sans-serif">
<div style="flex: 1"><h1>Set up two-factor authentication</h1><p>${'Scan the code with your authenticator app. '.repeat(12)}</p></div>
<img src="${image}" alt="QR code"></main>`;

const PLAIN = `<!doctype html><title>Blog</title><h1>No code here</h1><p>${'Just text. '.repeat(40)}</p>`;

const PAGES: Record<string, string> = {
  '/qr': qrPage('/otpauth.png'),
  '/not-otp': qrPage('/link.png'),
  '/plain': PLAIN,
  '/two-factor': GITHUB,
  '/split': SPLIT,
  '/frame': FRAME,
  '/inner': GITHUB,
  '/two': TWO,
};

export interface Pages {
  readonly port: number;
  /** Form posts received (the extension must never submit unless asked to). */
  readonly submissions: () => number;
  readonly close: () => Promise<void>;
}

/** The otpauth URI the `/qr` page shows as a QR code. */
export const SCANNED_URI =
  'otpauth://totp/Scanned:jane@example.com?secret=KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU&issuer=Scanned';

async function png(text: string): Promise<Uint8Array> {
  const result = await qrToPng(text, { scale: 4 });
  if (!result.ok) throw new Error('qr');
  return result.value;
}

export async function servePages(): Promise<Pages> {
  let submissions = 0;
  const images: Record<string, Uint8Array> = {
    '/otpauth.png': await png(SCANNED_URI),
    '/link.png': await png('https://example.org/welcome'),
  };
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0]!;
    if (request.method === 'POST') {
      submissions += 1;
      response.writeHead(204).end();
      return;
    }
    const image = images[path];
    if (image) {
      response.writeHead(200, { 'content-type': 'image/png' }).end(image);
      return;
    }
    const page = PAGES[path];
    if (!page) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    submissions: () => submissions,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
