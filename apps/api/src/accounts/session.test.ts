import { expect, it } from 'vitest';
import { registerWithSession } from '../test/auth-helpers.js';
import { describeEachDatabase } from '../test/harness.js';
import { fixtures as F } from './fixtures.js';

describeEachDatabase('accounts from the web app (session cookie)', (t) => {
  it('HOTP counters are not spent by accident: HEAD never, a session GET only with the CSRF header', async () => {
    const client = await registerWithSession(t);
    await client.request('PUT', '/api/v1/settings/getOfficialIcons', { value: false });
    const created = await client.request('POST', '/api/v1/twofaccounts', { uri: F.HOTP_SHORT_URI });
    expect(created.statusCode).toBe(201);
    const totp = await client.request('POST', '/api/v1/twofaccounts', { uri: F.TOTP_SHORT_URI });
    expect(totp.statusCode).toBe(201);

    const noHeader = await client.request('GET', '/api/v1/twofaccounts/1/otp');
    expect({ status: noHeader.statusCode, body: noHeader.json() }).toEqual({
      status: 419,
      body: { message: 'CSRF token mismatch.' },
    });
    const wrong = await client.request('GET', '/api/v1/twofaccounts/1/otp', undefined, {
      'x-xsrf-token': 'wrong',
    });
    expect(wrong.statusCode).toBe(419);
    const head = await client.request('HEAD', '/api/v1/twofaccounts/1/otp');
    expect(head.statusCode).toBe(200);
    expect((await client.request('GET', '/api/v1/twofaccounts/1')).json()).toMatchObject({ counter: 0 });

    const spent = await client.request('GET', '/api/v1/twofaccounts/1/otp', undefined, {
      'x-xsrf-token': client.csrfToken ?? '',
    });
    expect(spent.json()).toEqual({ password: '539470', otp_type: 'hotp', counter: 1 });
    expect((await client.request('GET', '/api/v1/twofaccounts/1')).json()).toMatchObject({ counter: 1 });

    // TOTP codes change nothing: no CSRF header needed.
    const code = await client.request('GET', '/api/v1/twofaccounts/2/otp');
    expect(code.json()).toEqual({
      password: '504487',
      otp_type: 'totp',
      generated_at: 1700000000,
      period: 30,
      next_password: '392673',
    });
  });
});
