import { expect, it } from 'vitest';
import { registerWithSession, SessionClient } from '../test/auth-helpers.js';
import { describeEachDatabase } from '../test/harness.js';

const NUL = '\u0000';
const LONE = '\uD800';

/** The fields a 422 names, or the status and body when it is not a 422. */
function fields(response: { statusCode: number; body: string; json<T>(): T }): string[] | string {
  if (response.statusCode !== 422) return `${response.statusCode} ${response.body}`;
  return Object.keys(response.json<{ errors: Record<string, unknown> }>().errors);
}

describeEachDatabase('text the database cannot store', (t) => {
  it('refuses U+0000 and lone surrogates with a 422 naming the field, on every route', async () => {
    const browser = await registerWithSession(t);
    const call = browser.call;

    expect(
      fields(
        await call('POST', '/api/v1/twofaccounts', {
          service: `a${NUL}b`,
          account: 'me',
          secret: 'A4GRFHVVRBGY7UIW',
          otp_type: 'totp',
        }),
      ),
    ).toEqual(['service']);
    expect(
      fields(
        await call('POST', '/api/v1/twofaccounts', {
          account: `x${LONE}`,
          secret: 'A4GRFHVVRBGY7UIW',
          otp_type: 'totp',
        }),
      ),
    ).toEqual(['account']);
    expect(
      fields(
        await call('POST', '/api/v1/twofaccounts', {
          uri: 'otpauth://totp/Issuer%00:me?secret=A4GRFHVVRBGY7UIW',
        }),
      ),
    ).toEqual(['service']);
    expect(
      fields(
        await call('POST', '/api/v1/twofaccounts', {
          uri: 'otpauth://totp/me%00x?secret=A4GRFHVVRBGY7UIW&issuer=ok',
        }),
      ),
    ).toEqual(['account']);
    expect(
      fields(
        await call('POST', '/api/v1/twofaccounts/preview', {
          uri: 'otpauth://totp/x?secret=A4GRFHVVRBGY7UIW&issuer=a%00',
        }),
      ),
    ).toEqual(['service']);
    expect(fields(await call('POST', '/api/v1/groups', { name: `g${NUL}` }))).toEqual(['name']);
    expect(fields(await call('POST', '/api/v1/settings', { key: 'myKey', value: `v${NUL}` }))).toEqual([
      'value',
    ]);
    expect(fields(await call('PUT', '/api/v1/settings/myOther', { value: `v${LONE}` }))).toEqual(['value']);
    expect(
      fields(await browser.request('POST', '/oauth/personal-access-tokens', { name: `pat${NUL}` })),
    ).toEqual(['name']);
    const anonymous = new SessionClient(t);
    expect(
      fields(await anonymous.request('POST', '/user/login', { email: `a${NUL}@b.co`, password: 'x' })),
    ).toEqual(['email']);
  });

  it('marks migration rows holding U+0000 invalid (-2) in the preview', async () => {
    const browser = await registerWithSession(t);
    const payload = [
      `otpauth://totp/Bad%00Issuer:me?secret=A4GRFHVVRBGY7UIW`,
      `otpauth://totp/Good:me?secret=A4GRFHVVRBGY7UIW`,
    ].join('\n');
    const response = await browser.request('POST', '/api/v1/twofaccounts/migration', {
      payload,
      withSecret: false,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ id: number }[]>().map((row) => row.id)).toEqual([-2, 0]);
  });
});
