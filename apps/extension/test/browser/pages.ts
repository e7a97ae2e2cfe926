// The sign-in pages the browser test visits, served by the test on real-looking domains
// (github.test, githab.test: the browser maps *.test to this machine). A form post is counted,
// never answered with a new page, so a test can say that nothing was submitted.
import { createServer, type Server } from 'node:http';

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

const PAGES: Record<string, string> = {
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

export async function servePages(): Promise<Pages> {
  let submissions = 0;
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0]!;
    if (request.method === 'POST') {
      submissions += 1;
      response.writeHead(204).end();
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
