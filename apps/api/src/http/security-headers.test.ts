import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/harness.js';

// A stand-in for the built web app: the headers do not depend on its content.
const webRoot = mkdtempSync(path.join(tmpdir(), 'twofold-web-'));
mkdirSync(path.join(webRoot, 'assets'));
writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Twofold</title>');
writeFileSync(path.join(webRoot, 'assets', 'index-abc123.js'), 'console.log(1)');
writeFileSync(path.join(webRoot, 'manifest.webmanifest'), '{"name":"Twofold"}');

const pageCsp = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
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

/** Every header that protects an answer: each kind of answer must carry exactly its own. */
const SECURITY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'cross-origin-embedder-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

const securityHeaders = (response: LightMyRequestResponse) =>
  Object.fromEntries(
    SECURITY_HEADERS.filter((name) => response.headers[name] !== undefined).map((name) => [
      name,
      response.headers[name],
    ]),
  );

const pageSet = {
  'content-security-policy': pageCsp,
  'cross-origin-opener-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

const apiSet = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
};

describeEachDatabase(
  'security headers',
  (t) => {
    it('pages and the web app files carry the page set: a strict policy, never framed', async () => {
      for (const url of ['/', '/accounts', '/assets/index-abc123.js', '/manifest.webmanifest']) {
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
        expect(securityHeaders(response), url).toEqual(pageSet);
      }
    });

    it('JSON answers and errors, of the API and of the web routes, carry exactly the JSON set', async () => {
      const answers = [
        ['GET', '/api/v1/user/name', 200],
        ['GET', '/infos', 200],
        ['GET', '/api/v1/no-such-thing', 404],
        ['GET', '/api/v1/twofaccounts', 401],
        ['POST', '/user/login', 419],
        ['OPTIONS', '/api/v1/twofaccounts', 204],
      ] as const;
      for (const [method, url, status] of answers) {
        const response = await t.app.inject({
          method,
          url,
          ...(method === 'POST' ? { payload: { email: 'not an address' } } : {}),
        });
        expect(response.statusCode, url).toBe(status);
        expect(securityHeaders(response), url).toEqual(apiSet);
        expect(response.headers['cache-control'], url).toBe('no-store');
        if (status !== 204) expect(response.headers['content-type'], url).toMatch(/^application\/json/);
      }
      // API clients on other origins still call it (CORS), without credentials.
      const api = await t.app.inject({ method: 'GET', url: '/api/v1/user/name' });
      expect(api.headers['access-control-allow-origin']).toBe('*');
    });

    it('over https: HSTS on every kind, upgrade-insecure-requests on pages', async () => {
      await t.rebuild({ APP_URL: 'https://2fa.example.com' });
      const hsts = { 'strict-transport-security': 'max-age=31536000; includeSubDomains' };
      const page = await t.app.inject({ method: 'GET', url: '/' });
      expect(securityHeaders(page)).toEqual({
        ...pageSet,
        ...hsts,
        'content-security-policy': `${pageCsp};upgrade-insecure-requests`,
      });
      const api = await t.app.inject({ method: 'GET', url: '/api/v1/user/name' });
      expect(securityHeaders(api)).toEqual({ ...apiSet, ...hsts });
    });
  },
  { webRoot },
);
