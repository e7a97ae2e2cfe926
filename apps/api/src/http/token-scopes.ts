import { isTruthy } from '@twofold/otp';
import type { FastifyContextConfig } from 'fastify';
import { AppError, message } from './errors.js';
import type { Caller } from './fastify-types.js';
import type { ScopeRequirement, TokenScope } from './token-scope-names.js';

export { TOKEN_SCOPES, type ScopeRequirement, type TokenScope } from './token-scope-names.js';

export const DEFAULT_TOKEN_SCOPE: TokenScope = 'full';

const RANK: Readonly<Record<ScopeRequirement, number>> = { codes: 0, read: 1, full: 2, session: 3 };
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const isTokenScope = (value: unknown): value is TokenScope =>
  value === 'codes' || value === 'read' || value === 'full';

/**
 * The route's requirement for a token: its `scope`, else `session` on session routes, `read` on
 * safe methods and `full` on the others.
 */
export function routeScope(config: FastifyContextConfig, method: string): ScopeRequirement {
  if (config.scope) return config.scope;
  if (config.auth === 'session') return 'session';
  return SAFE_METHODS.has(method) ? 'read' : 'full';
}

/** A refused token: 403 in 2FAuth's envelope, naming what the call needs. */
export function scopeRefusal(needed: ScopeRequirement): AppError {
  if (needed === 'session') return new AppError('forbidden', message('error.session_required'));
  return new AppError('forbidden', message('error.token_scope_required', { scope: needed }));
}

/** Whether a caller may do what needs `needed`: sessions and the proxy's user always may. */
export function callerHasScope(caller: Caller | null, needed: ScopeRequirement): boolean {
  return caller?.kind !== 'token' || RANK[caller.scope] >= RANK[needed];
}

/** Throws the 403 when the caller is a token without the scope `needed`. */
export function requireScope(caller: Caller | null, needed: ScopeRequirement): void {
  if (!callerHasScope(caller, needed)) throw scopeRefusal(needed);
}

/**
 * The scope check of a token's request (the auth plugin, after the token is known): the route's
 * requirement, raised by the query flags its config names (`withSecret` -> `read`) and by the
 * values of path parameters (`useEncryption` -> `session`).
 */
export function checkTokenScope(
  scope: TokenScope,
  config: FastifyContextConfig,
  request: { readonly method: string; readonly query: unknown; readonly params: unknown },
): void {
  const { method, query, params } = request;
  // The strongest requirement answers first: a `codes` token switching encryption is told it needs a session.
  const raised = config.scopeOfParam ? strongestOfParams(config, params) : undefined;
  if (raised !== undefined && RANK[scope] < RANK[raised]) throw scopeRefusal(raised);
  const needed = routeScope(config, method);
  if (RANK[scope] < RANK[needed]) throw scopeRefusal(needed);
  const flags = config.scopeOfQuery;
  if (flags !== undefined) {
    const values = (query ?? {}) as Record<string, unknown>;
    for (const [flag, flagScope] of Object.entries(flags)) {
      if (RANK[scope] < RANK[flagScope] && isTruthy(values[flag])) throw scopeRefusal(flagScope);
    }
  }
}

/** The requirement that path parameter values set (`{ key: { useEncryption: 'session' } }`), if any. */
function strongestOfParams(config: FastifyContextConfig, params: unknown): ScopeRequirement | undefined {
  const values = (params ?? {}) as Record<string, unknown>;
  let strongest: ScopeRequirement | undefined;
  for (const [param, scopes] of Object.entries(config.scopeOfParam ?? {})) {
    const value = values[param];
    const scope = typeof value === 'string' ? scopes[value] : undefined;
    if (scope !== undefined && (strongest === undefined || RANK[scope] > RANK[strongest])) strongest = scope;
  }
  return strongest;
}
