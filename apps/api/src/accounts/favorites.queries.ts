import { sql } from 'kysely';
import type { Executor, Transaction } from '../db/database.js';
import { isActiveAccount } from '../db/active-accounts.js';
import { permuteListed, writeOrder } from '../groups/groups.queries.js';

/**
 * Stars or unstars an active account. Starred without an order, it goes after the other
 * favourites (the order of starring); unstarred, its order is cleared. Answers the order written,
 * undefined when no such account.
 */
export async function writeFavorite(
  db: Executor,
  id: number,
  favorite: boolean,
  order: number | null | undefined,
): Promise<{ favorite_order: number | null } | undefined> {
  const favoriteOrder = !favorite
    ? null
    : typeof order === 'number'
      ? order
      : sql<number>`(select coalesce(max(f.favorite_order), 0) + 1 from twofaccounts f where f.favorite and f.id <> ${id})`;
  return db
    .updateTable('twofaccounts')
    .set({ favorite, favorite_order: favoriteOrder })
    .where('id', '=', id)
    .where(isActiveAccount)
    .returning('favorite_order')
    .executeTakeFirst();
}

/**
 * The favourites' own order (drag in Manage mode): the listed favourites permute among the places
 * they hold, then every active favourite is numbered 1, 2, ... in that order. Ids that are not
 * active favourites are ignored. Answers the whole order of the favourites.
 */
export async function reorderFavorites(trx: Transaction, orderedIds: readonly number[]): Promise<number[]> {
  const rows = await trx
    .selectFrom('twofaccounts')
    .select('id')
    .where('favorite', '=', true)
    .where(isActiveAccount)
    .orderBy(sql`favorite_order asc nulls last`)
    .orderBy('id')
    .forUpdate()
    .execute();
  const order = permuteListed(
    rows.map((row) => row.id),
    orderedIds,
  );
  await writeOrder(trx, 'twofaccounts', 'favorite_order', order);
  return order;
}
