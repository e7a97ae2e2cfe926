import type { Executor } from '../db/database.js';
import { isActiveAccount } from '../db/active-accounts.js';

export interface CodeLogEntry {
  readonly accountId: number;
  readonly otpType: string;
  /** The HOTP counter the code was computed at; null for time-based codes. */
  readonly counter: number | null;
  readonly generatedAt: Date;
  readonly requesterKind: 'session' | 'token' | 'proxy';
  readonly tokenId: string | null;
  readonly ipAddress: string;
}

/** Identical entries of one second, as one row with a count. */
export interface CodeLogRow {
  readonly entry: CodeLogEntry;
  times: number;
}

/**
 * One insert for many codes, after one read of the tokens' names (kept as they were: the token
 * may be revoked later). The insert names no other table, so it drops no cache.
 */
export async function insertCodeLog(db: Executor, rows: readonly CodeLogRow[]): Promise<void> {
  if (rows.length === 0) return;
  const tokenIds = [...new Set(rows.flatMap(({ entry }) => (entry.tokenId ? [entry.tokenId] : [])))];
  const names = new Map(
    tokenIds.length === 0
      ? []
      : (
          await db
            .selectFrom('personal_access_tokens')
            .select(['id', 'name'])
            .where('id', 'in', tokenIds)
            .execute()
        ).map((row) => [row.id, row.name] as const),
  );
  await db
    .insertInto('otp_log')
    .values(
      rows.map(({ entry, times }) => ({
        times,
        twofaccount_id: entry.accountId,
        otp_type: entry.otpType,
        counter: entry.counter,
        generated_at: entry.generatedAt,
        requester_kind: entry.requesterKind,
        ip_address: entry.ipAddress,
        token_name: entry.tokenId === null ? null : (names.get(entry.tokenId) ?? null),
      })),
    )
    .execute();
}

/** The account's log, oldest first as 2FAuth lists it; `since` keeps the rows from then on. */
export async function listCodeLog(db: Executor, accountId: number, since?: Date) {
  let query = db
    .selectFrom('otp_log')
    .select(['generated_at', 'otp_type', 'counter', 'requester_kind', 'token_name', 'ip_address', 'times'])
    .where('twofaccount_id', '=', accountId)
    .orderBy('id');
  if (since) query = query.where('generated_at', '>=', since);
  return query.execute();
}

/** Whether the account is stored and not in the trash (its log is asked for by id). */
export async function accountIsStored(db: Executor, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('twofaccounts')
    .select('id')
    .where('id', '=', id)
    .where(isActiveAccount)
    .executeTakeFirst();
  return row !== undefined;
}
