import { afterAll, beforeEach, expect, it } from 'vitest';
import { describeEachDatabase, type TestContext } from '../test/harness.js';
import { SessionClient, john, loginWithSession, registerWithSession } from '../test/auth-helpers.js';
import { CLIENT_ID, CLIENT_SECRET, TestOidcProvider, throughProvider } from '../test/oidc-provider.js';

const REDIRECT_URI = 'http://localhost:8000/oidc/callback';
// The provider's ID tokens last a minute, so a test can let one expire within the ten minutes of a flow.
const ID_TOKEN_SECONDS = 60;
const provider = new TestOidcProvider();
const issuer = await provider.start(REDIRECT_URI, { idTokenSeconds: ID_TOKEN_SECONDS });
afterAll(() => provider.stop());

const oidcEnv = {
  OIDC_ISSUER_URL: issuer,
  OIDC_CLIENT_ID: CLIENT_ID,
  OIDC_CLIENT_SECRET: CLIENT_SECRET,
  OIDC_BUTTON_LABEL: 'Pocket ID',
};

/** Starts a sign-in at Twofold and goes through the provider; the callback URL is not called yet. */
async function toCallback(client: SessionClient, start: () => Promise<string>, tamper = (url: URL) => url) {
  const authorization = tamper(new URL(await start()));
  expect(authorization.origin).toBe(issuer);
  const callback = await throughProvider(authorization.href, REDIRECT_URI);
  return `/oidc/callback${callback.search}`;
}

const startSignIn =
  (client: SessionClient, route = '/oidc/login') =>
  async () => {
    const response = await client.request('GET', route);
    expect(response.statusCode).toBe(302);
    return String(response.headers.location);
  };

/** A whole sign-in by the provider, in a fresh browser; returns the browser and where it landed. */
async function signInWithProvider(t: TestContext, tamper?: (url: URL) => URL, route?: string) {
  const client = new SessionClient(t);
  const callback = await toCallback(client, startSignIn(client, route), tamper);
  const response = await client.request('GET', callback);
  expect(response.statusCode).toBe(302);
  return { client, landed: String(response.headers.location), callback };
}

/** The library's reasons for the refusals the log recorded (codes only, never a value). */
const refusalCodes = (t: TestContext) =>
  t.logs
    .map((line) => JSON.parse(line) as { oidc?: { code?: string } })
    .flatMap((entry) => (entry.oidc?.code ? [entry.oidc.code] : []));

const identities = (t: TestContext) =>
  t.db.selectFrom('oidc_identities').select(['issuer', 'subject', 'email']).execute();

const authLog = (t: TestContext) =>
  t.db.selectFrom('auth_log').select(['event', 'login_method']).orderBy('id').execute();

