import { beforeEach, expect, it } from 'vitest';
import { bearerCaller, createUserWithToken } from '../test/auth-helpers.js';
import { describeEachDatabase } from '../test/harness.js';
import { fixtures as F } from './fixtures.js';

const params = { service: 'Acme', account: 'john', otp_type: 'totp', secret: F.SECRET };
const keyed = (key: string) => ({ 'idempotency-key': key });
const reused = {
  message: 'The idempotency-key was already used for another request.',
  errors: { 'idempotency-key': ['The idempotency-key was already used for another request.'] },
};

describeEachDatabase('Idempotency-Key on account creation', (t) => {
  let token = '';
  const call = bearerCaller(t, () => token);
  const count = async () => (await call('GET', '/api/v1/twofaccounts/count')).json<{ count: number }>().count;
  beforeEach(async () => {
    token = await createUserWithToken(t.db);
  });

  it('answers a retry with the same key like the first creation, and stores the account once', async () => {
    for (const [key, body] of [
      ['row-1', params],
      ['row-2', { uri: F.HOTP_FULL_CUSTOM_URI_NO_IMG }],
    ] as const) {
      const first = await call('POST', '/api/v1/twofaccounts', body, keyed(key));
      expect(first.statusCode).toBe(201);
      // The same request again, its keys in another order: the same answer, the same account.
      const again = await call('POST', '/api/v1/twofaccounts', { ...body }, keyed(key));
      expect({ status: again.statusCode, body: again.json() }).toEqual({ status: 201, body: first.json() });
    }
    expect(await count()).toBe(2);
    const ids = (await call('GET', '/api/v1/twofaccounts')).json<{ id: number }[]>().map((a) => a.id);
    expect(ids).toEqual([1, 2]);
    // The answer follows `withSecret` as the first one did.
    const hidden = await call('POST', '/api/v1/twofaccounts?withSecret=0', params, keyed('row-1'));
    expect(hidden.json()).not.toHaveProperty('secret');
    expect(hidden.json()).toMatchObject({ id: 1, service: 'Acme' });
    // Nothing but the account's id is kept: no copy of the secret.
    const rows = await t.db.selectFrom('idempotency_keys').selectAll().orderBy('id').execute();
    expect(
      rows.map(({ key, account_id, status, user_id }) => ({ key, account_id, status, user_id })),
    ).toEqual([
      { key: 'row-1', account_id: 1, status: 201, user_id: 1 },
      { key: 'row-2', account_id: 2, status: 201, user_id: 1 },
    ]);
    expect(JSON.stringify(rows)).not.toContain(F.SECRET);
  });

  it('refuses the same key with another body (422 on idempotency-key), storing nothing', async () => {
    expect((await call('POST', '/api/v1/twofaccounts', params, keyed('k'))).statusCode).toBe(201);
    const other = await call('POST', '/api/v1/twofaccounts', { ...params, account: 'jane' }, keyed('k'));
    expect({ status: other.statusCode, body: other.json() }).toEqual({ status: 422, body: reused });
    expect(await count()).toBe(1);
  });

  it('stores twice without a key (2FAuth clients), and once per distinct key', async () => {
    await call('POST', '/api/v1/twofaccounts', params);
    await call('POST', '/api/v1/twofaccounts', params);
    await call('POST', '/api/v1/twofaccounts', params, keyed('a'));
    await call('POST', '/api/v1/twofaccounts', params, keyed('b'));
    expect(await count()).toBe(4);
  });

  it('creates one account for concurrent requests with the same key, all answered with it', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => call('POST', '/api/v1/twofaccounts', params, keyed('race'))),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(201));
    expect(new Set(answers.map((a) => a.json<{ id: number }>().id)).size).toBe(1);
    expect(await count()).toBe(1);
  });

  it('forgets a key after 24 hours, or when its account is deleted for good; a refused request keeps none', async () => {
    await call('POST', '/api/v1/twofaccounts', params, keyed('day'));
    t.clock.advance(24 * 3600 - 1);
    expect((await call('POST', '/api/v1/twofaccounts', params, keyed('day'))).json()).toMatchObject({
      id: 1,
    });
    t.clock.advance(2);
    expect((await call('POST', '/api/v1/twofaccounts', params, keyed('day'))).json()).toMatchObject({
      id: 2,
    });
    // The expired row was taken over, not duplicated; other expired keys are purged on the way.
    expect(await t.db.selectFrom('idempotency_keys').select('account_id').execute()).toEqual([
      { account_id: 2 },
    ]);
    await call('DELETE', '/api/v1/twofaccounts/2');
    await call('DELETE', '/api/v1/trash?ids=2');
    expect((await call('POST', '/api/v1/twofaccounts', params, keyed('day'))).json()).toMatchObject({
      id: 3,
    });
    const refused = await call('POST', '/api/v1/twofaccounts', { ...params, secret: '1.0' }, keyed('bad'));
    expect(refused.statusCode).toBe(422);
    expect((await call('POST', '/api/v1/twofaccounts', params, keyed('bad'))).json()).toMatchObject({
      id: 4,
    });
  });

  it('keeps a key through the trash: a retry answers the trashed account, and a restore gives one', async () => {
    const first = await call('POST', '/api/v1/twofaccounts', params, keyed('trash'));
    expect(first.statusCode).toBe(201);
    expect((await call('DELETE', '/api/v1/twofaccounts/1')).statusCode).toBe(204);
    expect(await count()).toBe(0);

    // The retry replays the first answer; nothing is stored and the account stays in the trash.
    const again = await call('POST', '/api/v1/twofaccounts', params, keyed('trash'));
    expect({ status: again.statusCode, body: again.json() }).toEqual({ status: 201, body: first.json() });
    expect(await count()).toBe(0);
    expect((await call('GET', '/api/v1/trash')).json()).toEqual([expect.objectContaining({ id: 1 })]);
    // Another body with that key is still refused.
    const other = await call('POST', '/api/v1/twofaccounts', { ...params, account: 'jane' }, keyed('trash'));
    expect(other.statusCode).toBe(422);

    expect((await call('POST', '/api/v1/trash/restore?ids=1')).statusCode).toBe(200);
    const accounts = (await call('GET', '/api/v1/twofaccounts?withSecret=1')).json<{ id: number }[]>();
    expect(accounts).toEqual([expect.objectContaining({ id: 1, secret: F.SECRET })]);
    // Restored, the key still answers the same account.
    expect((await call('POST', '/api/v1/twofaccounts', params, keyed('trash'))).json()).toEqual(first.json());
    expect(await count()).toBe(1);

    // Trash off: a delete is final, and the key goes with the account.
    expect((await call('PUT', '/api/v1/settings/trashRetentionDays', { value: 0 })).statusCode).toBe(200);
    expect((await call('DELETE', '/api/v1/twofaccounts/1')).statusCode).toBe(204);
    expect(await t.db.selectFrom('idempotency_keys').selectAll().execute()).toEqual([]);
    expect((await call('POST', '/api/v1/twofaccounts', params, keyed('trash'))).json()).toMatchObject({
      id: 2,
    });
  });

  it('refuses a key that is empty, too long or not printable ASCII, naming the header', async () => {
    for (const [key, message] of [
      ['', 'The idempotency-key field is required.'],
      ['x'.repeat(256), 'The idempotency-key field must not be greater than 255 characters.'],
      ['clé', 'The idempotency-key field format is invalid.'],
      ['a\tb', 'The idempotency-key field format is invalid.'],
    ]) {
      const response = await call('POST', '/api/v1/twofaccounts', params, keyed(key!));
      expect({ key, status: response.statusCode, body: response.json() }).toEqual({
        key,
        status: 422,
        body: { message, errors: { 'idempotency-key': [message] } },
      });
    }
    const longest = await call('POST', '/api/v1/twofaccounts', params, keyed(`~ ${'x'.repeat(253)}`));
    expect(longest.statusCode).toBe(201);
    expect(await count()).toBe(1);
  });
});
