import { beforeEach, expect, it } from 'vitest';
import { bearerCaller, createUserWithToken } from '../test/auth-helpers.js';
import { describeEachDatabase } from '../test/harness.js';

const SECRET = 'A4GRFHVVRBGY7UIW';

interface Listed {
  id: number;
  account: string;
  favorite?: true;
  favorite_order?: number | null;
  tags: string[];
  recovery_codes: { total: number; unused: number };
  has_note: boolean;
}

describeEachDatabase('the cached list with extras', (t) => {
  let token = '';
  const call = bearerCaller(t, () => token);
  const list = async () => (await call('GET', '/api/v1/twofaccounts?withExtras=1')).json<Listed[]>();
  const entry = async (id: number) => (await list()).find((account) => account.id === id)!;
  const newAccount = async (account: string) =>
    (await call('POST', '/api/v1/twofaccounts', { account, otp_type: 'totp', secret: SECRET })).json<{
      id: number;
    }>().id;

  beforeEach(async () => {
    token = await createUserWithToken(t.db);
  });

  it('answers from the cache until a write the app makes', async () => {
    const id = await newAccount('a');
    const first = await call('GET', '/api/v1/twofaccounts?withExtras=1');
    // A write that bypasses the app (no invalidation) stays unseen: the list came from the cache.
    const raw = t.db.withoutPlugins();
    const tag = await raw
      .insertInto('tags')
      .values({ name: 'Hidden' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await raw.insertInto('account_tags').values({ account_id: id, tag_id: tag.id }).execute();
    const second = await call('GET', '/api/v1/twofaccounts?withExtras=1');
    expect(second.body).toBe(first.body);
    expect(second.json<Listed[]>()[0]!.tags).toBeUndefined();
    // Without the flag, the list is still 2FAuth's own.
    expect(Object.keys((await call('GET', '/api/v1/twofaccounts')).json<object[]>()[0]!)).not.toContain(
      'tags',
    );
  });

  it('shows a tag, favourite, note or recovery-code write in the next list', async () => {
    const id = await newAccount('a');
    const other = await newAccount('b');
    // Nothing to say: no extras field at all (absent means none).
    for (const field of ['tags', 'has_note', 'recovery_codes', 'favorite']) {
      expect(await entry(id)).not.toHaveProperty(field);
    }

    // Tags: created, put on, renamed, taken off, deleted.
    const tag = (await call('POST', '/api/v1/tags', { name: 'Work' })).json<{ id: number }>();
    await call('POST', `/api/v1/tags/${tag.id}/assign`, { ids: [id, other] });
    expect((await entry(id)).tags).toEqual(['Work']);
    await call('PUT', `/api/v1/tags/${tag.id}`, { name: 'Office' });
    expect((await entry(other)).tags).toEqual(['Office']);
    await call('POST', `/api/v1/tags/${tag.id}/withdraw`, { ids: [other] });
    expect(await entry(other)).not.toHaveProperty('tags');
    await call('DELETE', `/api/v1/tags/${tag.id}`);
    expect(await entry(id)).not.toHaveProperty('tags');

    // Favourites: starred, reordered, unstarred.
    await call('PUT', `/api/v1/twofaccounts/${id}/favorite`, { favorite: true });
    expect(await entry(id)).toMatchObject({ favorite: true, favorite_order: 1 });
    await call('PUT', `/api/v1/twofaccounts/${id}/favorite`, { favorite: true, favorite_order: 7 });
    expect((await entry(id)).favorite_order).toBe(7);
    await call('PUT', `/api/v1/twofaccounts/${id}/favorite`, { favorite: false });
    expect((await entry(id)).favorite).toBeUndefined();

    // Note and recovery codes: written, one marked used, cleared.
    await call('PUT', `/api/v1/twofaccounts/${id}/recovery`, {
      note: 'in the safe',
      recovery_codes: [{ code: 'aaaa-1111' }, { code: 'bbbb-2222' }],
    });
    expect(await entry(id)).toMatchObject({ has_note: true, recovery_codes: { total: 2, unused: 2 } });
    const revealed = (await call('GET', `/api/v1/twofaccounts/${id}/recovery`)).json<{
      recovery_codes: { id: number }[];
    }>();
    await call('PATCH', `/api/v1/twofaccounts/${id}/recovery-codes/${revealed.recovery_codes[0]!.id}`, {
      used: true,
    });
    expect((await entry(id)).recovery_codes).toEqual({ total: 2, unused: 1 });
    await call('PUT', `/api/v1/twofaccounts/${id}/recovery`, { note: null, recovery_codes: [] });
    expect(await entry(id)).not.toHaveProperty('has_note');
    expect(await entry(id)).not.toHaveProperty('recovery_codes');
  });

  it('keeps the extras through a write to the accounts alone, and reads them again after their own', async () => {
    const id = await newAccount('a');
    const tag = (await call('POST', '/api/v1/tags', { name: 'Work' })).json<{ id: number }>();
    await call('POST', `/api/v1/tags/${tag.id}/assign`, { ids: [id] });
    expect((await entry(id)).tags).toEqual(['Work']);
    // An account write the app makes: the list is rebuilt, its extras come from their own cache
    // (a tag slipped in behind the app's back stays unseen) and the new account has none.
    const raw = t.db.withoutPlugins();
    await raw.insertInto('tags').values({ name: 'Hidden' }).execute();
    const hidden = await raw
      .selectFrom('tags')
      .select('id')
      .where('name', '=', 'Hidden')
      .executeTakeFirstOrThrow();
    await raw.insertInto('account_tags').values({ account_id: id, tag_id: hidden.id }).execute();
    const renamed = await call('PUT', `/api/v1/twofaccounts/${id}`, {
      account: 'renamed',
      service: null,
      icon: null,
      otp_type: 'totp',
      secret: SECRET,
      digits: 6,
      algorithm: 'sha1',
    });
    expect(renamed.statusCode).toBe(200);
    const other = await newAccount('b');
    expect(await entry(id)).toMatchObject({ account: 'renamed', tags: ['Work'] });
    expect(await entry(other)).not.toHaveProperty('tags');
    // A write to the tags themselves reads them all again.
    await call('PUT', `/api/v1/tags/${tag.id}`, { name: 'Office' });
    expect((await entry(id)).tags).toEqual(['Hidden', 'Office']);
  });
});
