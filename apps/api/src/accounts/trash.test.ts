import { beforeEach, expect, it } from 'vitest';
import { bearerCaller, createUserWithToken, multipart } from '../test/auth-helpers.js';
import { describeEachDatabase } from '../test/harness.js';
import { fixtures as F } from './fixtures.js';
import { purgeExpired } from './trash.service.js';
import { storedIcons } from '../test/stored-icons.js';

const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAACXBIWXMAAA7EAAAOxAGVKw4bAAAAC0lEQVQImWP4DwQACfsD/eNV8pwAAAAASUVORK5CYII=',
  'base64',
);
const DAY = 24 * 60 * 60;

describeEachDatabase('trash and favourites', (t) => {
  let token = '';
  const call = bearerCaller(t, () => token);
  const create = async (body: Record<string, unknown>) => {
    const response = await call('POST', '/api/v1/twofaccounts', body);
    expect(response.statusCode).toBe(201);
    return response.json<{ id: number }>().id;
  };
  const minimal = (account: string, extra: Record<string, unknown> = {}) =>
    create({ account, otp_type: 'totp', secret: F.SECRET, ...extra });
  const names = async (query = '') =>
    (await call('GET', `/api/v1/twofaccounts${query}`)).json<{ account: string }[]>().map((a) => a.account);
  const uploadIcon = async () => {
    const form = multipart([
      { name: 'icon', value: PNG_1x1, filename: 'x.png', contentType: 'application/octet-stream' },
    ]);
    return (await call('POST', '/api/v1/icons', form.payload, form.headers)).json<{ filename: string }>()
      .filename;
  };
  const iconStored = async (name: string) => (await storedIcons(t)).includes(name);
  beforeEach(async () => {
    token = await createUserWithToken(t.db);
    await call('PUT', '/api/v1/settings/getOfficialIcons', { value: false });
  });

  it('a delete answers as before and moves the account out of every read', async () => {
    await call('POST', '/api/v1/groups', { name: 'G' });
    const a = await minimal('a', { group_id: 1 });
    const b = await minimal('b', { group_id: 1 });
    await minimal('c');
    const deleted = await call('DELETE', `/api/v1/twofaccounts/${a}`);
    expect({ status: deleted.statusCode, body: deleted.body }).toEqual({ status: 204, body: '' });
    expect((await call('DELETE', `/api/v1/twofaccounts/${a}`)).json()).toEqual({ message: 'not found' });
    expect(await names()).toEqual(['b', 'c']);
    expect((await call('GET', `/api/v1/twofaccounts?ids=${a},${b}`)).json()).toHaveLength(1);
    expect((await call('GET', `/api/v1/twofaccounts/${a}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/v1/twofaccounts/${a}/otp`)).statusCode).toBe(404);
    expect((await call('GET', '/api/v1/twofaccounts/count')).json()).toMatchObject({ count: 2 });
    expect((await call('GET', '/api/v1/groups/1')).json()).toMatchObject({ twofaccounts_count: 1 });
    expect((await call('GET', '/api/v1/groups/1/twofaccounts')).json()).toHaveLength(1);
    const exported = (await call('GET', '/api/v1/twofaccounts/export')).json<{
      data: { account: string }[];
    }>();
    expect(exported.data.map((row) => row.account)).toEqual(['b', 'c']);
    // The same secret in the trash is no duplicate of a stored account.
    const duplicates = await call('POST', '/api/v1/twofaccounts/duplicates', {
      otp_type: 'totp',
      secret: F.SECRET,
    });
    expect(duplicates.json<{ id: number }[]>().map((row) => row.id)).not.toContain(a);
    // The batch delete too, unknown ids ignored.
    expect((await call('DELETE', `/api/v1/twofaccounts?ids=${b},999`)).statusCode).toBe(204);
    expect(await names()).toEqual(['c']);
    const trash = (await call('GET', '/api/v1/trash')).json<Record<string, unknown>[]>();
    expect(trash.map((row) => row.account)).toEqual(['a', 'b']);
    expect(trash[0]).toEqual({
      id: a,
      group_id: 1,
      otp_type: 'totp',
      account: 'a',
      service: null,
      icon: null,
      trashed_at: '2023-11-14T22:13:20.000000Z',
      purge_at: '2023-12-14T22:13:20.000000Z',
    });
    expect(JSON.stringify(trash)).not.toContain(F.SECRET);
  });

  it('a restore brings everything back: group, icon, counter, order, favourite', async () => {
    await call('POST', '/api/v1/groups', { name: 'G' });
    const icon = await uploadIcon();
    await minimal('first');
    const hotp = await create({
      account: 'h',
      otp_type: 'hotp',
      secret: F.SECRET,
      counter: 5,
      group_id: 1,
      icon,
    });
    await minimal('last');
    await call('PUT', `/api/v1/twofaccounts/${hotp}/favorite`, { favorite: true });
    expect((await call('GET', `/api/v1/twofaccounts/${hotp}/otp`)).json()).toMatchObject({ counter: 6 });
    const before = (await call('GET', `/api/v1/twofaccounts/${hotp}?withExtras=1`)).json();
    await call('DELETE', `/api/v1/twofaccounts/${hotp}`);
    expect(await iconStored(icon)).toBe(true);
    expect(await names()).toEqual(['first', 'last']);
    const restored = await call('POST', `/api/v1/trash/restore?ids=${hotp},77`);
    expect(restored.json()).toEqual({ ids: [hotp] });
    expect((await call('GET', `/api/v1/twofaccounts/${hotp}?withExtras=1`)).json()).toEqual(before);
    expect(before).toMatchObject({ group_id: 1, icon, counter: 6, favorite: true, favorite_order: 1 });
    expect(await names()).toEqual(['first', 'h', 'last']);
    expect((await call('GET', '/api/v1/trash')).json()).toEqual([]);
  });

  it('purges what is past its date (daily job), deletes for good, empties; icons go with them', async () => {
    const icon = await uploadIcon();
    const old = await minimal('old', { icon });
    await call('DELETE', `/api/v1/twofaccounts/${old}`);
    t.clock.advance(10 * DAY);
    const recent = await minimal('recent');
    await call('DELETE', `/api/v1/twofaccounts/${recent}`);
    t.clock.advance(20 * DAY - 1);
    await purgeExpired(t.app.deps);
    expect((await call('GET', '/api/v1/trash')).json<unknown[]>()).toHaveLength(2);
    t.clock.advance(1);
    await purgeExpired(t.app.deps);
    expect((await call('GET', '/api/v1/trash')).json<{ id: number }[]>().map((row) => row.id)).toEqual([
      recent,
    ]);
    expect(await iconStored(icon)).toBe(false);
    // A purged account cannot be restored.
    expect((await call('POST', `/api/v1/trash/restore?ids=${old}`)).json()).toEqual({ ids: [] });

    const a = await minimal('a');
    const b = await minimal('b');
    await call('DELETE', `/api/v1/twofaccounts?ids=${a},${b}`);
    // Deleting for good touches only the trash: an active account listed is left alone.
    const c = await minimal('c');
    expect((await call('DELETE', `/api/v1/trash?ids=${a},${c}`)).statusCode).toBe(204);
    expect(await names()).toEqual(['c']);
    expect((await call('GET', '/api/v1/trash')).json<{ id: number }[]>().map((row) => row.id)).toEqual([
      b,
      recent,
    ]);
    expect((await call('DELETE', '/api/v1/trash/all')).statusCode).toBe(204);
    expect((await call('GET', '/api/v1/trash')).json()).toEqual([]);
    expect((await call('DELETE', '/api/v1/trash')).json()).toMatchObject({
      errors: { ids: ['The ids field is required.'] },
    });
  });

  it('retention 0 deletes at once as before; the setting is checked', async () => {
    expect((await call('GET', '/api/v1/settings/trashRetentionDays')).json()).toEqual({
      key: 'trashRetentionDays',
      value: 30,
    });
    expect((await call('PUT', '/api/v1/settings/trashRetentionDays', { value: 366 })).json()).toMatchObject({
      errors: { value: ['The value field must be between 0 and 365.'] },
    });
    expect((await call('PUT', '/api/v1/settings/trashRetentionDays', { value: 0 })).statusCode).toBe(200);
    const icon = await uploadIcon();
    const a = await minimal('a', { icon });
    await call('DELETE', `/api/v1/twofaccounts/${a}`);
    expect((await call('GET', '/api/v1/trash')).json()).toEqual([]);
    expect(await iconStored(icon)).toBe(false);
    // Setting it to 0 later: the next purge empties what was kept.
    await call('PUT', '/api/v1/settings/trashRetentionDays', { value: 7 });
    await call('DELETE', `/api/v1/twofaccounts/${await minimal('b')}`);
    await call('PUT', '/api/v1/settings/trashRetentionDays', { value: 0 });
    await purgeExpired(t.app.deps);
    expect((await call('GET', '/api/v1/trash')).json()).toEqual([]);
  });

  it('favourites: extras only with withExtras, starring order, unstarring', async () => {
    const a = await minimal('a');
    const b = await minimal('b');
    const c = await minimal('c');
    const plain = (await call('GET', '/api/v1/twofaccounts')).json<Record<string, unknown>[]>();
    expect(plain[0]).not.toHaveProperty('favorite');
    expect((await call('GET', `/api/v1/twofaccounts/${a}`)).json()).not.toHaveProperty('favorite_order');
    expect((await call('GET', '/api/v1/groups/0/twofaccounts')).json<object[]>()[0]).not.toHaveProperty(
      'favorite',
    );
    const starred = await call('PUT', `/api/v1/twofaccounts/${c}/favorite`, { favorite: true });
    expect(starred.json()).toMatchObject({ id: c, favorite: true, favorite_order: 1 });
    expect(starred.json()).not.toHaveProperty('secret');
    await call('PUT', `/api/v1/twofaccounts/${a}/favorite`, { favorite: true });
    const extras = async () =>
      (await call('GET', '/api/v1/twofaccounts?withExtras=1'))
        .json<{ account: string; favorite?: boolean; favorite_order?: number | null }[]>()
        .map((row) => [row.account, row.favorite, row.favorite_order]);
    // Written on favourites only: absent = not starred.
    expect(await extras()).toEqual([
      ['a', true, 2],
      ['b', undefined, undefined],
      ['c', true, 1],
    ]);
    await call('PUT', `/api/v1/twofaccounts/${c}/favorite`, { favorite: false });
    await call('PUT', `/api/v1/twofaccounts/${b}/favorite`, { favorite: true, favorite_order: 0 });
    expect(await extras()).toEqual([
      ['a', true, 2],
      ['b', true, 0],
      ['c', undefined, undefined],
    ]);
    // Writes answer the extras only when asked.
    const put = {
      service: null,
      icon: null,
      account: 'a2',
      otp_type: 'totp',
      secret: F.SECRET,
      digits: 6,
      algorithm: 'sha1',
    };
    expect((await call('PUT', `/api/v1/twofaccounts/${a}`, put)).json()).not.toHaveProperty('favorite');
    expect((await call('PUT', `/api/v1/twofaccounts/${a}?withExtras=1`, put)).json()).toMatchObject({
      favorite: true,
    });
    // The Aegis export (and so the encrypted backups) carries the star.
    const aegis = (await call('GET', '/api/v1/twofaccounts/export?format=aegis')).json<{
      db: { entries: { name: string; favorite: boolean }[] };
    }>();
    expect(aegis.db.entries.map((entry) => [entry.name, entry.favorite])).toEqual([
      ['a2', true],
      ['b', true],
      ['c', false],
    ]);
    expect((await call('PUT', '/api/v1/twofaccounts/99/favorite', { favorite: true })).statusCode).toBe(404);
    expect((await call('PUT', `/api/v1/twofaccounts/${a}/favorite`, {})).json()).toMatchObject({
      errors: { favorite: expect.any(Array) },
    });
  });

  it("the import reads Aegis's favourite, only for clients that ask (withExtras)", async () => {
    const entry = (name: string, favorite: boolean) => ({
      type: 'totp',
      uuid: '01234567-89ab-4cde-8f01-23456789abcd',
      name,
      issuer: 'S',
      note: '',
      favorite,
      icon: null,
      info: { secret: F.SECRET, algo: 'SHA1', digits: 6, period: 30 },
      groups: [],
    });
    const payload = JSON.stringify({
      version: 1,
      header: { slots: null, params: null },
      db: { version: 3, entries: [entry('a', true), entry('b', false)], groups: [] },
    });
    const rows = async (extra: Record<string, unknown>) =>
      (await call('POST', '/api/v1/twofaccounts/migration', { payload, ...extra }))
        .json<{ account: string; favorite?: boolean }[]>()
        .map((row) => [row.account, row.favorite]);
    expect(await rows({ withExtras: '1' })).toEqual([
      ['a', true],
      ['b', undefined],
    ]);
    const plain = await call('POST', '/api/v1/twofaccounts/migration', { payload });
    expect(plain.body).not.toContain('favorite');
  });

  it('finds stored accounts with the same type and secret, without answering the secret', async () => {
    const a = await create({ service: 'S', account: 'a', otp_type: 'totp', secret: F.SECRET });
    await create({ account: 'h', otp_type: 'hotp', secret: F.SECRET });
    const found = await call('POST', '/api/v1/twofaccounts/duplicates', {
      otp_type: 'TOTP',
      secret: F.SECRET.toLowerCase(),
    });
    expect(found.json()).toEqual([{ id: a, service: 'S', account: 'a' }]);
    const none = await call('POST', '/api/v1/twofaccounts/duplicates', { otp_type: 'totp', secret: 'AAAA' });
    expect(none.json()).toEqual([]);
    expect((await call('POST', '/api/v1/twofaccounts/duplicates', {})).statusCode).toBe(422);
  });
});
