import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { beforeEach, expect, it } from 'vitest';
import { createUserWithToken } from '../test/auth-helpers.js';
import { describeEachDatabase } from '../test/harness.js';

// A stand-in for the built web app with the .br/.gz copies the build writes next to each file.
const webRoot = mkdtempSync(path.join(tmpdir(), 'twofold-web-'));
mkdirSync(path.join(webRoot, 'assets'));
const script = `console.log(${JSON.stringify('twofold '.repeat(400))});`;
const html = `<!doctype html><title>Twofold</title><div id="root"></div>${'<!-- padding -->'.repeat(80)}`;
for (const [file, text] of [
  ['index.html', html],
  ['assets/index-abc123.js', script],
] as const) {
  writeFileSync(path.join(webRoot, file), text);
  writeFileSync(path.join(webRoot, `${file}.br`), brotliCompressSync(text));
  writeFileSync(path.join(webRoot, `${file}.gz`), gzipSync(text));
}
// The build's own manifest, in a dot folder: never served.
mkdirSync(path.join(webRoot, '.vite'));
writeFileSync(path.join(webRoot, '.vite', 'manifest.json'), '{"private":true}');

const ACCOUNTS = 1000;

describeEachDatabase(
  'compression',
  (t) => {
    let token = '';
    beforeEach(async () => {
      token = await createUserWithToken(t.db);
    });

    it('serves the brotli copy of an asset when asked, identity otherwise, cached for a year', async () => {
      const br = await t.app.inject({
        method: 'GET',
        url: '/assets/index-abc123.js',
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['vary']).toMatch(/accept-encoding/i);
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(br.headers['content-type']).toMatch(/javascript/);
      expect(br.headers['content-security-policy']).toContain("script-src 'self'");
      expect(br.rawPayload.length).toBeLessThan(script.length / 4);
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

      const gzip = await t.app.inject({
        method: 'GET',
        url: '/assets/index-abc123.js',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);

      const plain = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(script);
    });

    it('answers a HEAD and a revalidation of an asset, and serves nothing from a dot folder', async () => {
      const head = await t.app.inject({ method: 'HEAD', url: '/assets/index-abc123.js' });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-length']).toBe(String(Buffer.byteLength(script)));
      expect(head.body).toBe('');
      const etag = head.headers['etag'];
      expect(etag).toBeTruthy();
      const again = await t.app.inject({
        method: 'GET',
        url: '/assets/index-abc123.js',
        headers: { 'if-none-match': String(etag) },
      });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');

      for (const url of ['/.vite/manifest.json', '/assets/../.vite/manifest.json', '/assets/missing.js']) {
        const hidden = await t.app.inject({ method: 'GET', url });
        expect(hidden.statusCode, url).toBe(200);
        expect(hidden.body, url).toBe(html);
      }
      const posted = await t.app.inject({ method: 'POST', url: '/assets/index-abc123.js' });
      expect(posted.statusCode).toBe(404);
    });

    it('the web app page is compressed when asked and never cached', async () => {
      const page = await t.app.inject({
        method: 'GET',
        url: '/accounts',
        headers: { 'accept-encoding': 'br' },
      });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-encoding']).toBe('br');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(brotliDecompressSync(page.rawPayload).toString()).toBe(html);

      const plain = await t.app.inject({ method: 'GET', url: '/accounts' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(html);
    });

    it(`compresses the JSON list of ${ACCOUNTS} accounts under 40 KB when asked, not otherwise`, async () => {
      const now = new Date();
      await t.db
        .insertInto('twofaccounts')
        .values(
          Array.from({ length: ACCOUNTS }, (_, i) => ({
            group_id: null,
            otp_type: 'totp',
            service: `Service ${i}`,
            account: `user${i}@example.com`,
            secret: randomBytes(20)
              .toString('hex')
              .slice(0, 32)
              .toUpperCase()
              .replace(/[0189]/g, 'A'),
            digits: 6,
            algorithm: 'sha1',
            period: 30,
            counter: null,
            icon: null,
            uri: null,
            position: i + 1,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
      const headers = { authorization: `Bearer ${token}` };
      const plain = await t.app.inject({ method: 'GET', url: '/api/v1/twofaccounts', headers });
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.json()).toHaveLength(ACCOUNTS);

      for (const encoding of ['br', 'gzip'] as const) {
        const compressed = await t.app.inject({
          method: 'GET',
          url: '/api/v1/twofaccounts',
          headers: { ...headers, 'accept-encoding': encoding },
        });
        expect(compressed.headers['content-encoding']).toBe(encoding);
        expect(compressed.headers['vary']).toMatch(/accept-encoding/i);
        expect(compressed.rawPayload.length).toBeLessThan(40 * 1024);
        const text = (encoding === 'br' ? brotliDecompressSync : gunzipSync)(compressed.rawPayload);
        expect(JSON.parse(text.toString())).toEqual(plain.json());
      }

      // The compressed list is kept with the list: the same bytes until a write changes it.
      const ask = (extra: Record<string, string>) =>
        t.app.inject({ method: 'GET', url: '/api/v1/twofaccounts', headers: { ...headers, ...extra } });
      const first = await ask({ 'accept-encoding': 'gzip;q=0.5, br' });
      const again = await ask({ 'accept-encoding': 'br' });
      expect(first.headers['content-encoding']).toBe('br');
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
      expect((await ask({ 'accept-encoding': 'br;q=0.2, gzip' })).headers['content-encoding']).toBe('gzip');
      const unencodedAsks: Record<string, string>[] = [
        { 'accept-encoding': 'identity' },
        { 'accept-encoding': 'br', 'x-no-compression': '1' },
      ];
      for (const extra of unencodedAsks) {
        const unencoded = await ask(extra);
        expect(unencoded.headers['content-encoding']).toBeUndefined();
        expect(unencoded.body).toBe(plain.body);
      }
      const firstAccount = plain.json<{ id: number }[]>()[0]!;
      const renamed = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/twofaccounts/${firstAccount.id}`,
        headers,
        payload: { ...plain.json<object[]>()[0], account: 'renamed@example.com', secret: 'A4GRFHVVRBGY7UIW' },
      });
      expect(renamed.statusCode).toBe(200);
      const after = await ask({ 'accept-encoding': 'br' });
      expect(brotliDecompressSync(after.rawPayload).toString()).toContain('renamed@example.com');
    });

    it('leaves the small OTP answer and small JSON answers unencoded', async () => {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/v1/twofaccounts',
        headers: { authorization: `Bearer ${token}` },
        payload: { uri: 'otpauth://totp/service:account?secret=A4GRFHVVRBGY7UIW&issuer=service' },
      });
      expect(created.statusCode).toBe(201);
      const id = created.json<{ id: number }>().id;
      const otp = await t.app.inject({
        method: 'GET',
        url: `/api/v1/twofaccounts/${id}/otp`,
        headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' },
      });
      expect(otp.statusCode).toBe(200);
      expect(otp.headers['content-encoding']).toBeUndefined();
      expect(otp.json()).toMatchObject({ otp_type: 'totp' });
      const up = await t.app.inject({ method: 'GET', url: '/up', headers: { 'accept-encoding': 'br' } });
      expect(up.headers['content-encoding']).toBeUndefined();
    });
  },
  { webRoot },
);
