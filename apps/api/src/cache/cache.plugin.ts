import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { AppCaches } from './app-caches.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * `app.caches`, empty for each app. Write paths invalidate what they change themselves; as a safety
 * net, every route with an unsafe method drops all caches before its answer leaves, once the
 * request reached its handler (authenticated, validated): requests refused earlier (bad
 * credentials) do not, so a flood of them cannot empty the caches. GET routes get no extra hook.
 */
export const cachePlugin = fp(
  async (app) => {
    const caches = new AppCaches();
    app.decorate('caches', caches);
    const handled = new WeakSet<FastifyRequest>();
    const markHandled = async (request: FastifyRequest) => {
      handled.add(request);
    };
    const dropWhenHandled = async (request: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
      if (handled.has(request)) caches.invalidate();
      return payload;
    };
    const hooks = <T>(existing: T | T[] | undefined, hook: T): T[] =>
      existing === undefined ? [hook] : Array.isArray(existing) ? [...existing, hook] : [existing, hook];
    app.addHook('onRoute', (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (methods.every((method) => SAFE_METHODS.has(method))) return;
      route.preHandler = hooks(route.preHandler, markHandled);
      route.onSend = hooks(route.onSend, dropWhenHandled);
    });
  },
  { name: 'caches' },
);
