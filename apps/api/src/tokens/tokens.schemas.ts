import { Type } from 'typebox';
import { Nullable, Timestamp } from '../http/common.schemas.js';
import { TOKEN_SCOPES, type TokenScope } from '../http/token-scopes.js';

/** Twofold's scope of a token (2FAuth's `scopes` stays an empty list). */
export const TokenScopeSchema = Type.Unsafe<TokenScope>({
  type: 'string',
  enum: [...TOKEN_SCOPES],
  title: 'TokenScope',
  description:
    'Twofold only. `codes`: the accounts without secret, note or recovery code, and their codes; `read`: every read, secrets and exports included; `full`: everything a token may do',
});

export const PersonalAccessToken = Type.Object(
  {
    id: Type.String({ description: '40 lowercase hex characters' }),
    name: Type.String(),
    scopes: Type.Array(Type.String()),
    scope: TokenScopeSchema,
    revoked: Type.Boolean(),
    created_at: Timestamp,
    updated_at: Timestamp,
    expires_at: Timestamp,
    /** Twofold only, with `withUsage=1` (written at most once a minute). */
    last_used_at: Type.Optional(Nullable(Timestamp)),
    /** Twofold only, with `withUsage=1`: the address of that last use. */
    last_used_ip: Type.Optional(Nullable(Type.String())),
  },
  { title: 'Token', description: 'A personal access token (never its value)' },
);

export const NewTokenBody = Type.Object({
  name: Type.String({ maxLength: 255 }),
  scopes: Type.Optional(Type.Unknown({ description: 'Accepted and ignored' })),
  /** Twofold only: `full` when absent. */
  scope: Type.Optional(TokenScopeSchema),
});

export const CreatedToken = Type.Object(
  {
    tokenType: Type.Literal('Bearer'),
    expiresIn: Type.Integer({ description: 'Seconds until expires_at' }),
    accessToken: Type.String({ description: 'The token value, shown only here' }),
    accessTokenId: Type.String(),
    token: PersonalAccessToken,
  },
  { title: 'CreatedToken', description: 'A new personal access token, with its value shown once' },
);

export const TokenIdParams = Type.Object({ id: Type.String({ pattern: '^[0-9a-f]{40}$' }) });

export const TokenListQuery = Type.Object({ withUsage: Type.Optional(Type.Unknown()) });
