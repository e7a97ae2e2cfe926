import { sql } from 'kysely';
import type { Executor } from '../db/database.js';
import { dbIds } from '../db/ids.js';
import { isActiveAccount } from '../db/active-accounts.js';

/*
 * The tags and which accounts carry them. Accounts in the trash are not counted and cannot be
 * tagged (`isActiveAccount`); their tags come back with them when restored.
 */

export interface TagRow {
  readonly id: number;
  readonly name: string;
  readonly twofaccounts_count: number;
}

type Count = string | number | bigint;

/** Every tag, by name (case-insensitive), with the number of accounts carrying it. */
export async function listTags(db: Executor): Promise<TagRow[]> {
  const rows = await db
    .selectFrom('tags')
    .select([
      'tags.id',
      'tags.name',
      (eb) =>
        eb
          .selectFrom('account_tags')
          .innerJoin('twofaccounts', 'twofaccounts.id', 'account_tags.account_id')
          .where(isActiveAccount)
          .select(eb.fn.countAll<Count>().as('c'))
          .whereRef('account_tags.tag_id', '=', 'tags.id')
          .as('twofaccounts_count'),
    ])
    .orderBy(sql`lower(name)`)
    .orderBy('tags.id')
    .execute();
  return rows.map((row) => ({ ...row, twofaccounts_count: Number(row.twofaccounts_count ?? 0) }));
}

export async function findTag(db: Executor, id: number): Promise<TagRow | undefined> {
  if (dbIds([id]).length === 0) return undefined;
  return (await listTags(db)).find((tag) => tag.id === id);
}

export async function tagExists(db: Executor, id: number): Promise<boolean> {
  if (dbIds([id]).length === 0) return false;
  return (await db.selectFrom('tags').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** The tag of that name whatever its case, other than `except`. */
export async function tagNamed(db: Executor, name: string, except?: number) {
  let query = db
    .selectFrom('tags')
    .select(['id', 'name'])
    .where(sql<boolean>`lower(name) = lower(${name})`);
  if (except !== undefined) query = query.where('id', '<>', except);
  return query.executeTakeFirst();
}

export async function insertTag(db: Executor, name: string, now: Date): Promise<number> {
  const row = await db
    .insertInto('tags')
    .values({ name, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function renameTag(db: Executor, id: number, name: string, now: Date): Promise<void> {
  await db.updateTable('tags').set({ name, updated_at: now }).where('id', '=', id).execute();
}

export async function deleteTag(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('tags').where('id', '=', id).execute();
}

/** Ids among `ids` that are accounts. */
export async function existingAccountIds(db: Executor, ids: readonly number[]): Promise<number[]> {
  const wanted = dbIds(ids);
  if (wanted.length === 0) return [];
  const rows = await db
    .selectFrom('twofaccounts')
    .select('id')
    .where('id', 'in', wanted)
    .where(isActiveAccount)
    .execute();
  return rows.map((row) => row.id);
}

/** Puts tag `tagId` on the accounts (those already carrying it unchanged). */
export async function addTagToAccounts(db: Executor, tagId: number, accountIds: readonly number[]) {
  if (accountIds.length === 0) return;
  await db
    .insertInto('account_tags')
    .values(accountIds.map((account_id) => ({ account_id, tag_id: tagId })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function removeTagFromAccounts(db: Executor, tagId: number, accountIds: readonly number[]) {
  const ids = dbIds(accountIds);
  if (ids.length === 0) return;
  await db.deleteFrom('account_tags').where('tag_id', '=', tagId).where('account_id', 'in', ids).execute();
}

/** The account's tags become exactly `tagIds`. */
export async function replaceAccountTags(db: Executor, accountId: number, tagIds: readonly number[]) {
  await db.deleteFrom('account_tags').where('account_id', '=', accountId).execute();
  if (tagIds.length === 0) return;
  await db
    .insertInto('account_tags')
    .values(tagIds.map((tag_id) => ({ account_id: accountId, tag_id })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** The tags of the given accounts (all accounts when `ids` is undefined), by account, names in order. */
export async function tagsByAccount(
  db: Executor,
  ids?: readonly number[],
): Promise<Map<number, { id: number; name: string }[]>> {
  let query = db
    .selectFrom('account_tags')
    .innerJoin('tags', 'tags.id', 'account_tags.tag_id')
    .select(['account_tags.account_id', 'tags.id', 'tags.name'])
    .orderBy(sql`lower(tags.name)`)
    .orderBy('tags.id');
  if (ids) {
    const wanted = dbIds(ids);
    if (wanted.length === 0) return new Map();
    query = query.where('account_tags.account_id', 'in', wanted);
  }
  const byAccount = new Map<number, { id: number; name: string }[]>();
  for (const row of await query.execute()) {
    const list = byAccount.get(row.account_id) ?? [];
    list.push({ id: row.id, name: row.name });
    byAccount.set(row.account_id, list);
  }
  return byAccount;
}
