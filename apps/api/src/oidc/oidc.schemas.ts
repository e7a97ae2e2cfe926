import { Type, type Static } from 'typebox';
import { Nullable } from '../http/common.schemas.js';

/**
 * Why a callback did not sign in or link, as the web app is told (`?oidc_error=`): never the
 * provider's own message, which may quote a code.
 * - `failed`: the answer did not check out (state, nonce, PKCE, signature, expiry) or the flow lapsed
 * - `not_linked`: a valid identity that is not the user's (no verified e-mail equal to theirs, or
 *   the user already has another identity linked)
 * - `email_unverified`: nobody is registered yet, and the provider did not verify the identity's e-mail
 * - `unavailable`: the provider could not be reached
 */
export const CallbackFailure = Type.Union(
  [
    Type.Literal('failed'),
    Type.Literal('not_linked'),
    Type.Literal('email_unverified'),
    Type.Literal('unavailable'),
  ],
  { title: 'OidcCallbackFailure' },
);
export type CallbackFailure = Static<typeof CallbackFailure>;

export const OidcLinkState = Type.Object(
  {
    configured: Type.Boolean({ description: 'Whether the server has an OpenID Connect provider' }),
    label: Nullable(Type.String({ description: 'The provider name of the sign-in button' })),
    linked: Nullable(
      Type.Object({
        email: Nullable(Type.String({ description: "The identity's e-mail at its last sign-in" })),
        linked_at: Type.String({ format: 'date-time' }),
        last_used_at: Nullable(Type.String({ format: 'date-time' })),
      }),
    ),
  },
  { title: 'OidcLinkState' },
);

export const OidcAuthorization = Type.Object(
  { authorization_url: Type.String({ description: "The provider's page the browser goes to" }) },
  { title: 'OidcAuthorization' },
);

export const Redirect = Type.Null({ description: 'A redirect (Location header)' });

/**
 * Where the browser goes after signing in: a path of this app (`/connect?code=…`), never another
 * site: one slash then no slash or backslash, printable ASCII without spaces or backslashes (a
 * browser reads `/\host` and `//host` as another site, and drops tabs and line breaks).
 */
export const OidcLoginQuery = Type.Object({
  return: Type.Optional(
    Type.String({
      maxLength: 2048,
      pattern: '^/(?![/\\\\])[!-\\[\\]-~]*$',
      description: 'A path of this app to come back to once signed in (default `/accounts`)',
    }),
  ),
});
