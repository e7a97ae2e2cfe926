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

/**
 * One insert for many codes, after one read of the tokens' names (kept as they were: the token
 * may be revoked later). The insert names no other table, so it drops no cache.
 */
export async function insertCodeLog(db: Executor, entries: readonly CodeLogEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const tokenIds = [...new Set(entries.flatMap((entry) => (entry.tokenId ? [entry.tokenId] : [])))];
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
  // Identical entries of one second become one row with a count.
  const rows = new Map<string, { entry: CodeLogEntry; times: number }>();
  for (const entry of entries) {
    const second = Math.floor(entry.generatedAt.getTime() / 1000);
    const key = JSON.stringify([
      entry.accountId,
      entry.otpType,
      entry.counter,
      entry.requesterKind,
      entry.tokenId,
      entry.ipAddress,
      second,
    ]);
    const row = rows.get(key);
    if (row) row.times += 1;
    else rows.set(key, { entry, times: 1 });
  }
  await db
    .insertInto('otp_log')
    .values(
      [...rows.values()].map(({ entry, times }) => ({
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
