/**
 * What a 2FAuth client library meets: encrypted export passwords taken as given on the way back
 * in, ids of the withdraw route in a JSON body, typed icon packs, and 415 for a body of a
 * content type a JSON route does not read.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { bearerCaller, createUserWithToken, multipart } from '../test/auth-helpers.js';
import { describeEachDatabase } from '../test/harness.js';

const URIS = [
  'otpauth://totp/GitHub:alice?secret=JBSWY3DPEHPK3PXP&issuer=GitHub',
  'otpauth://hotp/Mail:carol?secret=GEZDGNBVGY3TQOJQ&issuer=Mail&counter=3',
];

/** Spaces at both ends, non-ASCII letters and an emoji, and a 200-character one. */
const PASSWORDS = ['  spaced out  ', 'Grüße, 東京 🔐 ñ', 'x'.repeat(150) + 'é'.repeat(49) + ' '];

describeEachDatabase('2FAuth client libraries', (t) => {
  let token = '';
  const call = bearerCaller(t, () => token);
  beforeEach(async () => {
    token = await createUserWithToken(t.db);
    await call('PUT', '/api/v1/settings/getOfficialIcons', { value: false });
    for (const uri of URIS) await call('POST', '/api/v1/twofaccounts', { uri });
  });

  describe('encrypted export, then import: the password is taken as given', () => {
    it.each(PASSWORDS)('JSON payload and multipart file with %j', async (password) => {
      expect([...password].length === 200 || password.length < 200).toBe(true);
      const exported = await call('POST', '/api/v1/twofaccounts/export', { format: 'aegis', password });
      expect(exported.statusCode).toBe(200);
      const vault = exported.body;

      const asJson = await call('POST', '/api/v1/twofaccounts/migration', { payload: vault, password });
      expect(asJson.statusCode, asJson.body).toBe(200);
      expect(asJson.json<{ service: string }[]>().map((row) => row.service)).toEqual(['GitHub', 'Mail']);

      // The same password trimmed opens nothing: the server did not trim the one that worked.
      const trimmed = await call('POST', '/api/v1/twofaccounts/migration', {
        payload: vault,
        password: password.trim(),
      });
      expect(trimmed.statusCode).toBe(password === password.trim() ? 200 : 422);

      const form = multipart([
        { name: 'file', value: Buffer.from(vault), filename: 'vault.json' },
        { name: 'password', value: password },
      ]);
      const asForm = await call('POST', '/api/v1/twofaccounts/migration', form.payload, form.headers);
      expect(asForm.statusCode, asForm.body).toBe(200);
    });

    it('a password sent as a file part keeps its bytes, line breaks included', async () => {
      const password = 'line one\nline two\n';
      const vault = (await call('POST', '/api/v1/twofaccounts/export', { format: 'aegis', password })).body;
      const part = (value: string) =>
        multipart([
          { name: 'file', value: Buffer.from(vault), filename: 'vault.json' },
          { name: 'password', value: Buffer.from(value), filename: 'blob', contentType: 'text/plain' },
        ]);
      const right = part(password);
      expect(
        (await call('POST', '/api/v1/twofaccounts/migration', right.payload, right.headers)).statusCode,
      ).toBe(200);
      const crlf = part(password.replace(/\n/g, '\r\n'));
      const wrong = await call('POST', '/api/v1/twofaccounts/migration', crlf.payload, crlf.headers);
      expect(wrong.statusCode).toBe(422);
      expect(Object.keys(wrong.json<{ errors: object }>().errors)).toEqual(['password']);
    });
  });

  it('withdraw reads ids from the query string or the JSON body', async () => {
    const group = (await call('POST', '/api/v1/groups', { name: 'Work' })).json<{ id: number }>();
    const ids = (await call('GET', '/api/v1/twofaccounts')).json<{ id: number }[]>().map((a) => a.id);
    await call('POST', `/api/v1/groups/${group.id}/assign`, { ids });
    const inGroup = async () =>
      (await call('GET', `/api/v1/groups/${group.id}/twofaccounts`)).json<unknown[]>().length;
    expect(await inGroup()).toBe(2);

    const json = await call('PATCH', '/api/v1/twofaccounts/withdraw', { ids: String(ids[0]) });
    expect(json.statusCode, json.body).toBe(200);
    expect(json.json()).toEqual({ message: 'accounts withdrawn' });
    expect(await inGroup()).toBe(1);
    const query = await call('PATCH', `/api/v1/twofaccounts/withdraw?ids=${ids[1]}`, { method: 'PATCH' });
    expect(query.statusCode).toBe(200);
    expect(await inGroup()).toBe(0);

    const bad = await call('PATCH', '/api/v1/twofaccounts/withdraw', { ids: '1,2,' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ errors: { ids: [expect.stringMatching(/comma separated/)] } });
    const none = await call('PATCH', '/api/v1/twofaccounts/withdraw', { other: 1 });
    expect(none.statusCode).toBe(422);
    expect(none.json()).toEqual({
      message: 'The ids field is required.',
      errors: { ids: ['The ids field is required.'] },
    });
  });

  it('icon packs: an empty list', async () => {
    const packs = await call('GET', '/api/v1/icons/packs');
    expect(packs.statusCode).toBe(200);
    expect(packs.json()).toEqual([]);
  });

  it('a text/plain body on a JSON route is 415 in the JSON envelope', async () => {
    const response = await call('POST', '/api/v1/groups', 'name=Work', { 'content-type': 'text/plain' });
    expect(response.statusCode).toBe(415);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ message: 'Unsupported Media Type' });
    const withdraw = await call('PATCH', '/api/v1/twofaccounts/withdraw?ids=1', 'ids=1', {
      'content-type': 'text/plain; charset=utf-8',
    });
    expect(withdraw.statusCode).toBe(415);
  });
});
