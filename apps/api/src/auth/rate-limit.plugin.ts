import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import { errors } from '../http/errors.js';
import type { Config } from '../config/config.js';
import { sessionCookieId } from './session.js';
import { consumeAuthAttempt } from './login-throttle.js';
import { hasImportGrant } from './import-grant.js';

/*
 * Request rate limits of /api/v1, per minute:
 * - `web`: requests carrying the session cookie (the web app), per session, THROTTLE_WEB
 *   (600 by default, far above what a person clicking produces); proxy-authenticated requests
 *   count per IP against the same ceiling;
 * - `api`: Bearer and anonymous requests, per client IP, THROTTLE_API.
 * An import (`POST /api/v1/twofaccounts` carrying a valid `X-Import-Grant`, see import-grant.ts)
 * raises the ceiling of its counter by THROTTLE_API_DURING_IMPORT.
 * 0 = unlimited. The sign-in routes have their own per-IP limiter (login-throttle.ts).
 */

interface Decision {
  readonly key: string;
  readonly max: number;
}

const decisions = new WeakMap<FastifyRequest, Decision>();

export const rateLimitPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const { THROTTLE_API: api, THROTTLE_WEB: web, THROTTLE_API_DURING_IMPORT: bonus } = config;
    const proxyMode = config.AUTHENTICATION_GUARD === 'reverse-proxy-guard';
    await app.register(rateLimit, { global: false });
    const limiter = app.createRateLimit({
      timeWindow: 60_000,
      keyGenerator: (request) => decisions.get(request)?.key ?? request.ip,
      max: (request) => decisions.get(request)?.max ?? api,
    });

    const counter = (request: FastifyRequest): Decision => {
      if (proxyMode) return { key: `web:${request.ip}`, max: web };
      const sid = request.headers.authorization === undefined ? sessionCookieId(request) : undefined;
      if (sid) return { key: `web:${sid}`, max: web };
      return { key: `api:${request.ip}`, max: api };
    };
    const decide = (request: FastifyRequest): Decision => {
      const decision = counter(request);
      const path = request.url.split('?')[0]?.replace(/\/+$/, '');
      const importing =
        request.method === 'POST' && path === '/api/v1/twofaccounts' && hasImportGrant(request, proxyMode);
      if (!importing || decision.max === 0) return decision;
      return { key: decision.key, max: bonus === 0 ? 0 : decision.max + bonus };
    };

    const limit = async (request: FastifyRequest) => {
      if (request.routeOptions.config.authLimiter) await consumeAuthAttempt(request);
      if (!request.url.startsWith('/api/v1/') || request.method === 'OPTIONS') return;
      const decision = decide(request);
      if (decision.max === 0) return;
      decisions.set(request, decision);
      const result = await limiter(request);
      if (!result.isAllowed && result.isExceeded)
        throw errors.tooManyAttempts(result.ttlInSeconds, result.max);
    };
    const unlimited = api === 0 && web === 0;
    // Callback style, so that with both limits off (0) only the sign-in routes cost a promise.
    app.addHook('onRequest', (request, _reply, done) => {
      if (unlimited && !request.routeOptions.config.authLimiter) return done();
      limit(request).then(() => done(), done);
    });
  },
  { name: 'rate-limit', dependencies: ['session'] },
);
