import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/harness.js';
import {
  SessionClient,
  bearerCaller,
  john,
  loginWithSession,
  registerWithSession,
} from '../test/auth-helpers.js';
import {
  SoftAuthenticator,
  type CreationOptionsJson,
  type RequestOptionsJson,
} from '../test/soft-authenticator.js';

async function registerDevice(client: SessionClient, key: SoftAuthenticator) {
  const options = (await client.request('POST', '/webauthn/register/options')).json<CreationOptionsJson>();
  const response = await client.request('POST', '/webauthn/register', key.create(options));
  if (response.statusCode !== 204) throw new Error(`device registration failed: ${response.body}`);
  return key.credentials.at(-1)!;
}

async function signInWithDevice(client: SessionClient, key: SoftAuthenticator) {
  const options = (await client.request('POST', '/webauthn/login/options', {})).json<RequestOptionsJson>();
  return client.request('POST', '/webauthn/login', key.get(options));
}

const notVerified = {
  message: 'The security device could not be verified.',
  errors: { credential: ['The security device could not be verified.'] },
};

describeEachDatabase('security devices: registration and management', (t) => {
  it('offers creation options bound to the RP and the user handle', async () => {
    const client = await registerWithSession(t);
    const response = await client.request('POST', '/webauthn/register/options');
    expect(response.statusCode).toBe(200);
    const handle = (await t.db.selectFrom('users').select('webauthn_handle').executeTakeFirstOrThrow())
      .webauthn_handle;
    expect(response.json()).toEqual({
      rp: { name: 'Twofold', id: 'localhost' },
      user: { id: handle, name: 'john@example.com', displayName: 'John' },
      challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      pubKeyCredParams: [
        { type: 'public-key', alg: -7 },
        { type: 'public-key', alg: -257 },
      ],
      timeout: 60000,
      attestation: 'none',
      excludeCredentials: [],
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    });
  });

  it('registers a device, lists, renames and revokes it', async () => {
    const client = await registerWithSession(t);
    const key = new SoftAuthenticator();
    const credential = await registerDevice(client, key);
    const list = await client.request('GET', '/webauthn/credentials');
    expect(list.json()).toEqual([
      { id: credential.id, name: null, alias: null, created_at: '2023-11-14T22:13:20.000000Z' },
    ]);
    const stored = await t.db.selectFrom('webauthn_credentials').selectAll().executeTakeFirstOrThrow();
    expect(stored.transports).toEqual(['usb']);
    const options = (await client.request('POST', '/webauthn/register/options')).json();
    expect(options.excludeCredentials).toEqual([
      { id: credential.id, type: 'public-key', transports: ['usb'] },
    ]);

    const renamed = await client.request('PATCH', `/webauthn/credentials/${credential.id}/name`, {
      name: 'My YubiKey',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({ name: 'My YubiKey' });
    expect((await client.request('GET', '/webauthn/credentials')).json()).toEqual([
      {
        id: credential.id,
        name: 'My YubiKey',
        alias: 'My YubiKey',
        created_at: '2023-11-14T22:13:20.000000Z',
      },
    ]);
    const unknown = await client.request('PATCH', '/webauthn/credentials/unknown/name', { name: 'x' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'not found' });
    const empty = await client.request('PATCH', `/webauthn/credentials/${credential.id}/name`, { name: '' });
    expect(empty.json()).toEqual({
      message: 'The name field is required.',
      errors: { name: ['The name field is required.'] },
    });
    const long = await client.request('PATCH', `/webauthn/credentials/${credential.id}/name`, {
      name: 'x'.repeat(256),
    });
    expect(long.json().errors).toEqual({ name: ['The name field must not be greater than 255 characters.'] });

    expect((await client.request('DELETE', '/webauthn/credentials/unknown')).statusCode).toBe(204);
    const revoked = await client.request('DELETE', `/webauthn/credentials/${credential.id}`);
    expect(revoked.statusCode).toBe(204);
    expect((await client.request('GET', '/webauthn/credentials')).json()).toEqual([]);
  });

  it('refuses an attestation without a fresh challenge, from another origin or RP, or twice', async () => {
    const client = await registerWithSession(t);
    const key = new SoftAuthenticator();
    const options = (await client.request('POST', '/webauthn/register/options')).json<CreationOptionsJson>();
    const fake = { ...options, challenge: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' };
    expect((await client.request('POST', '/webauthn/register', key.create(fake))).json()).toEqual(
      notVerified,
    );
    // The challenge was used up by that attempt.
    const reused = await client.request('POST', '/webauthn/register', key.create(options));
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toEqual(notVerified);

    const fresh = async () =>
      (await client.request('POST', '/webauthn/register/options')).json<CreationOptionsJson>();
    const late = await fresh();
    t.clock.advance(61);
    expect((await client.request('POST', '/webauthn/register', key.create(late))).json()).toEqual(
      notVerified,
    );

    const elsewhere = new SoftAuthenticator('https://evil.example.com');
    expect(
      (await client.request('POST', '/webauthn/register', elsewhere.create(await fresh()))).json(),
    ).toEqual(notVerified);
    const otherRp = await client.request(
      'POST',
      '/webauthn/register',
      key.create(await fresh(), { rpId: 'evil.com' }),
    );
    expect(otherRp.json()).toEqual(notVerified);

    const good = key.create(await fresh());
    expect((await client.request('POST', '/webauthn/register', good)).statusCode).toBe(204);
    await fresh();
    expect((await client.request('POST', '/webauthn/register', good)).json()).toEqual(notVerified);

    const missing = await client.request('POST', '/webauthn/register', {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.id).toEqual(['The id field is required.']);
    expect(await t.db.selectFrom('webauthn_credentials').select('id').execute()).toHaveLength(1);
  });

  it('keeps device management to the session', async () => {
    const client = await registerWithSession(t);
    const token = (await client.request('POST', '/oauth/personal-access-tokens', { name: 'cli' })).json()
      .accessToken as string;
    const bearer = bearerCaller(t, () => token);
    for (const [method, url] of [
      ['POST', '/webauthn/register/options'],
      ['POST', '/webauthn/register'],
      ['GET', '/webauthn/credentials'],
      ['PATCH', '/webauthn/credentials/abc/name'],
      ['DELETE', '/webauthn/credentials/abc'],
    ] as const) {
      expect((await bearer(method, url, {})).statusCode).toBe(401);
      expect((await new SessionClient(t).request(method, url, {})).statusCode).toBe(401);
    }
    expect(
      (await client.request('POST', '/webauthn/register/options', undefined, {}, { csrf: false })).statusCode,
    ).toBe(419);
  });

  it('needs a device for WebAuthn-only/-default and turns both off with the last device', async () => {
    const client = await registerWithSession(t);
    const refused = await client.request('PUT', '/api/v1/settings/useWebauthnOnly', { value: true });
    expect(refused.json()).toEqual({
      message: 'Set at least one device to enable these options',
      errors: { value: ['Set at least one device to enable these options'] },
    });
    const key = new SoftAuthenticator();
    const first = await registerDevice(client, key);
    const second = await registerDevice(client, key);
    for (const setting of ['useWebauthnOnly', 'useWebauthnAsDefault']) {
      expect((await client.request('PUT', `/api/v1/settings/${setting}`, { value: true })).statusCode).toBe(
        200,
      );
    }
    await client.request('DELETE', `/webauthn/credentials/${first.id}`);
    expect((await client.request('GET', '/api/v1/settings/useWebauthnOnly')).json().value).toBe(true);
    await client.request('DELETE', `/webauthn/credentials/${second.id}`);
    expect((await client.request('GET', '/api/v1/settings/useWebauthnOnly')).json().value).toBe(false);
    expect((await client.request('GET', '/api/v1/settings/useWebauthnAsDefault')).json().value).toBe(false);
  });
});

describeEachDatabase('security devices: sign-in', (t) => {
  it('signs in with a device; the counter is kept', async () => {
    const owner = await registerWithSession(t);
    const key = new SoftAuthenticator();
    const credential = await registerDevice(owner, key);
    const client = new SessionClient(t);
    const options = await client.request('POST', '/webauthn/login/options', { email: 'ignored@example.com' });
    expect(options.statusCode).toBe(200);
    expect(options.json()).toEqual({
      challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      timeout: 60000,
      rpId: 'localhost',
      allowCredentials: [{ id: credential.id, type: 'public-key', transports: ['usb'] }],
      userVerification: 'preferred',
    });
    const response = await client.request(
      'POST',
      '/webauthn/login',
      key.get(options.json<RequestOptionsJson>()),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'authenticated',
      id: 1,
      name: 'John',
      email: 'john@example.com',
    });
    expect((await client.request('GET', '/api/v1/user')).statusCode).toBe(200);
    const row = await t.db.selectFrom('webauthn_credentials').select('counter').executeTakeFirstOrThrow();
    expect(Number(row.counter)).toBe(1);
    expect((await signInWithDevice(new SessionClient(t), key)).statusCode).toBe(200);
  });

  it('answers 400 "no registered user" before registration', async () => {
    const response = await new SessionClient(t).request('POST', '/webauthn/login/options', {});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'no registered user' });
  });

  it('answers 401 to an unknown device, a bad signature, a replay or a counter going back', async () => {
    const owner = await registerWithSession(t);
    const key = new SoftAuthenticator();
    await registerDevice(owner, key);
    const stranger = new SoftAuthenticator();
    stranger.create({
      rp: { id: 'localhost', name: 'x' },
      user: { id: 'AA', name: 'x', displayName: 'x' },
      challenge: 'AA',
    });
    const client = new SessionClient(t);
    const unauthorized = { message: 'unauthorized' };

    expect((await signInWithDevice(client, stranger)).json()).toEqual(unauthorized);

    const options = (await client.request('POST', '/webauthn/login/options', {})).json<RequestOptionsJson>();
    const assertion = key.get(options);
    const signature = Buffer.from(assertion.response.signature, 'base64url');
    signature.writeUInt8(signature.readUInt8(signature.length - 1) ^ 0x01, signature.length - 1);
    const tampered = {
      ...assertion,
      response: { ...assertion.response, signature: signature.toString('base64url') },
    };
    expect((await client.request('POST', '/webauthn/login', tampered)).json()).toEqual(unauthorized);
    // The challenge is single-use: the genuine assertion now fails too.
    expect((await client.request('POST', '/webauthn/login', assertion)).json()).toEqual(unauthorized);

    expect((await signInWithDevice(new SessionClient(t), key)).statusCode).toBe(200);
    key.credentials[0]!.counter = 0;
    const regression = await signInWithDevice(client, key);
    expect(regression.statusCode).toBe(401);
    expect((await client.request('GET', '/api/v1/user')).statusCode).toBe(401);

    const wrongHandle = (
      await client.request('POST', '/webauthn/login/options', {})
    ).json<RequestOptionsJson>();
    key.credentials[0]!.counter = 10;
    const other = key.get(wrongHandle);
    expect(
      (
        await client.request('POST', '/webauthn/login', {
          ...other,
          response: { ...other.response, userHandle: 'AAAA' },
        })
      ).json(),
    ).toEqual(unauthorized);
    const missing = await client.request('POST', '/webauthn/login', { id: 'x' });
    expect(missing.statusCode).toBe(422);
  });

  it('locks out an IP after LOGIN_THROTTLE failed device sign-ins', async () => {
    const owner = await registerWithSession(t);
    const key = new SoftAuthenticator();
    await registerDevice(owner, key);
    const stranger = new SoftAuthenticator();
    stranger.create({
      rp: { id: 'localhost', name: 'x' },
      user: { id: 'AA', name: 'x', displayName: 'x' },
      challenge: 'AA',
    });
    const client = new SessionClient(t, '10.0.0.9');
    for (let i = 0; i < 5; i += 1) expect((await signInWithDevice(client, stranger)).statusCode).toBe(401);
    const locked = await signInWithDevice(client, key);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ message: 'Too many login attempts. Please try again in 60 seconds.' });
    expect(locked.headers['retry-after']).toBe('60');
    t.clock.advance(60);
    expect((await signInWithDevice(client, key)).statusCode).toBe(200);
  });

  it('WebAuthn-only: the password is refused and user verification is required', async () => {
    const owner = await registerWithSession(t);
    const key = new SoftAuthenticator();
    await registerDevice(owner, key);
    expect((await owner.request('PUT', '/api/v1/settings/useWebauthnOnly', { value: true })).statusCode).toBe(
      200,
    );
    expect((await loginWithSession(t)).lastResponse.statusCode).toBe(401);
    const options = await new SessionClient(t).request('POST', '/webauthn/login/options', {});
    expect(options.json().userVerification).toBe('required');
    key.userVerified = false;
    expect((await signInWithDevice(new SessionClient(t), key)).statusCode).toBe(401);
    key.userVerified = true;
    expect((await signInWithDevice(new SessionClient(t), key)).statusCode).toBe(200);
  });
});

