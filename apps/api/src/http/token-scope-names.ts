// The scope names alone, without the checks (token-scopes.ts): the request types
// (fastify-types.ts) name them, and the checks read those types.

/**
 * Scopes of personal access tokens, narrowest first. Each one holds the rights of those before it:
 * - `codes`: the account list and one account without secret, note or recovery code, their codes,
 *   and what a code-reading client needs around them (groups, tags, preferences, the user);
 * - `read`: every read, secrets included (`withSecret`, exports, backups);
 * - `full`: every route open to tokens (the default of a token made without a scope).
 */
export const TOKEN_SCOPES = ['codes', 'read', 'full'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** What a route asks of a token: a scope, or `session`: no token at all (the signed-in user only). */
export type ScopeRequirement = TokenScope | 'session';
