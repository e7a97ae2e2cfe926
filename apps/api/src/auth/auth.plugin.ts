import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, errors } from '../http/errors.js';
import type { AuthRequirement, Caller } from '../http/fastify-types.js';
import { currentUserId, usableToken } from '../tokens/tokens.cache.js';
import { proxyCaller, trustedProxyCheck, type TrustCheck } from './proxy.js';
import { csrfMatches, currentSession, endSession, isIdle, markActivity } from './session.js';

const BEARER = /^bearer\s+([A-Za-z0-9_-]{1,512})\s*$/i;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A valid Bearer token's caller, or null (unknown, revoked, expired, malformed). */
async function callerFromBearer(request: FastifyRequest, header: string): Promise<Caller | null> {
  const value = BEARER.exec(header)?.[1];
  if (!value) return null;
  const token = await usableToken(request.server, value);
  if (!token) return null;
  const userId = await currentUserId(request.server);
  return userId === undefined ? null : { kind: 'token', userId, tokenId: token.id };
}

/** Standard mode (api.md §2.1–§2.3, §2.5): Bearer, or the session cookie with inactivity and CSRF. */
async function authenticate(request: FastifyRequest, requirement: AuthRequirement): Promise<void> {
  const unsafe = !SAFE_METHODS.has(request.method);
  if (requirement === 'none') {
    // Web routes (outside /api) need the CSRF token on unsafe methods, signed in or not.
    if (unsafe && !request.url.startsWith('/api/') && !csrfMatches(request, await currentSession(request))) {
      throw errors.csrfMismatch();
    }
    return;
  }
  // An Authorization header alone decides (api.md §2.1); web routes never accept a Bearer token.
  const header = request.headers.authorization;
  if (header !== undefined) {
    const caller = requirement === 'session' ? null : await callerFromBearer(request, header);
    if (caller) request.caller = caller;
    else if (requirement !== 'optional') throw errors.unauthenticated();
    return;
  }
  const session = await currentSession(request);
  if (!session || session.userId === null) {
    if (requirement === 'optional') return;
    throw errors.unauthenticated();
  }
  if (await isIdle(request, session)) {
    await endSession(request);
    // On public routes an expired session is dropped silently: the caller is anonymous.
    if (requirement === 'optional') return;
    throw errors.inactivity();
  }
  await markActivity(request, session);
  if (unsafe && requirement !== 'optional' && !csrfMatches(request, session)) throw errors.csrfMismatch();
  request.caller = { kind: 'session', userId: session.userId, sessionId: session.id };
}

/** Proxy mode (api.md §2.4): Bearer tokens and cookies are ignored; only a trusted proxy is believed. */
function authenticateProxy(request: FastifyRequest, requirement: AuthRequirement, isTrusted: TrustCheck) {
  if (requirement === 'none') return;
  const result = proxyCaller(request, request.server.config, isTrusted);
  if (result instanceof AppError) {
    if (requirement === 'optional') return;
    throw result;
  }
  request.caller = result;
}

/**
 * Authentication of every request, run at onRequest (before validation, in the order of
 * api.md §1.9): trusted proxy and credentials (403/407/401), inactivity (418), CSRF (419),
 * demo-mode refusal (403), proxy-mode refusal (400).
 */
export const authPlugin = fp(
  async (app) => {
    const { config } = app;
    const proxyMode = config.AUTHENTICATION_GUARD === 'reverse-proxy-guard';
    const demo = config.IS_DEMO_APP || config.IS_TESTING_APP;
    const isTrusted = trustedProxyCheck(config);

    app.addHook('onRequest', async (request: FastifyRequest, _reply: FastifyReply) => {
      // Unknown paths are answered by the fallbacks (404/405), never by an auth error.
      if (request.routeOptions.url === undefined) return;
      const routeConfig = request.routeOptions.config;
      const requirement = routeConfig.auth ?? 'none';
      if (proxyMode) authenticateProxy(request, requirement, isTrusted);
      else await authenticate(request, requirement);
      if (demo && routeConfig.disabledInDemo) throw errors.demoDisabled();
      if (proxyMode && (routeConfig.notInProxyMode || requirement === 'session')) {
        throw errors.proxyNotApplicable();
      }
    });
  },
  { name: 'auth', dependencies: ['session'] },
);
