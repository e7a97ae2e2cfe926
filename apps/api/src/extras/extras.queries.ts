import type { Executor } from '../db/database.js';
import { dbIds } from '../db/ids.js';
import { isActiveAccount } from '../db/active-accounts.js';

/* An account's note and recovery codes, as stored (ciphertext while encryption is on). */

export async function accountRowExists(db: Executor, id: number): Promise<boolean> {
  if (dbIds([id]).length === 0) return false;
  return (
    (await db
      .selectFrom('twofaccounts')
      .select('id')
      .where('id', '=', id)
      .where(isActiveAccount)
      .executeTakeFirst()) !== undefined
  );
}

/** Locks the account (a concurrent delete or rewrite waits); false when it is gone. */
export async function lockAccount(db: Executor, id: number): Promise<boolean> {
  if (dbIds([id]).length === 0) return false;
  const row = await db
    .selectFrom('twofaccounts')
    .select('id')
    .where('id', '=', id)
    .where(isActiveAccount)
    .forUpdate()
    .executeTakeFirst();
  return row !== undefined;
}

export async function storedNote(db: Executor, accountId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('account_notes')
    .select('note')
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return row?.note;
}

export async function storedCodes(db: Executor, accountId: number) {
  return db
    .selectFrom('recovery_codes')
    .select(['id', 'code', 'used_at'])
    .where('account_id', '=', accountId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export async function writeNote(db: Executor, accountId: number, note: string | null, now: Date) {
  if (note === null) {
    await db.deleteFrom('account_notes').where('account_id', '=', accountId).execute();
    return;
  }
  await db
    .insertInto('account_notes')
    .values({ account_id: accountId, note, updated_at: now })
    .onConflict((oc) => oc.column('account_id').doUpdateSet({ note, updated_at: now }))
    .execute();
}

export async function writeCodes(
  db: Executor,
  accountId: number,
  codes: readonly { code: string; used_at: Date | null }[],
) {
  await db.deleteFrom('recovery_codes').where('account_id', '=', accountId).execute();
  if (codes.length === 0) return;
  await db
    .insertInto('recovery_codes')
    .values(codes.map((code, position) => ({ account_id: accountId, position, ...code })))
    .execute();
}

export async function markCode(db: Executor, accountId: number, codeId: number, usedAt: Date | null) {
  if (dbIds([codeId]).length === 0) return undefined;
  return db
    .updateTable('recovery_codes')
    .set({ used_at: usedAt })
    .where('id', '=', codeId)
    .where('account_id', '=', accountId)
    .returning(['id', 'used_at'])
    .executeTakeFirst();
}

type Count = string | number | bigint;

/** Per account: whether it has a note, and its codes counted (never their values). */
export async function recoverySummaries(
  db: Executor,
  ids?: readonly number[],
): Promise<Map<number, { has_note: boolean; total: number; unused: number }>> {
  const wanted = ids ? dbIds(ids) : undefined;
  if (wanted?.length === 0) return new Map();
  let codes = db
    .selectFrom('recovery_codes')
    .select([
      'account_id',
      (eb) => eb.fn.countAll<Count>().as('total'),
      (eb) => eb.fn.count<Count>('id').filterWhere('used_at', 'is', null).as('unused'),
    ])
    .groupBy('account_id');
  let notes = db.selectFrom('account_notes').select('account_id');
  if (wanted) {
    codes = codes.where('account_id', 'in', wanted);
    notes = notes.where('account_id', 'in', wanted);
  }
  const summaries = new Map<number, { has_note: boolean; total: number; unused: number }>();
  for (const row of await codes.execute())
    summaries.set(row.account_id, {
      has_note: false,
      total: Number(row.total ?? 0),
      unused: Number(row.unused ?? 0),
    });
  for (const row of await notes.execute()) {
    const summary = summaries.get(row.account_id) ?? { has_note: false, total: 0, unused: 0 };
    summaries.set(row.account_id, { ...summary, has_note: true });
  }
  return summaries;
}
