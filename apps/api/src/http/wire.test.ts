import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { describeEachDatabase } from '../test/harness.js';
import { Nullable, annotate } from './common.schemas.js';

const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, description: 'Resource id' }) });

/** Routes that exercise the shared HTTP layer (validation, errors) without any feature. */
const probeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/v1/probe',
    {
      schema: {
        hide: true,
        body: Type.Object({
          name: Type.String({ maxLength: 20, ...annotate({ 'x-rules': ['no_colon'] }) }),
          count: Type.Integer(),
          email: Type.Optional(Nullable(Type.String({ format: 'email' }))),
          flag: Type.Optional(Type.Boolean()),
          digits: Type.Optional(Type.Integer({ minimum: 5, maximum: 10 })),
          tags: Type.Optional(Type.Array(Type.String(), annotate({ 'x-rules': ['distinct'] }))),
        }),
      },
    },
    async (request) => ({
      name: request.body.name,
      count: request.body.count,
      flag: request.body.flag,
      email: request.body.email,
    }),
  );
  app.get('/api/v1/probe/boom', { schema: { hide: true } }, async () => {
    throw new Error('secret internal detail');
  });
  app.get('/api/v1/probe/items/:id', { schema: { hide: true, params: IdParams } }, async (request) => ({
    id: request.params.id,
  }));
};

// A tiny stand-in for the built web app, to check how its files are served.
const webRoot = mkdtempSync(path.join(tmpdir(), 'twofold-web-'));
mkdirSync(path.join(webRoot, 'assets'));
writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><div id="root"></div>');
writeFileSync(path.join(webRoot, 'assets', 'index-abc123.js'), 'console.log(1)');

describeEachDatabase(
  'wire conventions',
  (t) => {
    it('GET /up answers 200 when the database answers', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/up' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'up' });
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    });

    it('GET /app-config describes the instance', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/app-config' });
      expect(response.json()).toEqual({
        version: '1.0.0-test',
        proxyAuth: false,
        proxyLogoutUrl: null,
        isDemoApp: false,
        isTestingApp: false,
        subdirectory: '',
        locales: [
          'en',
          'fr',
          'de',
          'es',
          'zh',
          'si',
          'it',
          'pt',
          'nl',
          'pl',
          'ru',
          'ja',
          'uk',
          'tr',
          'cs',
          'sv',
          'da',
          'ko',
          'ro',
          'hu',
          'id',
          'vi',
          'el',
          'bg',
          'ca',
          'sk',
          'ar',
          'fa',
        ],
        oidc: null,
        passwordSignIn: true,
      });
      expect(response.headers['cache-control']).toBe('no-store');
    });

    it('unknown /api/v1 paths answer 404 "unknowkn endpoint" for every method, before authentication', async () => {
      for (const method of ['GET', 'POST', 'DELETE'] as const) {
        const response = await t.app.inject({ method, url: '/api/v1/nothing-here' });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ message: 'unknowkn endpoint' });
      }
    });

    it('a known path with the wrong method answers 405 with the allowed list', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/v1/user/name' });
      expect(response.statusCode).toBe(405);
      expect(response.json()).toEqual({
        message: 'The POST method is not supported for route api/v1/user/name. Supported methods: GET, HEAD.',
      });
    });

    it('other GET paths serve the web app (history routing); other methods 404', async () => {
      for (const url of ['/', '/accounts', '/account/3/edit', '/404']) {
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(response.body).toContain('<div id="root">');
        expect(response.headers['cache-control']).toBe('no-cache');
      }
      const post = await t.app.inject({ method: 'POST', url: '/somewhere' });
      expect(post.statusCode).toBe(404);
      expect(post.json()).toEqual({ message: 'not found' });
    });

    it('hashed assets are cached for a year', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });

    it('malformed JSON is a 400 with the 2FAuth envelope', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/probe',
        headers: { 'content-type': 'application/json' },
        payload: '{"name":',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'bad request', reason: ['Malformed JSON body'] });
    });

    it('an empty JSON body is {} and other content types are 415', async () => {
      const empty = await t.app.inject({
        method: 'POST',
        url: '/api/v1/probe',
        headers: { 'content-type': 'application/json' },
        payload: '',
      });
      expect(empty.statusCode).toBe(422);
      expect(empty.json()).toMatchObject({ message: 'The name field is required. (and 1 more error)' });
      const xml = await t.app.inject({
        method: 'POST',
        url: '/api/v1/probe',
        headers: { 'content-type': 'application/xml' },
        payload: '<a/>',
      });
      expect(xml.statusCode).toBe(415);
      expect(xml.json()).toEqual({ message: 'Unsupported Media Type' });
    });

    it('an unexpected failure is a 500 "Server Error" with the detail only in the log', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/v1/probe/boom' });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ message: 'Server Error' });
      expect(t.logs.join('\n')).toContain('secret internal detail');
    });

    it('validation errors are 422, field by field, in the order of the schema, in Laravel words', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/probe',
        payload: { count: '7a', name: 'a:b', email: 'nope', flag: 'maybe', tags: ['x', 'x'] },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        message: 'The name field must not contain colon. (and 4 more errors)',
        errors: {
          name: ['The name field must not contain colon.'],
          count: ['The count field must be an integer.'],
          email: ['The email field must be a valid email address.'],
          flag: ['The flag field must be true or false.'],
          'tags.1': ['The tags.1 field has a duplicate value.'],
        },
      });
    });

    it('inputs are trimmed, empty strings are null, digit strings are integers', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/probe',
        payload: { name: '  Alice ', count: '42', flag: '1', email: '', tags: [] },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ name: 'Alice', count: 42, flag: true, email: null });
      const blank = await t.app.inject({
        method: 'POST',
        url: '/api/v1/probe',
        payload: { name: '   ', count: 1 },
      });
      expect(blank.json()).toEqual({
        message: 'The name field is required.',
        errors: { name: ['The name field is required.'] },
      });
    });

    it('numbers beyond the safe range fail the integer rule; bounds use the between message', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/probe',
        payload: { name: 'n', count: 9007199254740992, digits: 11 },
      });
      expect(response.json()).toEqual({
        message: 'The count field must be an integer. (and 1 more error)',
        errors: {
          count: ['The count field must be an integer.'],
          digits: ['The digits field must be between 5 and 10.'],
        },
      });
    });

    it('messages follow Accept-Language when a translation exists, English otherwise', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/probe',
        headers: { 'accept-language': 'xx-YY, en;q=0.5' },
        payload: { count: 1 },
      });
      expect(response.json()).toMatchObject({ message: 'The name field is required.' });
    });

    it('a non-numeric id in a path is a 404', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/v1/probe/items/abc' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'not found' });
      const ok = await t.app.inject({ method: 'GET', url: '/api/v1/probe/items/12' });
      expect(ok.json()).toEqual({ id: 12 });
    });

    it('API answers carry CORS headers and preflights answer 204', async () => {
      const preflight = await t.app.inject({
        method: 'OPTIONS',
        url: '/api/v1/twofaccounts',
        headers: {
          origin: 'chrome-extension://abc',
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'authorization',
        },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe('*');
      expect(preflight.headers['access-control-allow-headers']).toBe('authorization');
      expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
      const web = await t.app.inject({ method: 'GET', url: '/app-config' });
      expect(web.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('one trailing slash is ignored', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/app-config/' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ version: '1.0.0-test' });
    });
  },
  { webRoot, extraRoutes: [probeRoutes] },
);
