import { sql } from 'kysely';
import type { Executor } from '../db/database.js';
import { isActiveAccount } from '../db/active-accounts.js';

/**
 * Stars or unstars an active account. Starred without an order, it goes after the other
 * favourites (the order of starring); unstarred, its order is cleared. False when no such account.
 */
export async function writeFavorite(
  db: Executor,
  id: number,
  favorite: boolean,
  order: number | null | undefined,
): Promise<boolean> {
  const favoriteOrder = !favorite
    ? null
    : typeof order === 'number'
      ? order
      : sql<number>`(select coalesce(max(f.favorite_order), 0) + 1 from twofaccounts f where f.favorite and f.id <> ${id})`;
  const result = await db
    .updateTable('twofaccounts')
    .set({ favorite, favorite_order: favoriteOrder })
    .where('id', '=', id)
    .where(isActiveAccount)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
