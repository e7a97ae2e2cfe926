import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** A person at the test provider: their subject and the claims it asserts. */
export interface ProviderAccount {
  readonly sub: string;
  readonly email?: string;
  readonly email_verified?: boolean;
  readonly name?: string;
}

export const CLIENT_ID = 'twofold-test';
export const CLIENT_SECRET = 'a client secret only the test knows';

/**
 * A real OpenID Connect provider (panva's oidc-provider) on 127.0.0.1 for the tests. Its login and
 * consent pages answer by themselves for `signedInAs`, as a user who clicks through would.
 */
export class TestOidcProvider {
  issuer = '';
  /** Who signs in at the provider on the next flow. */
  signedInAs: ProviderAccount = { sub: 'alice-1', email: 'john@example.com', email_verified: true };
  private readonly server = createServer((request, response) => void this.handle(request, response));
  private provider: Provider | undefined;

  async start(redirectUri: string, options: { idTokenSeconds: number }): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.issuer = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    this.provider = new Provider(this.issuer, {
      clients: [
        {
          client_id: CLIENT_ID,
          client_secret: CLIENT_SECRET,
          redirect_uris: [redirectUri],
          grant_types: ['authorization_code'],
          response_types: ['code'],
        },
      ],
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
      findAccount: (_ctx, id) => ({
        accountId: id,
        claims: () => ({ ...this.signedInAs, sub: id }),
      }),
      features: { devInteractions: { enabled: false } },
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      cookies: { keys: ['test cookie key'] },
      ttl: { IdToken: options.idTokenSeconds },
    });
    return this.issuer;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const provider = this.provider!;
    try {
      if (!request.url?.startsWith('/interaction/')) return provider.callback()(request, response);
      const details = await provider.interactionDetails(request, response);
      if (details.prompt.name === 'login') {
        await provider.interactionFinished(
          request,
          response,
          { login: { accountId: this.signedInAs.sub } },
          { mergeWithLastSubmission: false },
        );
        return;
      }
      const grant = new provider.Grant({
        accountId: details.session!.accountId,
        clientId: String(details.params.client_id),
      });
      grant.addOIDCScope('openid email profile');
      const grantId = await grant.save();
      await provider.interactionFinished(
        request,
        response,
        { consent: { grantId } },
        { mergeWithLastSubmission: true },
      );
    } catch (error) {
      response.statusCode = 500;
      response.end(String(error));
    }
  }
}

/**
 * Walks the browser through the provider: from its authorization URL, following its redirects with
 * its cookies, to the redirect back to Twofold. Returns that final URL (the callback with its code).
 */
export async function throughProvider(authorizationUrl: string, stopAt: string): Promise<URL> {
  const cookies = new Map<string, string>();
  let url = authorizationUrl;
  for (let hop = 0; hop < 20; hop++) {
    if (url.startsWith(stopAt)) return new URL(url);
    const response = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index);
      const value = pair.slice(index + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) cookies.delete(name);
      else cookies.set(name, value);
    }
    const location = response.headers.get('location');
    if (!location) throw new Error(`the provider stopped at ${response.status}: ${await response.text()}`);
    url = new URL(location, url).href;
  }
  throw new Error('too many redirects at the provider');
}
