import { expect, it } from 'vitest';
import { bearerCaller, registerWithSession, SessionClient } from '../test/auth-helpers.js';
import { describeEachDatabase } from '../test/harness.js';
import { insertCredential } from '../webauthn/webauthn.queries.js';

describeEachDatabase('session status', (t) => {
  const addDevice = () =>
    insertCredential(t.db, {
      id: 'credential-1',
      publicKey: 'pk',
      counter: 0,
      transports: [],
      deviceType: 'singleDevice',
      backedUp: false,
      now: new Date(),
    });

  it('answers 200 with no user to a browser without credentials, and tells whether a device exists', async () => {
    const anonymous = new SessionClient(t);
    expect((await anonymous.request('GET', '/api/v1/session')).json()).toEqual({
      user: null,
      security_device: false,
    });
    await registerWithSession(t);
    const response = await anonymous.request('GET', '/api/v1/session');
    expect({ status: response.statusCode, json: response.json() }).toEqual({
      status: 200,
      json: { user: null, security_device: false },
    });
    await addDevice();
    expect((await anonymous.request('GET', '/api/v1/session')).json()).toEqual({
      user: null,
      security_device: true,
    });
    // 2FAuth's route keeps its 401 for the same caller.
    expect((await anonymous.request('GET', '/api/v1/user')).statusCode).toBe(401);
  });

  it('answers the signed-in user as GET /api/v1/user does', async () => {
    const client = await registerWithSession(t);
    const user = (await client.request('GET', '/api/v1/user')).json();
    const response = await client.request('GET', '/api/v1/session');
    expect({ status: response.statusCode, json: response.json() }).toEqual({
      status: 200,
      json: { user, security_device: false },
    });
  });

  it('keeps the 401 of bad credentials and the 418 of an idle session', async () => {
    const client = await registerWithSession(t);
    const bad = bearerCaller(t, () => 'not-a-token');
    expect((await bad('GET', '/api/v1/session')).json()).toEqual({ message: 'Unauthenticated.' });
    expect((await bad('GET', '/api/v1/session')).statusCode).toBe(401);
    t.clock.advance(32 * 60);
    expect((await client.request('GET', '/api/v1/session')).statusCode).toBe(418);
  });
});