describeEachDatabase(
  'OpenID Connect sign-in',
  (t) => {
    beforeEach(() => {
      // The ID token's times are real ones: the app's clock starts at the real time.
      t.clock.set(Date.now());
      provider.signedInAs = { sub: 'alice-1', email: 'John@Example.com', email_verified: true, name: 'John' };
    });

    it('tells the sign-in screen about the provider', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/app-config' });
      expect(response.json()).toMatchObject({ oidc: { label: 'Pocket ID' }, passwordSignIn: true });
    });

    it('links the identity on its first sign-in by a verified e-mail equal to the user’s, then signs in by the link', async () => {
      await registerWithSession(t);
      const { client, landed, callback } = await signInWithProvider(t);
      expect(landed).toBe('/accounts');
      expect((await client.request('GET', '/api/v1/user')).json()).toMatchObject({ email: john.email });
      expect(await identities(t)).toEqual([{ issuer, subject: 'alice-1', email: 'John@Example.com' }]);
      expect(await authLog(t)).toContainEqual({ event: 'login', login_method: 'oidc' });

      // Linked: the e-mail no longer matters.
      provider.signedInAs = { sub: 'alice-1', email: 'elsewhere@example.org', email_verified: false };
      const again = await signInWithProvider(t);
      expect(again.landed).toBe('/accounts');
      expect((await again.client.request('GET', '/api/v1/user')).statusCode).toBe(200);

      // Neither the code nor the client secret reaches the log.
      const code = new URL(callback, 'http://x').searchParams.get('code')!;
      const logs = t.logs.join('\n');
      expect(logs).not.toContain(code);
      expect(logs).not.toContain(CLIENT_SECRET);
    });

    it('comes back to the page the sign-in was asked from (a path of this app only)', async () => {
      await registerWithSession(t);
      const back = '/connect?code=BCDF-GHJK';
      const { client, landed } = await signInWithProvider(
        t,
        undefined,
        `/oidc/login?return=${encodeURIComponent(back)}`,
      );
      expect(landed).toBe(back);
      expect((await client.request('GET', '/api/v1/user')).statusCode).toBe(200);
      // The next sign-in, asked from nowhere, goes to the accounts: the page is not kept.
      expect((await signInWithProvider(t)).landed).toBe('/accounts');
      // A path whose dots resolve to `//host` is given back as it was written (same site).
      const dotted = '/a/..//evil.example/connect';
      const odd = await signInWithProvider(t, undefined, `/oidc/login?return=${encodeURIComponent(dotted)}`);
      expect(odd.landed).toBe(dotted);

      // A refused sign-in still goes to the sign-in screen with its reason.
      provider.signedInAs = { sub: 'mallory', email: 'mallory@example.com', email_verified: true };
      const refused = await signInWithProvider(
        t,
        undefined,
        `/oidc/login?return=${encodeURIComponent(back)}`,
      );
      expect(refused.landed).toBe('/login?oidc_error=not_linked');
    });

    it('refuses to come back to another site, however it is spelt, before the provider is asked', async () => {
      for (const elsewhere of [
        'https://evil.example/connect',
        '//evil.example/connect',
        '/\\evil.example/connect',
        '/\t/evil.example',
        'connect?code=BCDF-GHJK',
        'javascript:alert(1)',
      ]) {
        const response = await new SessionClient(t).request(
          'GET',
          `/oidc/login?return=${encodeURIComponent(elsewhere)}`,
        );
        expect(response.statusCode, elsewhere).toBe(422);
        expect(response.json<{ errors: Record<string, unknown> }>().errors).toHaveProperty('return');
        expect(response.headers.location).toBeUndefined();
      }
    });

    it('refuses to link an unverified e-mail', async () => {
      await registerWithSession(t);
      provider.signedInAs = { sub: 'mallory', email: john.email, email_verified: false };
      const { client, landed } = await signInWithProvider(t);
      expect(landed).toBe('/login?oidc_error=not_linked');
      expect((await client.request('GET', '/api/v1/user')).statusCode).toBe(401);
      expect(await identities(t)).toEqual([]);
      expect(await authLog(t)).toContainEqual({ event: 'failed', login_method: 'oidc' });
    });

    it('never lets a second identity with the user’s verified e-mail replace the link', async () => {
      await registerWithSession(t);
      expect((await signInWithProvider(t)).landed).toBe('/accounts');
      // Another account at the provider, its verified e-mail the user's in other letter case.
      provider.signedInAs = { sub: 'mallory', email: 'JOHN@EXAMPLE.COM', email_verified: true };
      const { client, landed } = await signInWithProvider(t);
      expect(landed).toBe('/login?oidc_error=not_linked');
      expect((await client.request('GET', '/api/v1/user')).statusCode).toBe(401);
      expect(await identities(t)).toEqual([{ issuer, subject: 'alice-1', email: 'John@Example.com' }]);
      expect(await authLog(t)).toContainEqual({ event: 'failed', login_method: 'oidc' });
      // The linked identity still signs in.
      provider.signedInAs = { sub: 'alice-1', email: 'John@Example.com', email_verified: true };
      expect((await signInWithProvider(t)).landed).toBe('/accounts');
    });

    it('refuses an identity whose verified e-mail is not the user’s', async () => {
      await registerWithSession(t);
      provider.signedInAs = { sub: 'bob', email: 'bob@example.com', email_verified: true };
      const { client, landed } = await signInWithProvider(t);
      expect(landed).toBe('/login?oidc_error=not_linked');
      expect((await client.request('GET', '/api/v1/user')).statusCode).toBe(401);
    });

    it('refuses a wrong state', async () => {
      await registerWithSession(t);
      const client = new SessionClient(t);
      const callback = new URL(await toCallback(client, startSignIn(client)), 'http://x');
      callback.searchParams.set('state', 'a-state-this-session-never-sent');
      const response = await client.request('GET', `${callback.pathname}${callback.search}`);
      expect(response.headers.location).toBe('/login?oidc_error=failed');
      expect((await client.request('GET', '/api/v1/user')).statusCode).toBe(401);
      expect(await identities(t)).toEqual([]);
      expect(refusalCodes(t)).toEqual(['OAUTH_INVALID_RESPONSE']);
    });

    it('refuses a callback in another browser than the one that started the flow', async () => {
      await registerWithSession(t);
      const starter = new SessionClient(t);
      const callback = await toCallback(starter, startSignIn(starter));
      const other = new SessionClient(t);
      const response = await other.request('GET', callback);
      expect(response.headers.location).toBe('/login?oidc_error=failed');
      expect((await other.request('GET', '/api/v1/user')).statusCode).toBe(401);
    });

    it('refuses a wrong nonce', async () => {
      await registerWithSession(t);
      const { client, landed } = await signInWithProvider(t, (url) => {
        url.searchParams.set('nonce', 'a-nonce-this-session-never-sent');
        return url;
      });
      expect(landed).toBe('/login?oidc_error=failed');
      expect((await client.request('GET', '/api/v1/user')).statusCode).toBe(401);
      expect(refusalCodes(t)).toEqual(['OAUTH_JWT_CLAIM_COMPARISON_FAILED']);
    });

    it('refuses an expired ID token', async () => {
      await registerWithSession(t);
      const client = new SessionClient(t);
      const callback = await toCallback(client, startSignIn(client));
      // Five minutes on: the flow is still open, the one-minute ID token (issued now) is not.
      t.clock.advance(5 * 60);
      const response = await client.request('GET', callback);
      expect(response.headers.location).toBe('/login?oidc_error=failed');
      expect((await client.request('GET', '/api/v1/user')).statusCode).toBe(401);
      expect(refusalCodes(t)).toEqual(['OAUTH_JWT_TIMESTAMP_CHECK_FAILED']);
    });

    it('uses a callback once', async () => {
      await registerWithSession(t);
      const { client, landed, callback } = await signInWithProvider(t);
      expect(landed).toBe('/accounts');
      const replay = await new SessionClient(t).request('GET', callback);
      expect(replay.headers.location).toBe('/login?oidc_error=failed');
      expect(client.cookies.size).toBeGreaterThan(0);
    });

    it('registers nobody from an identity whose e-mail the provider did not verify', async () => {
      provider.signedInAs = { sub: 'first', email: 'new@example.com', email_verified: false };
      const { client, landed } = await signInWithProvider(t);
      expect(landed).toBe('/login?oidc_error=email_unverified');
      expect((await client.request('GET', '/api/v1/user')).statusCode).toBe(401);
      expect(await t.db.selectFrom('users').select('id').execute()).toEqual([]);
      expect(await identities(t)).toEqual([]);
    });

    it('registers the one user when nobody has', async () => {
      provider.signedInAs = {
        sub: 'first',
        email: 'new@example.com',
        email_verified: true,
        name: 'Newcomer',
      };
      const { client, landed } = await signInWithProvider(t);
      expect(landed).toBe('/accounts');
      expect((await client.request('GET', '/api/v1/user')).json()).toMatchObject({
        name: 'Newcomer',
        email: 'new@example.com',
      });
      expect(await identities(t)).toEqual([{ issuer, subject: 'first', email: 'new@example.com' }]);
      // Nobody knows the random password it was given.
      expect((await loginWithSession(t, 'new@example.com', '')).lastResponse.statusCode).toBe(422);
    });

    it('links from Settings once the user confirmed who they are, and unlinks', async () => {
      const client = await registerWithSession(t);
      provider.signedInAs = { sub: 'work-account', email: 'john@work.example', email_verified: true };
      expect((await client.request('GET', '/oidc/link')).json()).toEqual({
        configured: true,
        label: 'Pocket ID',
        linked: null,
      });
      const unconfirmed = await client.request('POST', '/oidc/link');
      expect(unconfirmed.statusCode).toBe(403);
      expect(unconfirmed.json()).toMatchObject({ reason: 'identity_confirmation_required' });
      await client.request('POST', '/user/confirm', { password: john.password });
      const callback = await toCallback(client, async () => {
        const response = await client.request('POST', '/oidc/link');
        expect(response.statusCode).toBe(200);
        return response.json<{ authorization_url: string }>().authorization_url;
      });
      const linked = await client.request('GET', callback);
      expect(linked.headers.location).toBe('/settings/security?oidc=linked');
      expect((await client.request('GET', '/oidc/link')).json()).toMatchObject({
        linked: { email: 'john@work.example', last_used_at: null },
      });

      const elsewhere = await signInWithProvider(t);
      expect(elsewhere.landed).toBe('/accounts');

      expect((await client.request('DELETE', '/oidc/link')).statusCode).toBe(204);
      expect((await client.request('GET', '/oidc/link')).json()).toMatchObject({ linked: null });
      expect((await signInWithProvider(t)).landed).toBe('/login?oidc_error=not_linked');
    });

    it('refuses the password sign-in when password sign-in is off', async () => {
      await registerWithSession(t);
      await t.rebuild({ ...oidcEnv, OIDC_DISABLE_PASSWORD_LOGIN: 'true' });
      const refused = await loginWithSession(t);
      expect(refused.lastResponse.statusCode).toBe(403);
      expect(refused.lastResponse.json()).toMatchObject({ reason: 'password_sign_in_off' });
      expect(refused.lastResponse.body).not.toContain(john.password);
      const config = await t.app.inject({ method: 'GET', url: '/app-config' });
      expect(config.json()).toMatchObject({ oidc: { label: 'Pocket ID' }, passwordSignIn: false });
      expect((await signInWithProvider(t)).landed).toBe('/accounts');
    });

    it('refuses the password reset and its mail when password sign-in is off', async () => {
      await registerWithSession(t);
      // A link mailed while password sign-in was on, followed after it was turned off.
      await new SessionClient(t).request('POST', '/user/password/lost', { email: john.email });
      const text = t.mailbox.messages.at(-1)?.text ?? '';
      const token = new URL(/https?:\/\/\S+/.exec(text)![0]).searchParams.get('token')!;
      await t.rebuild({ ...oidcEnv, OIDC_DISABLE_PASSWORD_LOGIN: 'true' });
      const mailed = t.mailbox.messages.length;
      t.clock.advance(120);

      const lost = await new SessionClient(t).request('POST', '/user/password/lost', { email: john.email });
      expect(lost.statusCode).toBe(403);
      expect(lost.json()).toEqual({
        message: 'Password sign-in is turned off on this server: sign in with your identity provider.',
        reason: 'password_sign_in_off',
      });
      // Another address gets the same answer: nothing tells whether it is the user's.
      const other = await new SessionClient(t).request('POST', '/user/password/lost', {
        email: 'x@y.example',
      });
      expect(other.json()).toEqual(lost.json());
      expect(t.mailbox.messages).toHaveLength(mailed);

      const client = new SessionClient(t);
      const reset = await client.request('POST', '/user/password/reset', {
        token,
        email: john.email,
        password: 'a fresh new password',
        password_confirmation: 'a fresh new password',
      });
      expect(reset.statusCode).toBe(403);
      expect(reset.json()).toMatchObject({ reason: 'password_sign_in_off' });
      expect((await client.request('GET', '/api/v1/user')).statusCode).toBe(401);
      expect(await authLog(t)).toEqual([{ event: 'login', login_method: 'password' }]);

      // The password was not changed: with password sign-in back on, the old one still works.
      await t.rebuild(oidcEnv);
      expect((await loginWithSession(t)).lastResponse.statusCode).toBe(200);
    });

    it('answers 404 without a provider, and is off in reverse-proxy mode', async () => {
      await t.rebuild({ OIDC_ISSUER_URL: '', OIDC_CLIENT_ID: '', OIDC_CLIENT_SECRET: '' });
      expect((await t.app.inject({ method: 'GET', url: '/oidc/login' })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: '/app-config' })).json()).toMatchObject({
        oidc: null,
        passwordSignIn: true,
      });
      await t.rebuild({ AUTHENTICATION_GUARD: 'reverse-proxy-guard', TRUSTED_PROXIES: '127.0.0.1' });
      expect((await t.app.inject({ method: 'GET', url: '/oidc/login' })).statusCode).toBe(400);
    });
  },
  { env: oidcEnv },
);
