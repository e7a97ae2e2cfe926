import { sql } from 'kysely';
import type { Executor } from '../db/database.js';
import { dbIds } from '../db/ids.js';
import type { TwoFAccountRow } from '../db/schema.js';
import { isActiveAccount } from '../db/active-accounts.js';

/*
 * The trash's own queries: the only reads of accounts that see trashed rows. A trashed row keeps
 * everything (group, icon, counter, position, favourite) so a restore brings it back as it was.
 */

const isTrashed = sql<boolean>`twofaccounts.trashed_at is not null`;

/**
 * Moves active accounts to the trash. Their idempotency keys stay (until the account is deleted for
 * good): a creation retried after the trash answers the trashed account instead of storing a second
 * one, which a restore would then bring back beside it.
 */
export async function trashAccountRows(db: Executor, list: readonly number[], now: Date): Promise<number[]> {
  const ids = dbIds(list);
  if (ids.length === 0) return [];
  const rows = await db
    .updateTable('twofaccounts')
    .set({ trashed_at: now })
    .where('id', 'in', ids)
    .where(isActiveAccount)
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** Every trashed account (newest first) and the `useEncryption` setting. */
export async function readTrashedRows(
  db: Executor,
): Promise<{ rows: (TwoFAccountRow & { trashed_at: Date })[]; encrypted: boolean }> {
  const rows = await db
    .selectFrom('twofaccounts')
    .selectAll()
    .where(isTrashed)
    .orderBy('trashed_at', 'desc')
    .orderBy('id')
    .execute();
  const setting = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', 'useEncryption')
    .where('is_custom', '=', false)
    .executeTakeFirst();
  return {
    rows: rows.flatMap((row) => (row.trashed_at ? [{ ...row, trashed_at: new Date(row.trashed_at) }] : [])),
    encrypted: setting?.value === true,
  };
}

/** Brings trashed accounts back; returns their ids. */
export async function restoreAccountRows(db: Executor, list: readonly number[]): Promise<number[]> {
  const ids = dbIds(list);
  if (ids.length === 0) return [];
  const rows = await db
    .updateTable('twofaccounts')
    .set({ trashed_at: null })
    .where('id', 'in', ids)
    .where(isTrashed)
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Deletes trashed accounts for good: the listed ones (`ids`), the ones trashed at or before
 * `trashedBy`, or all of them. Returns the icons they used.
 */
export async function purgeAccountRows(
  db: Executor,
  which: { ids: readonly number[] } | { trashedBy: Date } | 'all',
): Promise<string[]> {
  let query = db.deleteFrom('twofaccounts').where(isTrashed);
  if (which !== 'all' && 'ids' in which) {
    const ids = dbIds(which.ids);
    if (ids.length === 0) return [];
    query = query.where('id', 'in', ids);
  } else if (which !== 'all') {
    query = query.where('trashed_at', '<=', which.trashedBy);
  }
  const rows = await query.returning('icon').execute();
  return rows.flatMap((row) => (row.icon ? [row.icon] : []));
}
