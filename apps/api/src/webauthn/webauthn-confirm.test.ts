import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/harness.js';
import { registerWithSession, type SessionClient } from '../test/auth-helpers.js';
import {
  SoftAuthenticator,
  type CreationOptionsJson,
  type RequestOptionsJson,
} from '../test/soft-authenticator.js';

const SECRET = 'A4GRFHVVRBGY7UIW';

async function registerDevice(client: SessionClient, key: SoftAuthenticator) {
  const options = (await client.request('POST', '/webauthn/register/options')).json<CreationOptionsJson>();
  const response = await client.request('POST', '/webauthn/register', key.create(options));
  if (response.statusCode !== 204) throw new Error(`device registration failed: ${response.body}`);
}

const confirmOptions = async (client: SessionClient) =>
  (await client.request('POST', '/user/confirm/webauthn/options')).json<RequestOptionsJson>();

describeEachDatabase('confirming who you are with a security device', (t) => {
  it('an assertion confirms the session for five minutes; a failed one does not', async () => {
    const client = await registerWithSession(t);
    const key = new SoftAuthenticator();
    await registerDevice(client, key);
    const id = (
      await client.request('POST', '/api/v1/twofaccounts', {
        account: 'bob',
        otp_type: 'totp',
        secret: SECRET,
      })
    ).json<{ id: number }>().id;
    await client.request('PUT', `/api/v1/twofaccounts/${id}/recovery`, {
      recovery_codes: [{ code: 'zz-99' }],
    });
    const reveal = () => client.request('GET', `/api/v1/twofaccounts/${id}/recovery`);
    expect((await reveal()).statusCode).toBe(403);

    const notVerified = {
      message: 'The security device could not be verified.',
      errors: { credential: ['The security device could not be verified.'] },
    };
    // Another device's assertion, and a sign-in challenge, do not confirm.
    const stranger = new SoftAuthenticator();
    stranger.create((await client.request('POST', '/webauthn/register/options')).json<CreationOptionsJson>());
    const foreign = await client.request(
      'POST',
      '/user/confirm/webauthn',
      stranger.get(await confirmOptions(client)),
    );
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json()).toEqual(notVerified);
    const login = (await client.request('POST', '/webauthn/login/options', {})).json<RequestOptionsJson>();
    expect((await client.request('POST', '/user/confirm/webauthn', key.get(login))).json()).toEqual(
      notVerified,
    );
    expect((await reveal()).statusCode).toBe(403);

    const options = await confirmOptions(client);
    const assertion = key.get(options);
    const confirmed = await client.request('POST', '/user/confirm/webauthn', assertion);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({
      confirmed_until: new Date(t.clock.now().getTime() + 5 * 60_000).toISOString(),
    });
    expect((await reveal()).json()).toMatchObject({ recovery_codes: [{ code: 'zz-99', used_at: null }] });
    // The challenge is single use: the same assertion again is refused.
    expect((await client.request('POST', '/user/confirm/webauthn', assertion)).statusCode).toBe(422);

    t.clock.advance(5 * 60 + 1);
    expect((await reveal()).statusCode).toBe(403);
  });
});
