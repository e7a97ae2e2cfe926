import type { DatabaseDriver } from '../db/database.js';
import type { Locale } from '../i18n/locales.js';
import type { ScopeRequirement, TokenScope } from './token-scope-names.js';

/**
 * Who may call a route:
 * - `api`: Bearer token, or session cookie (+CSRF on unsafe methods), or the proxy header in proxy mode
 *   (+CSRF on unsafe methods too: the browser sends both on its own);
 * - `session`: the session cookie only (+CSRF); proxy mode answers 400;
 * - `none`: public (web routes still need CSRF on unsafe methods);
 * - `optional`: public, but the caller is identified when credentials are valid;
 * - `probe`: as `api`, except that a request with no credentials at all is let through anonymously
 *   (a browser asking whether it is signed in gets an answer, not a failed request); bad
 *   credentials, an idle session and proxy mode answer as `api` does.
 */
export type AuthRequirement = 'api' | 'session' | 'none' | 'optional' | 'probe';

/** The authenticated caller of a request. */
export type Caller =
  | {
      readonly kind: 'token';
      readonly userId: number;
      readonly tokenId: string;
      /** What the token may do (http/token-scopes.ts). */
      readonly scope: TokenScope;
    }
  | { readonly kind: 'session'; readonly userId: number; readonly sessionId: string }
  | { readonly kind: 'proxy'; readonly name: string; readonly email: string | null };

declare module 'fastify' {
  interface FastifyInstance {
    dbDriver: DatabaseDriver;
    /** Compiles every response serialiser not used yet, and counts them (they compile on first use; tests). */
    compileSerializers: () => number;
  }
  interface FastifyRequest {
    /** Language of human-readable messages. */
    locale: Locale;
    /** Set by the auth plugin on protected and optional routes; null = anonymous. */
    caller: Caller | null;
  }
  interface FastifyContextConfig {
    /** Who may call the route; routes without it are public (`none`). */
    auth?: AuthRequirement;
    /**
     * What a personal access token needs to call the route (http/token-scopes.ts): a scope, or
     * `session` when no token may (the sensitive settings: the signed-in user only). Default:
     * `session` on `auth: 'session'` routes, `read` on GET, `full` on other methods. Sessions and
     * the reverse proxy's user are never limited by it.
     */
    scope?: ScopeRequirement;
    /** Query flags that raise the scope a token needs when truthy (`{ withSecret: 'read' }`). */
    scopeOfQuery?: Readonly<Record<string, TokenScope>>;
    /** Path parameter values that raise it (`{ key: { useEncryption: 'session' } }`). */
    scopeOfParam?: Readonly<Record<string, Readonly<Record<string, ScopeRequirement>>>>;
    /** Routes that stay available in demo/testing mode unless listed. */
    disabledInDemo?: boolean;
    /** Routes answered 400 in reverse-proxy mode. */
    notInProxyMode?: boolean;
    /** Sign-in routes: the per-IP `auth` limiter (10 requests a minute). */
    authLimiter?: boolean;
  }
}
