import type { Config } from './config.js';

/** The OpenID Connect client settings, when configured (never in reverse-proxy mode). */
export function oidcSettings(config: Config) {
  const { OIDC_ISSUER_URL: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret } = config;
  if (config.AUTHENTICATION_GUARD === 'reverse-proxy-guard') return undefined;
  if (issuer === undefined || clientId === undefined || clientSecret === undefined) return undefined;
  return {
    issuer,
    clientId,
    clientSecret,
    label: config.OIDC_BUTTON_LABEL,
    redirectUri: `${config.APP_URL}/oidc/callback`,
  };
}

export type OidcSettings = NonNullable<ReturnType<typeof oidcSettings>>;

/** Password sign-in is refused when the operator turned it off in favour of the provider. */
export const passwordSignInOff = (config: Config): boolean =>
  config.OIDC_DISABLE_PASSWORD_LOGIN && oidcSettings(config) !== undefined;
