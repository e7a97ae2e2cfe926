import type * as OpenIdClient from 'openid-client';
import type { OidcSettings } from '../config/oidc-settings.js';

/*
 * The OpenID Connect client: openid-client (panva) does discovery, PKCE, state, nonce and the ID
 * token's checks. It is imported on first use only, so a server without a provider never loads it.
 */

type Library = typeof OpenIdClient;
type ServerMetadata = ReturnType<OpenIdClient.Configuration['serverMetadata']>;

/** What the callback must find again: kept server-side in the caller's session, used once. */
export interface FlowChecks {
  readonly state: string;
  readonly nonce: string;
  readonly codeVerifier: string;
}

/** The claims of a validated ID token that Twofold uses. */
export interface ProviderIdentity {
  readonly issuer: string;
  readonly subject: string;
  readonly email: string | null;
  readonly emailVerified: boolean;
  readonly name: string | null;
}

export interface OidcClient {
  /** The provider's authorization URL for a new flow, and the checks its callback needs. */
  begin(): Promise<{ url: URL; checks: FlowChecks }>;
  /** Exchanges the code of the callback and validates the ID token; throws when anything is off. */
  complete(callbackQuery: URLSearchParams, checks: FlowChecks, now: Date): Promise<ProviderIdentity>;
}

/** Thrown when the provider cannot be reached (discovery): the flow can be tried again later. */
export class ProviderUnavailable extends Error {
  override name = 'ProviderUnavailable';
}

let library: Promise<Library> | undefined;
const loadLibrary = () => (library ??= import('openid-client'));

export function createOidcClient(settings: OidcSettings): OidcClient {
  // An http issuer is the operator's own choice (a provider on the LAN); https otherwise.
  const insecure = new URL(settings.issuer).protocol === 'http:';
  let discovered: Promise<ServerMetadata> | undefined;

  const discover = async (lib: Library) => {
    discovered ??= lib
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        undefined,
        undefined,
        insecure ? { execute: [lib.allowInsecureRequests] } : undefined,
      )
      .then((configuration) => configuration.serverMetadata());
    try {
      return await discovered;
    } catch (error) {
      // Not cached: the next sign-in tries again.
      discovered = undefined;
      throw new ProviderUnavailable('discovery failed', { cause: error });
    }
  };

  /** A configuration whose clock is the app's (tests pin it); the secret per the provider's methods. */
  const configure = async (now = new Date()) => {
    const lib = await loadLibrary();
    const server = await discover(lib);
    const methods = server.token_endpoint_auth_methods_supported;
    const authentication =
      methods === undefined || methods.includes('client_secret_basic')
        ? lib.ClientSecretBasic(settings.clientSecret)
        : lib.ClientSecretPost(settings.clientSecret);
    const configuration = new lib.Configuration(
      server,
      settings.clientId,
      { [lib.clockSkew]: Math.round((now.getTime() - Date.now()) / 1000) },
      authentication,
    );
    if (insecure) lib.allowInsecureRequests(configuration);
    return { lib, configuration };
  };

  return {
    async begin() {
      const { lib, configuration } = await configure();
      const checks = {
        state: lib.randomState(),
        nonce: lib.randomNonce(),
        codeVerifier: lib.randomPKCECodeVerifier(),
      };
      const url = lib.buildAuthorizationUrl(configuration, {
        redirect_uri: settings.redirectUri,
        scope: 'openid email profile',
        response_type: 'code',
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: await lib.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
      });
      return { url, checks };
    },

    async complete(callbackQuery, checks, now) {
      const { lib, configuration } = await configure(now);
      // The registered redirect URI with the provider's answer: never the URL as this server saw it
      // (behind a reverse proxy the host differs).
      const currentUrl = new URL(settings.redirectUri);
      for (const [name, value] of callbackQuery) currentUrl.searchParams.append(name, value);
      const tokens = await lib.authorizationCodeGrant(configuration, currentUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const idToken = tokens.claims();
      if (!idToken) throw new Error('no ID token');
      // Conformant providers (Authelia, oidc-provider) put the profile in the UserInfo answer, not
      // in the ID token of a code flow; its subject must be the ID token's.
      const claims: Record<string, unknown> =
        idToken.email === undefined && configuration.serverMetadata().userinfo_endpoint !== undefined
          ? { ...(await lib.fetchUserInfo(configuration, tokens.access_token, idToken.sub)), ...idToken }
          : idToken;
      const text = (value: unknown) =>
        typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
      return {
        issuer: idToken.iss,
        subject: idToken.sub,
        email: text(claims.email),
        emailVerified: claims.email_verified === true,
        name: text(claims.name) ?? text(claims.preferred_username),
      };
    },
  };
}
