import { expect, it } from 'vitest';
import { SessionClient, createUserWithToken } from '../test/auth-helpers.js';
import { describeEachDatabase } from '../test/harness.js';

/**
 * Multipart bodies a client or an attacker can get wrong. The parser skips a part without a name
 * (the body then lacks that field), so that one may be a success or a 422; the others are 4xx.
 */
const malformed: readonly { name: string; contentType: string; body: string; readable?: boolean }[] = [
  { name: 'no boundary', contentType: 'multipart/form-data', body: 'email=a@b.c' },
  { name: 'empty boundary', contentType: 'multipart/form-data; boundary=', body: '--\r\n' },
  {
    name: 'boundary not in the body',
    contentType: 'multipart/form-data; boundary=xyz',
    body: '--abc\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.c\r\n--abc--\r\n',
  },
  {
    name: 'truncated',
    contentType: 'multipart/form-data; boundary=xyz',
    body: '--xyz\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b',
  },
  {
    name: 'broken part header',
    contentType: 'multipart/form-data; boundary=xyz',
    body: '--xyz\r\nContent-Disposition\r\n\r\nvalue\r\n--xyz--\r\n',
    readable: true,
  },
];

const routes: readonly { method: 'POST' | 'PUT'; url: string }[] = [
  { method: 'POST', url: '/user/login' },
  { method: 'POST', url: '/user/password/lost' },
  { method: 'POST', url: '/webauthn/login/options' },
  { method: 'POST', url: '/user' },
  { method: 'POST', url: '/api/v1/twofaccounts' },
  { method: 'POST', url: '/api/v1/icons' },
  { method: 'POST', url: '/api/v1/qrcode/decode' },
  { method: 'POST', url: '/api/v1/twofaccounts/migration' },
  { method: 'PUT', url: '/api/v1/settings/theme' },
];

describeEachDatabase('malformed request bodies', (t) => {
  it('answers a 4xx JSON error, never a 5xx, to broken multipart bodies on every route', async () => {
    const token = await createUserWithToken(t.db);
    const browser = new SessionClient(t);
    const failures: string[] = [];
    for (const route of routes) {
      for (const sample of malformed) {
        const headers = { 'content-type': sample.contentType, accept: 'application/json' };
        // API routes with a token; web routes as a browser (session cookie and CSRF token).
        const response = route.url.startsWith('/api/')
          ? await t.app.inject({
              method: route.method,
              url: route.url,
              headers: { ...headers, authorization: `Bearer ${token}` },
              payload: sample.body,
            })
          : await browser.request(route.method, route.url, sample.body, headers);
        let json: boolean;
        try {
          const body = response.json<{ message?: unknown }>();
          json = response.statusCode < 400 || typeof body.message === 'string';
        } catch {
          json = false;
        }
        if (response.statusCode >= 500 || (!sample.readable && response.statusCode < 400) || !json) {
          failures.push(
            `${route.method} ${route.url} (${sample.name}): ${response.statusCode} ${response.body}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
