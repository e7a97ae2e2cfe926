import { sql } from 'kysely';
import { beforeEach, expect, it } from 'vitest';
import { bearerCaller, createUserWithToken } from '../test/auth-helpers.js';
import { describeEachDatabase } from '../test/harness.js';
import { fixtures as F } from './fixtures.js';

interface Changes {
  revision: string;
  reset: boolean;
  accounts: { id: number; account: string; secret?: string; tags?: string[]; favorite?: boolean }[];
  removed: number[];
  order: number[];
}

describeEachDatabase('account changes', (t) => {
  let token = '';
  const call = bearerCaller(t, () => token);
  const create = async (account: string, extra: Record<string, unknown> = {}) => {
    const response = await call('POST', '/api/v1/twofaccounts', {
      account,
      otp_type: 'totp',
      secret: F.SECRET,
      ...extra,
    });
    expect(response.statusCode).toBe(201);
    return response.json<{ id: number }>().id;
  };
  const changes = async (since?: string) => {
    const response = await call(
      'GET',
      `/api/v1/twofaccounts/changes${since === undefined ? '' : `?since=${encodeURIComponent(since)}`}`,
    );
    expect(response.statusCode).toBe(200);
    return response.json<Changes>();
  };
  const names = (answer: Changes) => answer.accounts.map((account) => account.account).sort();

  beforeEach(async () => {
    token = await createUserWithToken(t.db);
    await call('PUT', '/api/v1/settings/trashRetentionDays', { value: 30 });
  });

  it('answers every account with its secret and extras at first, then nothing when nothing changed', async () => {
    const first = await create('first', { tags: ['work'] });
    const second = await create('second');
    const all = await changes();
    expect(all.reset).toBe(true);
    expect(all.removed).toEqual([]);
    expect(all.order).toEqual([first, second]);
    expect(all.accounts).toEqual([
      expect.objectContaining({ id: first, account: 'first', secret: F.SECRET, tags: ['work'] }),
      expect.objectContaining({ id: second, account: 'second', secret: F.SECRET }),
    ]);
    expect(all.revision).toMatch(/^[0-9a-f]{32}\.\d+$/);
    const none = await changes(all.revision);
    expect(none).toEqual({
      revision: expect.any(String),
      reset: false,
      accounts: [],
      removed: [],
      order: [first, second],
    });
  });

  it('answers only the accounts written since, and the ids deleted or trashed since', async () => {
    const kept = await create('kept');
    const edited = await create('edited');
    const trashed = await create('trashed');
    const deleted = await create('deleted');
    const tagged = await create('tagged');
    await call('PUT', '/api/v1/settings/trashRetentionDays', { value: 0 });
    const before = await changes();

    const edit = await call('PUT', `/api/v1/twofaccounts/${edited}`, {
      ...F.FULL_CUSTOM_TOTP_PARAMS,
      icon: null,
      account: 'edited again',
    });
    expect(edit.statusCode).toBe(200);
    expect((await call('DELETE', `/api/v1/twofaccounts/${deleted}`)).statusCode).toBe(204);
    await call('PUT', '/api/v1/settings/trashRetentionDays', { value: 30 });
    expect((await call('DELETE', `/api/v1/twofaccounts/${trashed}`)).statusCode).toBe(204);
    expect(
      (await call('PUT', `/api/v1/twofaccounts/${tagged}/favorite`, { favorite: true })).statusCode,
    ).toBe(200);
    const added = await create('added');

    const after = await changes(before.revision);
    expect(after.reset).toBe(false);
    expect(names(after)).toEqual(['added', 'edited again', 'tagged']);
    expect(after.accounts.find((account) => account.id === tagged)).toMatchObject({ favorite: true });
    expect(after.removed.sort()).toEqual([trashed, deleted].sort());
    expect(after.order).toEqual([kept, edited, tagged, added]);
    expect(after.order).not.toContain(trashed);

    // Restored from the trash: written again.
    expect((await call('POST', `/api/v1/trash/restore?ids=${trashed}`)).statusCode).toBe(200);
    const restored = await changes(after.revision);
    expect(names(restored)).toEqual(['trashed']);
    expect(restored.removed).toEqual([]);
  });

  it('answers an account whose tags or note changed, and those of a renamed tag', async () => {
    const plain = await create('plain');
    const tagged = await create('tagged', { tags: ['home'] });
    const noted = await create('noted');
    const before = await changes();
    expect((await call('PUT', `/api/v1/twofaccounts/${noted}/recovery`, { note: 'a note' })).statusCode).toBe(
      200,
    );
    const afterNote = await changes(before.revision);
    expect(afterNote.accounts.map((account) => account.id)).toEqual([noted]);

    const tags = (await call('GET', '/api/v1/tags')).json<{ id: number; name: string }[]>();
    const home = tags.find((tag) => tag.name === 'home')!;
    expect((await call('PUT', `/api/v1/tags/${home.id}`, { name: 'house' })).statusCode).toBe(200);
    const afterRename = await changes(afterNote.revision);
    expect(afterRename.accounts).toEqual([expect.objectContaining({ id: tagged, tags: ['house'] })]);
    expect(afterRename.order).toEqual([plain, tagged, noted]);
  });

  it('answers every account again for a revision it cannot serve', async () => {
    await create('one');
    const first = await changes();
    // Another database's epoch.
    const other = await changes(`${'0'.repeat(32)}.${first.revision.split('.')[1]}`);
    expect(other.reset).toBe(true);
    expect(names(other)).toEqual(['one']);
    // A number this database has not reached.
    const ahead = await changes(`${first.revision.split('.')[0]}.99999999999999`);
    expect(ahead.reset).toBe(true);
    // Older than the tombstones kept.
    const gone = await create('gone');
    await call('PUT', '/api/v1/settings/trashRetentionDays', { value: 0 });
    expect((await call('DELETE', `/api/v1/twofaccounts/${gone}`)).statusCode).toBe(204);
    // Deleted 181 days ago, by the database's clock (the one that dates tombstones).
    await sql`update account_tombstones set removed_at = now() - interval '181 days'`.execute(t.db);
    const old = await changes(first.revision);
    expect(old.reset).toBe(true);
    expect(names(old)).toEqual(['one']);
    expect(old.removed).toEqual([]);
  });

  it('refuses a malformed revision, naming the field', async () => {
    const response = await call('GET', '/api/v1/twofaccounts/changes?since=yesterday');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ errors: { since: [expect.any(String)] } });
  });
});