describeEachDatabase('security devices: lost device and recovery', (t) => {
  const recoveryToken = () => {
    const text = t.mailbox.messages.at(-1)?.text ?? '';
    const link = new URL(/https?:\/\/\S+/.exec(text)![0]);
    expect(`${link.origin}${link.pathname}`).toBe('http://localhost:8000/webauthn/recover');
    expect(link.searchParams.get('email')).toBe('john@example.com');
    return link.searchParams.get('token')!;
  };

  it('mails a recovery link; a new device is registered with it and the user signed in', async () => {
    const owner = await registerWithSession(t);
    const old = new SoftAuthenticator();
    const lost = await registerDevice(owner, old);
    const kept = await registerDevice(owner, old);
    await owner.request('PATCH', `/webauthn/credentials/${kept.id}/name`, { name: 'Spare' });

    const client = new SessionClient(t);
    const sent = await client.request('POST', '/webauthn/lost', { email: 'John@example.com' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ message: 'Account recovery email sent!' });
    expect(t.mailbox.messages.at(-1)!.to).toBe('john@example.com');
    const token = recoveryToken();

    const options = await client.request('POST', '/webauthn/recover/options', { email: john.email, token });
    expect(options.statusCode).toBe(200);
    expect(options.json().excludeCredentials).toHaveLength(2);
    const key = new SoftAuthenticator();
    const response = await client.request(
      'POST',
      '/webauthn/recover',
      key.create(options.json<CreationOptionsJson>()),
      {
        email: john.email,
        token,
        unique: 'true',
      },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Device successfully registered' });
    // Signed in: the new device can be named; the others are gone.
    const id = key.credentials[0]!.id;
    expect(
      (await client.request('PATCH', `/webauthn/credentials/${id}/name`, { name: 'New key' })).statusCode,
    ).toBe(200);
    expect((await client.request('GET', '/webauthn/credentials')).json()).toEqual([
      { id, name: 'New key', alias: 'New key', created_at: '2023-11-14T22:13:20.000000Z' },
    ]);
    expect((await signInWithDevice(new SessionClient(t), old)).statusCode).toBe(401);
    expect(lost.id).not.toBe(id);

    // The token was consumed.
    const again = await new SessionClient(t).request('POST', '/webauthn/recover/options', {
      email: john.email,
      token,
    });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({
      message: 'Invalid recovery token',
      errors: { token: ['Invalid recovery token'] },
    });
    expect(t.logs.join('\n')).not.toContain(token);
  });

  it('keeps the other devices unless asked; body keys stand in for the headers', async () => {
    const owner = await registerWithSession(t);
    await registerDevice(owner, new SoftAuthenticator());
    const client = new SessionClient(t);
    await client.request('POST', '/webauthn/lost', { email: john.email });
    const token = recoveryToken();
    const options = (
      await client.request('POST', '/webauthn/recover/options', { email: john.email, token })
    ).json<CreationOptionsJson>();
    const key = new SoftAuthenticator();
    const response = await client.request('POST', '/webauthn/recover', {
      ...key.create(options),
      email: john.email,
      token,
    });
    expect(response.statusCode).toBe(200);
    expect(await t.db.selectFrom('webauthn_credentials').select('id').execute()).toHaveLength(2);
  });

  it('reads `unique` as 2FAuth reads a flag: `yes` revokes the other devices', async () => {
    const owner = await registerWithSession(t);
    await registerDevice(owner, new SoftAuthenticator());
    const client = new SessionClient(t);
    await client.request('POST', '/webauthn/lost', { email: john.email });
    const token = recoveryToken();
    const options = (
      await client.request('POST', '/webauthn/recover/options', { email: john.email, token })
    ).json<CreationOptionsJson>();
    const key = new SoftAuthenticator();
    const response = await client.request('POST', '/webauthn/recover', key.create(options), {
      email: john.email,
      token,
      unique: 'Yes',
    });
    expect(response.statusCode).toBe(200);
    const left = await t.db.selectFrom('webauthn_credentials').select('id').execute();
    expect(left.map((row) => row.id)).toEqual([key.credentials[0]!.id]);
  });

  it('refuses unknown addresses, bad tokens and unverifiable devices', async () => {
    await registerWithSession(t);
    const client = new SessionClient(t);
    const unknown = await client.request('POST', '/webauthn/lost', { email: 'jane@example.com' });
    expect(unknown.json()).toEqual({
      message: 'No account found using this email.',
      errors: { email: ['No account found using this email.'] },
    });
    expect((await client.request('POST', '/webauthn/lost', { email: john.email })).statusCode).toBe(200);
    const tooSoon = await client.request('POST', '/webauthn/lost', { email: john.email });
    expect(tooSoon.json().errors).toEqual({ email: ['Please wait before retrying.'] });
    const token = recoveryToken();

    const badEmail = await client.request('POST', '/webauthn/recover/options', {
      email: 'jane@example.com',
      token,
    });
    expect(badEmail.json().errors).toEqual({ email: ['No account found using this email.'] });
    const badToken = await client.request('POST', '/webauthn/recover/options', {
      email: john.email,
      token: 'nope',
    });
    expect(badToken.json()).toEqual({
      message: 'Invalid recovery token',
      errors: { token: ['Invalid recovery token'] },
    });
    const empty = await client.request('POST', '/webauthn/recover/options', {});
    expect(empty.json().errors).toEqual({
      email: ['The email field is required.'],
      token: ['The token field is required.'],
    });

    const options = (
      await client.request('POST', '/webauthn/recover/options', { email: john.email, token })
    ).json<CreationOptionsJson>();
    const key = new SoftAuthenticator('https://evil.example.com');
    const refused = await client.request('POST', '/webauthn/recover', key.create(options), {
      email: john.email,
      token,
    });
    expect(refused.json()).toEqual(notVerified);
    const noToken = await client.request('POST', '/webauthn/recover', key.create(options), {
      email: john.email,
    });
    expect(noToken.json().errors).toEqual({ token: ['The token field is required.'] });
    // An hour later the link is dead.
    t.clock.advance(3600);
    const expired = await client.request('POST', '/webauthn/recover/options', { email: john.email, token });
    expect(expired.json().errors).toEqual({ token: ['Invalid recovery token'] });
  });

  it('locks out an IP after LOGIN_THROTTLE failed recoveries', async () => {
    await registerWithSession(t);
    const client = new SessionClient(t, '10.0.0.5');
    const key = new SoftAuthenticator();
    const body = key.create({
      rp: { id: 'localhost', name: 'x' },
      user: { id: 'AA', name: 'x', displayName: 'x' },
      challenge: 'AA',
    });
    for (let i = 0; i < 5; i += 1) {
      const failed = await client.request('POST', '/webauthn/recover', body, {
        email: john.email,
        token: 'wrong',
      });
      expect(failed.statusCode).toBe(422);
    }
    const locked = await client.request('POST', '/webauthn/recover', body, {
      email: john.email,
      token: 'wrong',
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe('Too many login attempts. Please try again in 60 seconds.');
  });
});
