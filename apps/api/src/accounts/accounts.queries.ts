import { sql } from 'kysely';
import type { Executor, Transaction } from '../db/database.js';
import { dbIds } from '../db/ids.js';
import { accountExists, activeAccounts, countAccountRows, isActiveAccount } from '../db/active-accounts.js';

export { accountExists, activeAccounts, countAccountRows, isActiveAccount };
import type { NewTwoFAccountRow, TwoFAccountRow, TwoFAccountRowUpdate } from '../db/schema.js';

/** The columns the API reads (timestamps and position stay in the database). */
export type AccountRecord = Pick<
  TwoFAccountRow,
  | 'id'
  | 'group_id'
  | 'otp_type'
  | 'service'
  | 'account'
  | 'secret'
  | 'digits'
  | 'algorithm'
  | 'period'
  | 'counter'
  | 'icon'
  | 'uri'
  | 'favorite'
  | 'favorite_order'
>;

const RECORD_COLUMNS = sql.raw(
  'id, group_id, otp_type, service, account, secret, digits, algorithm, period, counter, icon, uri, favorite, favorite_order',
);

type RecordTuple = [
  number,
  number | null,
  string,
  string | null,
  string,
  string,
  number,
  string,
  number | null,
  number | string | null,
  string | null,
  string | null,
  boolean,
  number | null,
];

/**
 * Accounts (manual order) and the `useEncryption` setting in one round trip (one snapshot). The rows come back as
 * one JSON array of arrays: decoding one value is much cheaper than 1,000 rows of 12 columns, and
 * arrays are cheaper to build than objects (PGlite).
 */
export async function readAccounts(
  db: Executor,
  filter: { ids?: readonly number[]; groupId?: number } = {},
): Promise<{ rows: AccountRecord[]; encrypted: boolean }> {
  const conditions = [isActiveAccount];
  if (filter.ids) {
    const ids = dbIds(filter.ids);
    if (ids.length === 0) conditions.push(sql`false`);
    else conditions.push(sql`id in (${sql.join(ids)})`);
  }
  if (filter.groupId !== undefined) conditions.push(sql`group_id = ${filter.groupId}`);
  const { rows } = await sql<{ encrypted: unknown; rows: RecordTuple[] | string | null }>`
    select
      (select value from settings where key = 'useEncryption' and is_custom = false) as encrypted,
      (select json_agg(json_build_array(${RECORD_COLUMNS})) from (
        select ${RECORD_COLUMNS} from twofaccounts where ${sql.join(conditions, sql` and `)}
        order by position asc nulls last, id
      ) t) as rows`.execute(db);
  const row = rows[0];
  const tuples = typeof row?.rows === 'string' ? (JSON.parse(row.rows) as RecordTuple[]) : (row?.rows ?? []);
  const list = tuples.map(
    ([
      id,
      group_id,
      otp_type,
      service,
      account,
      secret,
      digits,
      algorithm,
      period,
      counter,
      icon,
      uri,
      favorite,
      favorite_order,
    ]) => ({
      id,
      group_id,
      otp_type,
      service,
      account,
      secret,
      digits,
      algorithm,
      period,
      counter,
      icon,
      uri,
      favorite,
      favorite_order,
    }),
  );
  return { rows: list, encrypted: row?.encrypted === true };
}

/**
 * Which rows a lookup by id sees: active accounts only, or (`withTrashed`) an account in the trash
 * too, for the one read that must find it there: the replay of an idempotent creation.
 */
export interface AccountLookup {
  readonly withTrashed?: boolean;
}

/** One account and the `useEncryption` setting in one round trip. */
export async function readAccount(
  db: Executor,
  id: number,
  options: AccountLookup = {},
): Promise<{ row: AccountRecord | undefined; encrypted: boolean }> {
  if (dbIds([id]).length === 0) return { row: undefined, encrypted: false };
  const active = options.withTrashed ? sql<boolean>`true` : isActiveAccount;
  const { rows } = await sql<AccountRecord & { encrypted: unknown }>`
    select ${RECORD_COLUMNS},
      (select value from settings where key = 'useEncryption' and is_custom = false) as encrypted
    from twofaccounts where id = ${id} and ${active}`.execute(db);
  const found = rows[0];
  if (!found) return { row: undefined, encrypted: false };
  const { encrypted, ...row } = found;
  return { row, encrypted: encrypted === true };
}

export async function findAccountRow(db: Executor, id: number): Promise<TwoFAccountRow | undefined> {
  if (dbIds([id]).length === 0) return undefined;
  return activeAccounts(db).selectAll().where('id', '=', id).executeTakeFirst();
}

/** The row, locked until the end of the transaction (HOTP counter). */
export async function lockAccountRow(trx: Transaction, id: number): Promise<TwoFAccountRow | undefined> {
  return activeAccounts(trx).selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** A new id taken before the insert, so encrypted values can be bound to it. */
export async function nextAccountId(db: Executor): Promise<number> {
  const { rows } = await sql<{
    id: string | number;
  }>`select nextval(pg_get_serial_sequence('twofaccounts', 'id')) as id`.execute(db);
  return Number(rows[0]!.id);
}

/** Inserts an account placed last in the manual order. */
export async function insertAccountRow(db: Executor, values: NewTwoFAccountRow): Promise<void> {
  await db
    .insertInto('twofaccounts')
    .values({ ...values, position: sql<number>`(select coalesce(max(position), 0) + 1 from twofaccounts)` })
    .execute();
}

export async function updateAccountRow(
  db: Executor,
  id: number,
  values: TwoFAccountRowUpdate,
): Promise<void> {
  await db.updateTable('twofaccounts').set(values).where('id', '=', id).execute();
}

/** Deletes accounts (not those in the trash); returns the icons they used. */
export async function deleteAccountRows(db: Executor, list: readonly number[]): Promise<string[]> {
  const ids = dbIds(list);
  if (ids.length === 0) return [];
  const rows = await db
    .deleteFrom('twofaccounts')
    .where('id', 'in', ids)
    .where(isActiveAccount)
    .returning('icon')
    .execute();
  return rows.flatMap((row) => (row.icon ? [row.icon] : []));
}

export async function withdrawAccountRows(db: Executor, list: readonly number[]): Promise<void> {
  const ids = dbIds(list);
  if (ids.length === 0) return;
  await db
    .updateTable('twofaccounts')
    .set({ group_id: null })
    .where('id', 'in', ids)
    .where(isActiveAccount)
    .execute();
}
