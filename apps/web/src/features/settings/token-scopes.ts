/** The scopes a personal access token may have, narrowest first, with their catalogue keys. */
export const TOKEN_SCOPES = ['codes', 'read', 'full'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** Each scope's name and one-line explanation (`settings` catalogue). */
export const SCOPE_KEYS = {
  codes: ['tokens.scopeCodes', 'tokens.scopeCodesHelp'],
  read: ['tokens.scopeRead', 'tokens.scopeReadHelp'],
  full: ['tokens.scopeFull', 'tokens.scopeFullHelp'],
} as const satisfies Record<TokenScope, readonly [string, string]>;
