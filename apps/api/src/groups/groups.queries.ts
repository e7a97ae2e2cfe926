import { sql } from 'kysely';
import type { Executor, Transaction } from '../db/database.js';
import { dbIds } from '../db/ids.js';
import { activeAccounts, isActiveAccount } from '../db/active-accounts.js';

export interface GroupRow {
  readonly id: number;
  readonly name: string;
  readonly show_in_chips: boolean;
  readonly twofaccounts_count: number;
}

function groupsWithCount(db: Executor) {
  return db
    .selectFrom('groups')
    .select([
      'groups.id',
      'groups.name',
      'groups.show_in_chips',
      (eb) =>
        eb
          .selectFrom('twofaccounts')
          .select(eb.fn.countAll<string | number | bigint>().as('c'))
          .whereRef('twofaccounts.group_id', '=', 'groups.id')
          .where(isActiveAccount)
          .as('twofaccounts_count'),
    ]);
}

const toGroupRow = (row: {
  id: number;
  name: string;
  show_in_chips: boolean;
  twofaccounts_count: string | number | bigint | null;
}): GroupRow => ({ ...row, twofaccounts_count: Number(row.twofaccounts_count ?? 0) });

/** Groups in their manual order (new groups last). */
export async function listGroups(db: Executor): Promise<GroupRow[]> {
  const rows = await groupsWithCount(db)
    .orderBy(sql`position asc nulls last`)
    .orderBy('groups.id')
    .execute();
  return rows.map(toGroupRow);
}

export async function findGroup(db: Executor, id: number): Promise<GroupRow | undefined> {
  if (dbIds([id]).length === 0) return undefined;
  const row = await groupsWithCount(db).where('groups.id', '=', id).executeTakeFirst();
  return row ? toGroupRow(row) : undefined;
}

export async function groupExists(db: Executor, id: number): Promise<boolean> {
  if (dbIds([id]).length === 0) return false;
  const row = await db.selectFrom('groups').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

export async function countAllAccounts(db: Executor): Promise<number> {
  const row = await activeAccounts(db)
    .select((eb) => eb.fn.countAll<string | number | bigint>().as('c'))
    .executeTakeFirstOrThrow();
  return Number(row.c);
}

/** True when another group already has this name, whatever the letter case. */
export async function groupNameTaken(db: Executor, name: string, exceptId?: number): Promise<boolean> {
  let query = db
    .selectFrom('groups')
    .select('id')
    .where(sql<boolean>`lower(name) = lower(${name})`);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertGroup(
  db: Executor,
  name: string,
  showInChips: boolean,
  now: Date,
): Promise<number> {
  const row = await db
    .insertInto('groups')
    .values({
      name,
      show_in_chips: showInChips,
      position: sql<number>`(select coalesce(max(position), 0) + 1 from groups)`,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateGroup(
  db: Executor,
  id: number,
  changes: { name: string; show_in_chips?: boolean },
  now: Date,
): Promise<void> {
  await db
    .updateTable('groups')
    .set({ ...changes, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** Deletes a group; its accounts become group-less; default/active group settings pointing at it reset to 0. */
export async function deleteGroup(trx: Transaction, id: number, now: Date): Promise<boolean> {
  await trx.updateTable('twofaccounts').set({ group_id: null }).where('group_id', '=', id).execute();
  const result = await trx.deleteFrom('groups').where('id', '=', id).executeTakeFirst();
  await trx
    .updateTable('settings')
    .set({ value: JSON.stringify(0), updated_at: now })
    .where('key', 'in', ['defaultGroup', 'activeGroup'])
    .where('is_custom', '=', false)
    .where(sql<boolean>`value = ${JSON.stringify(id)}::jsonb`)
    .execute();
  return Number(result.numDeletedRows) > 0;
}

export async function assignAccounts(db: Executor, groupId: number, list: readonly number[]): Promise<void> {
  const accountIds = dbIds(list);
  if (accountIds.length === 0) return;
  await db
    .updateTable('twofaccounts')
    .set({ group_id: groupId })
    .where('id', 'in', accountIds)
    .where(isActiveAccount)
    .execute();
}

/**
 * Slot reorder: the listed rows keep the set of positions they occupy in the
 * full order and take them in the given sequence; the others do not move. Returns the new order.
 */
/**
 * A partial reorder: the listed ids (unknown ones and repeats ignored) take, in the listed order,
 * the places they hold in `current`; the others stay where they are.
 */
export function permuteListed(current: readonly number[], orderedIds: readonly number[]): number[] {
  const order = [...current];
  const known = new Set(order);
  const listed: number[] = [];
  for (const id of orderedIds) if (known.has(id) && !listed.includes(id)) listed.push(id);
  const listedSet = new Set(listed);
  const slots = order.flatMap((id, index) => (listedSet.has(id) ? [index] : []));
  slots.forEach((slot, i) => {
    order[slot] = listed[i]!;
  });
  return order;
}

export async function reorder(
  trx: Transaction,
  table: 'groups' | 'twofaccounts',
  orderedIds: readonly number[],
): Promise<number[]> {
  // Trashed accounts keep their position (a restore puts them back) and take no part in a reorder.
  const rows = await trx
    .selectFrom(table)
    .select('id')
    .$if(table === 'twofaccounts', (query) => query.where(isActiveAccount))
    .orderBy(sql`position asc nulls last`)
    .orderBy('id')
    .forUpdate()
    .execute();
  const order = permuteListed(
    rows.map((row) => row.id),
    orderedIds,
  );
  await writeOrder(trx, table, 'position', order);
  return order;
}

/**
 * Numbers the rows 1, 2, ... in `order` in one statement (a thousand accounts are one round trip,
 * not a thousand); rows already at their number are left untouched.
 */
export async function writeOrder(
  trx: Transaction,
  table: 'groups' | 'twofaccounts',
  column: 'position' | 'favorite_order',
  order: readonly number[],
): Promise<void> {
  if (order.length === 0) return;
  await sql`
    update ${sql.table(table)} as t set ${sql.ref(column)} = v.rank
    from unnest(${sql.val(order)}::int[]) with ordinality as v(id, rank)
    where t.id = v.id and t.${sql.ref(column)} is distinct from v.rank`.execute(trx);
}
