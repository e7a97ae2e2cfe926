import { sql, type RawBuilder } from 'kysely';
import type { Executor } from './database.js';
import { dbIds } from './ids.js';

/*
 * The one rule for accounts in the trash: every read of accounts (lists, counts, OTP, exports,
 * backups, group counts, bulk writes) goes through it, so a trashed account exists only for the
 * trash's own queries. It lives under db/ because both accounts/ and groups/ (its counts) need it,
 * and groups/ sits below accounts/; accounts.queries.ts re-exports it.
 */
export const isActiveAccount: RawBuilder<boolean> = sql<boolean>`twofaccounts.trashed_at is null`;

/** `twofaccounts` without the trashed rows (Kysely's builder). */
export function activeAccounts(db: Executor) {
  return db.selectFrom('twofaccounts').where(isActiveAccount);
}

/** Accounts in the list (the trash excluded): the count route and the user answers' `twofaccount_count`. */
export async function countAccountRows(db: Executor): Promise<number> {
  const row = await activeAccounts(db)
    .select((eb) => eb.fn.countAll<string | number | bigint>().as('c'))
    .executeTakeFirstOrThrow();
  return Number(row.c);
}

/** Whether the account is stored and not in the trash (an account asked for by id). */
export async function accountExists(db: Executor, id: number): Promise<boolean> {
  if (dbIds([id]).length === 0) return false;
  return (await activeAccounts(db).select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}
