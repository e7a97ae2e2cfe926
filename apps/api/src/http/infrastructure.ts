import type { FastifyInstance, FastifyRequest } from 'fastify';
import formbody from '@fastify/formbody';
import { negotiateLocale } from '../i18n/locales.js';
import { errors } from './errors.js';

const API_PREFIX = '/api/';

/**
 * Wire conventions shared by every route: JSON bodies (an empty one is {}),
 * urlencoded bodies, the request language, `Cache-Control: no-store` on API and web routes,
 * and CORS on /api/* only (no credentials).
 */
export async function registerWireConventions(app: FastifyInstance): Promise<void> {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, {});
      return;
    }
    void parseJson(request, text, (error, value) => {
      if (error) done(errors.badRequest([{ key: 'error.malformed_json' }]), undefined);
      else done(null, value);
    });
  });
  await app.register(formbody);
  // Fastify reads text/plain bodies by default; no route takes one, so they are 415 like any
  // other content type a JSON route does not read (not a 422 on a string body).
  app.removeContentTypeParser('text/plain');

  app.decorateRequest('locale', 'en');
  app.decorateRequest('caller', null);
  // Synchronous hooks (callback style): they run on every request, and a promise per hook shows.
  app.addHook('onRequest', (request, _reply, done) => {
    request.locale = negotiateLocale(request.headers['accept-language']);
    done();
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    const path = request.url;
    const isStaticFile = path.startsWith('/assets/') || path.startsWith('/storage/icons/');
    if (!isStaticFile && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    if (path.startsWith(API_PREFIX)) reply.header('access-control-allow-origin', '*');
    done(null, payload);
  });

  // CORS preflight for the API: any method, any request header, no credentials.
  app.options(`${API_PREFIX}*`, { schema: { hide: true } }, async (request: FastifyRequest, reply) => {
    const requested = request.headers['access-control-request-headers'];
    return reply
      .code(204)
      .header('access-control-allow-origin', '*')
      .header('access-control-allow-methods', 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS')
      .header('access-control-allow-headers', typeof requested === 'string' && requested ? requested : '*')
      .header('access-control-max-age', '7200')
      .send();
  });
}
