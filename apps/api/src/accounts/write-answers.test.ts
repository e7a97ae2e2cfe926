import { beforeEach, expect, it } from 'vitest';
import { bearerCaller, createUserWithToken, switchEncryption } from '../test/auth-helpers.js';
import { describeEachDatabase } from '../test/harness.js';
import { fixtures as F } from './fixtures.js';

/*
 * A create or an update answers the account from what it wrote, without reading it back: these
 * tests hold that answer to what a read of the same account answers afterwards, field by field,
 * with every flag a client can ask for.
 */
describeEachDatabase("a write's answer is what a read answers", (t) => {
  let token = '';
  const call = bearerCaller(t, () => token);
  const FLAGS = ['', '?withSecret=1', '?withExtras=1', '?withSecret=1&withExtras=1'];

  beforeEach(async () => {
    token = await createUserWithToken(t.db);
    await call('PUT', '/api/v1/settings/getOfficialIcons', { value: false });
  });

  const readBack = async (id: number, flags: string) =>
    (await call('GET', `/api/v1/twofaccounts/${id}${flags}`)).json<Record<string, unknown>>();

  for (const encrypted of [false, true]) {
    it(`creates from a URI and from parameters, then updates (encryption at rest ${encrypted ? 'on' : 'off'})`, async () => {
      if (encrypted) expect((await switchEncryption(t, true)).statusCode).toBe(200);
      const group = (await call('POST', '/api/v1/groups', { name: 'Work' })).json<{ id: number }>();
      const bodies = [
        { uri: F.TOTP_FULL_CUSTOM_URI_NO_IMG, group_id: group.id, tags: ['b', 'a'], favorite: true },
        {
          service: 'Counter',
          account: 'hotp@example.com',
          otp_type: 'hotp',
          secret: F.SECRET,
          counter: 7,
          digits: 8,
          algorithm: 'sha256',
          websites: ['example.com'],
          note: 'kept with the account',
          recovery_codes: [{ code: 'one-1' }, { code: 'two-2' }],
        },
      ];
      for (const body of bodies) {
        for (const flags of FLAGS) {
          const created = await call('POST', `/api/v1/twofaccounts${flags}`, {
            ...body,
            ...('account' in body ? { account: `${body.account}${flags.length}` } : {}),
          });
          expect(created.statusCode).toBe(201);
          const answer = created.json<Record<string, unknown> & { id: number }>();
          expect(answer).toEqual(await readBack(answer.id, flags));

          const updated = await call('PUT', `/api/v1/twofaccounts/${answer.id}${flags}`, {
            service: 'Renamed',
            account: `renamed-${answer.id}`,
            otp_type: 'totp',
            secret: F.SECRET,
            digits: 6,
            algorithm: 'sha1',
            period: 45,
            icon: null,
            group_id: 0,
            favorite: !('favorite' in body),
            tags: ['c'],
          });
          expect(updated.statusCode).toBe(200);
          expect(updated.json()).toEqual(await readBack(answer.id, flags));
        }
      }
    });
  }
});
