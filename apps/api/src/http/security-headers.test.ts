import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/harness.js';

// A stand-in for the built web app: the headers do not depend on its content.
const webRoot = mkdtempSync(path.join(tmpdir(), 'twofold-web-'));
mkdirSync(path.join(webRoot, 'assets'));
writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Twofold</title>');
writeFileSync(path.join(webRoot, 'assets', 'index-abc123.js'), 'console.log(1)');

const csp = [
  "default-src 'self'",
  "script-src 'self'",
  "worker-src 'self' blob:",
  "connect-src 'self'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "style-src 'self' 'unsafe-inline'",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join(';');

describeEachDatabase(
  'security headers',
  (t) => {
    it('the web app gets a strict Content-Security-Policy and is never framed', async () => {
      for (const url of ['/', '/accounts', '/assets/index-abc123.js']) {
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-security-policy'], url).toBe(csp);
        expect(response.headers['x-frame-options'], url).toBe('DENY');
        expect(response.headers['x-content-type-options'], url).toBe('nosniff');
        expect(response.headers['referrer-policy'], url).toBe('no-referrer');
        // Plain http: no HTTPS-only rules.
        expect(response.headers['strict-transport-security'], url).toBeUndefined();
      }
    });

    it('API answers carry them too, and stay usable from other origins', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/v1/user/name' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['access-control-allow-origin']).toBe('*');
      expect(response.headers['cross-origin-resource-policy']).toBeUndefined();
    });

    it('over https: HSTS and upgrade-insecure-requests', async () => {
      await t.rebuild({ APP_URL: 'https://2fa.example.com' });
      const response = await t.app.inject({ method: 'GET', url: '/' });
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(response.headers['content-security-policy']).toBe(`${csp};upgrade-insecure-requests`);
    });
  },
  { webRoot },
);
