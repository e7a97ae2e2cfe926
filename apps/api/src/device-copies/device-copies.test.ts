import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/harness.js';
import { SessionClient, loginWithSession, registerWithSession } from '../test/auth-helpers.js';

const PHONE = 'Mozilla/5.0 (Linux; Android 14) Mobile';

describeEachDatabase('device copies', (t) => {
  it('registers a device copy with its name and user agent, and lists it', async () => {
    const client = await registerWithSession(t);
    const created = await client.request(
      'POST',
      '/api/v1/device-copies',
      { name: 'My phone' },
      {
        'user-agent': PHONE,
      },
    );
    expect(created.statusCode).toBe(201);
    const copy = created.json();
    expect(copy).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{32}$/),
      name: 'My phone',
      user_agent: PHONE,
      created_at: '2023-11-14T22:13:20.000000Z',
      refreshed_at: '2023-11-14T22:13:20.000000Z',
    });
    t.clock.advance(60);
    const second = (await client.request('POST', '/api/v1/device-copies', { name: 'Laptop' })).json();
    const list = await client.request('GET', '/api/v1/device-copies');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([second, copy]);
  });

  it('records a refresh', async () => {
    const client = await registerWithSession(t);
    const copy = (await client.request('POST', '/api/v1/device-copies', { name: 'Phone' })).json();
    t.clock.advance(90);
    const refreshed = await client.request('POST', `/api/v1/device-copies/${copy.id}/refresh`);
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json()).toEqual({ ...copy, refreshed_at: '2023-11-14T22:14:50.000000Z' });
  });

  it('revokes a copy: gone from the list, its refresh refused from then on', async () => {
    const client = await registerWithSession(t);
    const copy = (await client.request('POST', '/api/v1/device-copies', { name: 'Lost phone' })).json();
    expect((await client.request('DELETE', `/api/v1/device-copies/${copy.id}`)).statusCode).toBe(204);
    expect((await client.request('GET', '/api/v1/device-copies')).json()).toEqual([]);
    const refused = await client.request('POST', `/api/v1/device-copies/${copy.id}/refresh`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ message: 'not found' });
    expect((await client.request('DELETE', `/api/v1/device-copies/${copy.id}`)).statusCode).toBe(404);
  });

  it('revoking a copy from another browser signs its device out; revoking its own copy does not', async () => {
    const laptop = await registerWithSession(t);
    const phone = await loginWithSession(t);
    const copy = (await phone.request('POST', '/api/v1/device-copies', { name: 'Lost phone' })).json();
    expect((await phone.request('GET', '/api/v1/twofaccounts?withSecret=1')).statusCode).toBe(200);

    expect((await laptop.request('DELETE', `/api/v1/device-copies/${copy.id}`)).statusCode).toBe(204);
    expect((await phone.request('GET', '/api/v1/twofaccounts?withSecret=1')).statusCode).toBe(401);
    // Signed out, the phone is still told that its copy is revoked, and erases it.
    expect((await phone.request('POST', `/api/v1/device-copies/${copy.id}/refresh`)).statusCode).toBe(404);
    expect((await laptop.request('GET', '/api/v1/twofaccounts?withSecret=1')).statusCode).toBe(200);
    // The phone's sign-in gets its sign-out time in the authentication log.
    const signIns = await t.db
      .selectFrom('auth_log')
      .select('logout_at')
      .where('event', '=', 'login')
      .execute();
    expect(signIns.filter((row) => row.logout_at !== null)).toHaveLength(1);

    // The device that turns its own copy off stays signed in.
    const own = (await laptop.request('POST', '/api/v1/device-copies', { name: 'Laptop' })).json();
    expect((await laptop.request('DELETE', `/api/v1/device-copies/${own.id}`)).statusCode).toBe(204);
    expect((await laptop.request('GET', '/api/v1/twofaccounts?withSecret=1')).statusCode).toBe(200);
  });

  it('ties a copy to the session that refreshed it last', async () => {
    const laptop = await registerWithSession(t);
    const first = await loginWithSession(t);
    const copy = (await first.request('POST', '/api/v1/device-copies', { name: 'Phone' })).json();
    // The phone signs in again: its new session refreshes the copy.
    const again = await loginWithSession(t);
    expect((await again.request('POST', `/api/v1/device-copies/${copy.id}/refresh`)).statusCode).toBe(200);
    expect((await laptop.request('DELETE', `/api/v1/device-copies/${copy.id}`)).statusCode).toBe(204);
    expect((await again.request('GET', '/api/v1/twofaccounts')).statusCode).toBe(401);
    expect((await laptop.request('GET', '/api/v1/twofaccounts')).statusCode).toBe(200);
  });

  it('refuses a missing or too long name, naming the field; a malformed id is a 404', async () => {
    const client = await registerWithSession(t);
    const missing = await client.request('POST', '/api/v1/device-copies', {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toHaveProperty('name');
    const long = await client.request('POST', '/api/v1/device-copies', { name: 'x'.repeat(256) });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toHaveProperty('name');
    // A malformed id is an unknown one, as for every other resource.
    const badId = await client.request('POST', '/api/v1/device-copies/nothex/refresh');
    expect(badId.statusCode).toBe(404);
  });

  it('needs a signed-in caller', async () => {
    const owner = await registerWithSession(t);
    const anonymous = new SessionClient(t);
    expect((await anonymous.request('GET', '/api/v1/device-copies')).statusCode).toBe(401);
    expect((await anonymous.request('POST', '/api/v1/device-copies', { name: 'x' })).statusCode).toBe(401);
    const copy = (await owner.request('POST', '/api/v1/device-copies', { name: 'Phone' })).json();
    const refresh = await anonymous.request('POST', `/api/v1/device-copies/${copy.id}/refresh`);
    expect(refresh.statusCode).toBe(401);
    expect((await owner.request('GET', '/api/v1/device-copies')).json()).toEqual([copy]);
  });
});
