import { ConfigError, boolean, httpUrl, optional, text, variable, type Parser } from './variable.js';

/** An OpenID issuer: kept exactly as written, since discovery compares it to the provider's `issuer`. */
const issuerUrl: Parser<string> = (raw, name) => {
  httpUrl(raw, name);
  return raw;
};

/** OpenID Connect sign-in (oidc/): the provider, the client, and whether passwords still sign in. */
export const oidcVariables = {
  OIDC_ISSUER_URL: optional(
    issuerUrl,
    'OpenID Connect: the issuer URL of your identity provider (Authentik, Authelia, Keycloak, Pocket ID...), exactly as its discovery document states it. With `OIDC_CLIENT_ID` and `OIDC_CLIENT_SECRET`, the sign-in screen offers the provider; register `APP_URL/oidc/callback` as its redirect URI.',
  ),
  OIDC_CLIENT_ID: optional(text, 'OpenID Connect: the client id Twofold has at the provider.'),
  OIDC_CLIENT_SECRET: optional(text, 'OpenID Connect: the client secret (confidential client).'),
  OIDC_BUTTON_LABEL: variable(
    'OpenID Connect',
    text,
    'OpenID Connect: the provider name on the sign-in button ("Sign in with ...").',
  ),
  OIDC_DISABLE_PASSWORD_LOGIN: variable(
    false,
    boolean,
    'OpenID Connect: `true` refuses the password sign-in (and registration and reset by password); the sign-in screen shows only the provider. Needs `OIDC_ISSUER_URL`.',
  ),
} as const;

/** OpenID Connect needs its three values together; password sign-in may be off only with it. */
export function assertOidcComplete(raw: {
  readonly OIDC_ISSUER_URL: string | undefined;
  readonly OIDC_CLIENT_ID: string | undefined;
  readonly OIDC_CLIENT_SECRET: string | undefined;
  readonly OIDC_DISABLE_PASSWORD_LOGIN: boolean;
}): void {
  const parts = {
    OIDC_ISSUER_URL: raw.OIDC_ISSUER_URL,
    OIDC_CLIENT_ID: raw.OIDC_CLIENT_ID,
    OIDC_CLIENT_SECRET: raw.OIDC_CLIENT_SECRET,
  };
  const set = Object.values(parts).filter((value) => value !== undefined).length;
  if (set > 0 && set < 3) {
    const missing = Object.entries(parts).find(([, value]) => value === undefined)![0];
    throw new ConfigError(
      missing,
      'is required when any of OIDC_ISSUER_URL, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET is set',
    );
  }
  if (raw.OIDC_DISABLE_PASSWORD_LOGIN && set === 0) {
    throw new ConfigError(
      'OIDC_DISABLE_PASSWORD_LOGIN',
      'needs OpenID Connect (OIDC_ISSUER_URL, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET)',
    );
  }
}
