import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, errors } from '../http/errors.js';
import type { AuthRequirement, Caller } from '../http/fastify-types.js';
import { checkTokenScope } from '../http/token-scopes.js';
import { cachedTokenOwner, tokenOwner, type TokenOwner } from '../tokens/tokens.cache.js';
import { proxyCaller, trustedProxyCheck, type TrustCheck } from './proxy.js';
import { csrfMatches, currentSession, endSession, isIdle, markActivity } from './session.js';
import { noteCaller } from '../auth-log/usage.js';

const BEARER = /^bearer\s+([A-Za-z0-9_-]{1,512})\s*$/i;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const tokenCaller = (owner: TokenOwner | null): Caller | null =>
  owner && { kind: 'token', userId: owner.userId, tokenId: owner.tokenId, scope: owner.scope };

/**
 * A token may call the route only within its scope (http/token-scopes.ts): 403 otherwise. Every
 * answer to a token says its scope in `X-Token-Scope` (how the command-line tool checks a token).
 */
function checkScope(request: FastifyRequest, reply: FastifyReply): void {
  const caller = request.caller;
  if (caller?.kind !== 'token') return;
  reply.header('x-token-scope', caller.scope);
  checkTokenScope(caller.scope, request.routeOptions.config, request);
}

/** A valid Bearer token's caller, or null (unknown, revoked, expired, malformed). */
async function callerFromBearer(request: FastifyRequest, header: string): Promise<Caller | null> {
  const value = BEARER.exec(header)?.[1];
  if (!value) return null;
  return tokenCaller(await tokenOwner(request.server.deps, value));
}

/**
 * The Bearer case of `authenticate` when the caches know the token (the API's hot path): the caller
 * (or a refusal) without a promise; false when `authenticate` must run.
 */
function authenticateFromCache(request: FastifyRequest, requirement: AuthRequirement): boolean {
  const header = request.headers.authorization;
  if (header === undefined || requirement === 'session' || requirement === 'none') return false;
  const value = BEARER.exec(header)?.[1];
  const owner = value ? cachedTokenOwner(request.server.deps, value) : null;
  if (owner === undefined) return false;
  const caller = tokenCaller(owner);
  if (caller) request.caller = caller;
  else if (requirement !== 'optional') throw errors.unauthenticated();
  return true;
}

/** Standard mode: Bearer, or the session cookie with inactivity and CSRF. */
async function authenticate(request: FastifyRequest, requirement: AuthRequirement): Promise<void> {
  const unsafe = !SAFE_METHODS.has(request.method);
  if (requirement === 'none') {
    // Web routes (outside /api) need the CSRF token on unsafe methods, signed in or not.
    if (unsafe && !request.url.startsWith('/api/') && !csrfMatches(request, await currentSession(request))) {
      throw errors.csrfMismatch();
    }
    return;
  }
  // An Authorization header alone decides; web routes never accept a Bearer token.
  const header = request.headers.authorization;
  if (header !== undefined) {
    const caller = requirement === 'session' ? null : await callerFromBearer(request, header);
    if (caller) request.caller = caller;
    else if (requirement !== 'optional') throw errors.unauthenticated();
    return;
  }
  const session = await currentSession(request);
  if (!session || session.userId === null) {
    if (requirement === 'optional' || requirement === 'probe') return;
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

/** Proxy mode: Bearer tokens and session cookies are ignored; only a trusted proxy is believed. */
function authenticateProxy(request: FastifyRequest, requirement: AuthRequirement, isTrusted: TrustCheck) {
  if (requirement === 'none') return;
  const result = proxyCaller(request, request.server.deps.config, isTrusted);
  if (result instanceof AppError) {
    if (requirement === 'optional') return;
    throw result;
  }
  request.caller = result;
}

/**
 * Proxy mode, CSRF: the SSO proxy adds its identity header to whatever its own cookie lets through,
 * a form posted from another site included, so an unsafe request it authenticated needs the CSRF
 * token exactly as a session's does (same cookie, same header, same 419). An Authorization header
 * changes nothing: tokens are not believed in this mode, and browsers send Basic credentials by
 * themselves. Run after the mode's own refusals, so that a route off in proxy mode still answers 400.
 */
async function proxyCsrf(request: FastifyRequest, requirement: AuthRequirement): Promise<void> {
  if (requirement === 'optional' || request.caller?.kind !== 'proxy' || SAFE_METHODS.has(request.method)) {
    return;
  }
  if (!csrfMatches(request, await currentSession(request))) throw errors.csrfMismatch();
}

/**
 * Authentication of every request, run at onRequest (before validation). Refusals come in
 * 2FAuth's order, which clients rely on: trusted proxy and credentials (403/407/401),
 * inactivity (418), CSRF (419), demo-mode refusal (403), proxy-mode refusal (400); in proxy mode
 * the CSRF check comes last (see `proxyCsrf`).
 */
export const authPlugin = fp(
  async (app) => {
    const { config } = app.deps;
    const proxyMode = config.AUTHENTICATION_GUARD === 'reverse-proxy-guard';
    const demo = config.IS_DEMO_APP || config.IS_TESTING_APP;
    const isTrusted = trustedProxyCheck(config);

    const refusals = (request: FastifyRequest, requirement: AuthRequirement) => {
      const routeConfig = request.routeOptions.config;
      if (demo && routeConfig.disabledInDemo) throw errors.demoDisabled();
      if (proxyMode && (routeConfig.notInProxyMode || requirement === 'session')) {
        throw errors.proxyNotApplicable();
      }
    };
    const slowPath = async (request: FastifyRequest, reply: FastifyReply, requirement: AuthRequirement) => {
      if (proxyMode) {
        authenticateProxy(request, requirement, isTrusted);
        refusals(request, requirement);
        await proxyCsrf(request, requirement);
        noteCaller(request);
        return;
      }
      await authenticate(request, requirement);
      refusals(request, requirement);
      noteCaller(request);
      checkScope(request, reply);
    };

    // Callback style: a Bearer token the caches know is settled without a promise.
    app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done) => {
      // Unknown paths are answered by the fallbacks (404/405), never by an auth error.
      if (request.routeOptions.url === undefined) return done();
      const requirement = request.routeOptions.config.auth ?? 'none';
      try {
        if (!proxyMode && authenticateFromCache(request, requirement)) {
          refusals(request, requirement);
          noteCaller(request);
          checkScope(request, reply);
          return done();
        }
      } catch (error) {
        return done(error as Error);
      }
      slowPath(request, reply, requirement).then(() => done(), done);
    });
  },
  { name: 'auth', dependencies: ['session'] },
);
