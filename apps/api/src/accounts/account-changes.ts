import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Executor } from '../db/database.js';
import type { Deps } from '../shared/deps.js';
import { toRead, toView, type AccountRead } from './accounts.mapper.js';
import { isActiveAccount, readAccounts } from './accounts.queries.js';
import { extrasOf, type AccountExtras } from './account-extras.js';

/*
 * The accounts' change feed: what a device copy needs to catch up from its last refresh (migration
 * 0023 keeps, per account, the transaction that last wrote it or its extras, and a tombstone per
 * deleted account). A revision is `<epoch>.<watermark>`: the feed's epoch (another database has
 * another one) and the oldest transaction still running at the read, so that every write
 * committed after it has a number at least as high; a write seen already may come again, never
 * one missed. A revision the feed cannot serve (another epoch, older than the pruned tombstones,
 * newer than this database) answers every account with `reset`.
 */

/** Tombstones older than this are pruned; a revision older than the pruned ones needs a reset. */
export const TOMBSTONE_DAYS = 180;

export interface AccountChanges {
  readonly revision: string;
  /** True when every account is in `accounts` (no usable `since`): the client drops what it held. */
  readonly reset: boolean;
  /** Accounts written since (all when `reset`), with their secrets and extras. */
  readonly accounts: (AccountRead & AccountExtras)[];
  /** Ids deleted or moved to the trash since. */
  readonly removed: number[];
  /** Every account's id in the list's order. */
  readonly order: number[];
}

interface Feed {
  readonly epoch: string;
  readonly floor: bigint;
}

async function feedOf(db: Executor): Promise<Feed> {
  const read = () => db.selectFrom('account_change_feed').select(['epoch', 'floor']).executeTakeFirst();
  let row = await read();
  if (!row) {
    // Emptied (a restore of the tables, the tests): a new epoch, so no revision from before is served.
    await db
      .insertInto('account_change_feed')
      .values({ epoch: randomBytes(16).toString('hex') })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute();
    row = await read();
  }
  if (!row) throw new Error('account_change_feed is empty');
  return { epoch: row.epoch, floor: BigInt(row.floor) };
}

/** Prunes tombstones older than TOMBSTONE_DAYS; the floor rises to the newest pruned. */
async function pruneTombstones(db: Executor, feed: Feed): Promise<Feed> {
  // The database's clock, as the tombstones' dates are (the trigger writes them).
  const pruned = await db
    .deleteFrom('account_tombstones')
    .where('removed_at', '<', sql<Date>`now() - make_interval(days => ${TOMBSTONE_DAYS})`)
    .returning('revision')
    .execute();
  if (pruned.length === 0) return feed;
  const floor = pruned.reduce(
    (max, row) => (BigInt(row.revision) > max ? BigInt(row.revision) : max),
    feed.floor,
  );
  await db
    .updateTable('account_change_feed')
    .set({ floor: sql<string>`${floor.toString()}::xid8` })
    .execute();
  return { ...feed, floor };
}

/** The watermark of a read: the oldest running transaction, and the next one to start. */
async function watermark(db: Executor): Promise<{ xmin: bigint; xmax: bigint }> {
  const { rows } = await sql<{ xmin: string; xmax: string }>`
    select pg_snapshot_xmin(pg_current_snapshot())::text as xmin,
           pg_snapshot_xmax(pg_current_snapshot())::text as xmax`.execute(db);
  return { xmin: BigInt(rows[0]!.xmin), xmax: BigInt(rows[0]!.xmax) };
}

/** The watermark of `since` when this feed can serve it, else null (a reset). */
function servable(since: string | undefined, feed: Feed, xmax: bigint): bigint | null {
  const [epoch, mark] = (since ?? '').split('.');
  if (epoch !== feed.epoch || mark === undefined || !/^\d{1,20}$/.test(mark)) return null;
  const from = BigInt(mark);
  return from > feed.floor && from <= xmax ? from : null;
}

async function changedIds(db: Executor, from: bigint) {
  const mark = from.toString();
  const [accounts, tombstones] = await Promise.all([
    sql<{ id: number; active: boolean }>`
      select id, ${isActiveAccount} as active from twofaccounts where revision >= ${mark}::xid8`.execute(db),
    sql<{ account_id: number }>`
      select account_id from account_tombstones where revision >= ${mark}::xid8`.execute(db),
  ]);
  const changed = accounts.rows.filter((row) => row.active).map((row) => row.id);
  const active = new Set(changed);
  const removed = [
    ...accounts.rows.filter((row) => !row.active).map((row) => row.id),
    ...tombstones.rows.map((row) => row.account_id).filter((id) => !active.has(id)),
  ];
  return { changed, removed };
}

async function listOrder(db: Executor): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    select id from twofaccounts where ${isActiveAccount} order by position asc nulls last, id`.execute(db);
  return rows.map((row) => row.id);
}

/** The accounts with their secrets and extras, read from the database (not the caches). */
async function readChanged(deps: Deps, ids: readonly number[] | undefined) {
  if (ids?.length === 0) return [];
  const [{ rows, encrypted }, extras] = await Promise.all([
    readAccounts(deps.db, ids ? { ids } : {}),
    extrasOf(deps.db, ids),
  ]);
  return rows.map((row) => {
    const view = toView(deps.keys, row, encrypted);
    return toRead(deps.icons, view, { withSecret: true, withExtras: true, extras: extras(view.id) });
  });
}

/** What changed since `since` (a revision this feed answered), or every account. */
export async function accountChanges(deps: Deps, since: string | undefined): Promise<AccountChanges> {
  const feed = await pruneTombstones(deps.db, await feedOf(deps.db));
  // Taken before the reads: whatever commits later has a transaction id at least as high.
  const { xmin, xmax } = await watermark(deps.db);
  const from = servable(since, feed, xmax);
  const revision = `${feed.epoch}.${xmin.toString()}`;
  if (from === null) {
    const [accounts, order] = await Promise.all([readChanged(deps, undefined), listOrder(deps.db)]);
    return { revision, reset: true, accounts, removed: [], order };
  }
  const { changed, removed } = await changedIds(deps.db, from);
  const [accounts, order] = await Promise.all([readChanged(deps, changed), listOrder(deps.db)]);
  return { revision, reset: false, accounts, removed, order };
}
