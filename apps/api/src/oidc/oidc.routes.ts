import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { oidcSettings } from '../config/oidc-settings.js';
import { sessionPort } from '../auth/session-port.js';
import { assertRecentlyConfirmed } from '../auth/identity-confirmation.js';
import { errors } from '../http/errors.js';
import { createOidcClient } from './oidc-client.js';
import { beginFlow, completeFlow, linkState, unlink, type OidcDeps } from './oidc.service.js';
import { OidcAuthorization, OidcLinkState, OidcLoginQuery, Redirect } from './oidc.schemas.js';
import { Type } from 'typebox';

function signedInUserId(request: FastifyRequest): number {
  if (request.caller?.kind !== 'session' || request.caller.userId === null) throw errors.unauthenticated();
  return request.caller.userId;
}

/**
 * OpenID Connect sign-in (Twofold only): the browser goes to the provider and comes back to the
 * callback, which signs in, links by verified e-mail or registers the one user. Settings links and
 * unlinks the identity. Off in reverse-proxy mode, where the proxy signs the user in.
 */
export const oidcRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const settings = oidcSettings(app.deps.config);
  // The client discovers the provider on first use, not at start.
  const oidc: OidcDeps | undefined = settings && { settings, client: createOidcClient(settings) };
  const configured = () => {
    if (!oidc) throw errors.notFound();
    return oidc;
  };
  const tags = ['auth'];

  app.get(
    '/oidc/login',
    {
      config: { auth: 'none', notInProxyMode: true, authLimiter: true },
      schema: {
        tags,
        operationId: 'oidcLogin',
        summary:
          'Sends the browser to the OpenID Connect provider to sign in, then back to `return` (a path of this app) or the accounts (Twofold only)',
        querystring: OidcLoginQuery,
        response: { 302: Redirect },
      },
    },
    async (request, reply) => {
      const provider = configured();
      try {
        const session = sessionPort(request, reply);
        const url = await beginFlow(app.deps, provider, session, 'sign_in', null, request.query.return);
        return await reply.redirect(url.href, 302);
      } catch {
        return reply.redirect('/login?oidc_error=unavailable', 302);
      }
    },
  );

  app.get(
    '/oidc/callback',
    {
      config: { auth: 'optional', scope: 'session', notInProxyMode: true, authLimiter: true },
      schema: {
        tags,
        operationId: 'oidcCallback',
        summary:
          "The provider's redirect URI: signs in or links, then sends the browser on; a refusal adds `oidc_error` (failed, not_linked, email_unverified, unavailable) (Twofold only)",
        response: { 302: Redirect },
      },
    },
    async (request, reply) => {
      const provider = configured();
      const query = new URL(request.url, 'http://callback.invalid').searchParams;
      const callerUserId = request.caller?.kind === 'session' ? request.caller.userId : null;
      const outcome = await completeFlow(
        app.deps,
        provider,
        sessionPort(request, reply),
        callerUserId,
        query,
      );
      const page = outcome.purpose === 'link' ? '/settings/security' : '/login';
      if (!outcome.ok) return reply.redirect(`${page}?oidc_error=${outcome.failure}`, 302);
      return reply.redirect(outcome.purpose === 'link' ? `${page}?oidc=linked` : outcome.returnTo, 302);
    },
  );

  app.get(
    '/oidc/link',
    {
      config: { auth: 'session' },
      schema: {
        tags,
        operationId: 'getOidcLink',
        summary: "The OpenID Connect provider and whether the user's identity there is linked (Twofold only)",
        response: { 200: OidcLinkState },
      },
    },
    async (request) => linkState(app.deps, oidc, signedInUserId(request)),
  );

  app.post(
    '/oidc/link',
    {
      config: { auth: 'session' },
      schema: {
        tags,
        operationId: 'startOidcLink',
        summary:
          "Starts linking the user's identity at the provider; needs a recent identity confirmation (Twofold only)",
        response: { 200: OidcAuthorization },
      },
    },
    async (request, reply) => {
      const provider = configured();
      const userId = signedInUserId(request);
      const session = sessionPort(request, reply);
      await assertRecentlyConfirmed(request.caller, () => session, app.deps.clock.now());
      const url = await beginFlow(app.deps, provider, session, 'link', userId);
      return { authorization_url: url.href };
    },
  );

  app.delete(
    '/oidc/link',
    {
      config: { auth: 'session' },
      schema: {
        tags,
        operationId: 'unlinkOidc',
        summary: "Unlinks the user's identity at the provider (Twofold only)",
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      await unlink(app.deps, oidc, signedInUserId(request));
      return reply.code(204).send(null);
    },
  );
};
