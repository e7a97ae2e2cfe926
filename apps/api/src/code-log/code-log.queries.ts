import { sql } from 'kysely';
import type { Executor } from '../db/database.js';
import type { AppKeys } from '../config/app-key.js';
import { sealName } from './code-log.names.js';

export interface CodeLogEntry {
  readonly accountId: number;
  readonly otpType: string;
  /** The HOTP counter the code was computed at; null for time-based codes. */
  readonly counter: number | null;
  /** The account's names when the code was read (kept, sealed, after the account is deleted). */
  readonly service: string | null;
  readonly account: string;
  readonly generatedAt: Date;
  readonly requesterKind: 'session' | 'token' | 'proxy';
  readonly tokenId: string | null;
  readonly ipAddress: string;
}

/**
 * The codes of one entry's requester, account and minute, as one row with a count. Once inserted
 * the row has its `id`; codes read after that, in the same minute, raise its `times` in place.
 */
export interface CodeLogRow {
  readonly entry: CodeLogEntry;
  times: number;
  /** When the row's last code was read (the sort by recent use). */
  lastAt: Date;
  /** `times` as the database has it (0 before the insert). */
  written: number;
  id: number | null;
}

/**
 * Writes the rows: new ones in one insert (after one read of the tokens' names, kept as they
 * were: the token may be revoked later), then the counts of those already inserted, set to what
 * they are now (so a write sent twice counts nothing twice). Names no other table: no cache drops.
 */
export async function writeCodeLog(db: Executor, keys: AppKeys, rows: readonly CodeLogRow[]): Promise<void> {
  const sent = rows.map((row) => row.times);
  const grown = rows.filter((row) => row.id !== null);
  // A row deleted meanwhile (the user's whole data, the cap) is inserted again with its count.
  const gone = grown.length === 0 ? [] : await raiseCounts(db, grown);
  const fresh = [...rows.filter((row) => row.id === null), ...gone];
  if (fresh.length > 0) {
    const ids = await insertCodeLog(db, keys, fresh);
    // PostgreSQL returns an insert's rows in the order of its values.
    fresh.forEach((row, at) => (row.id = ids[at] ?? null));
  }
  rows.forEach((row, at) => (row.written = sent[at]!));
}

/** Sets the counts of rows already inserted; returns those no longer stored. */
async function raiseCounts(db: Executor, rows: readonly CodeLogRow[]): Promise<CodeLogRow[]> {
  const values = rows.map(
    (row) => sql`(${row.id}::integer, ${row.times}::integer, ${row.lastAt}::timestamptz)`,
  );
  const { rows: updated } = await sql<{ id: number }>`
    update otp_log set times = v.times, last_at = v.last_at
    from (values ${sql.join(values)}) as v(id, times, last_at)
    where otp_log.id = v.id returning otp_log.id`.execute(db);
  const found = new Set(updated.map((row) => row.id));
  return rows.filter((row) => !found.has(row.id!));
}

async function insertCodeLog(db: Executor, keys: AppKeys, rows: readonly CodeLogRow[]): Promise<number[]> {
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
  const inserted = await db
    .insertInto('otp_log')
    .values(
      rows.map(({ entry, times, lastAt }) => ({
        times,
        last_at: lastAt,
        twofaccount_id: entry.accountId,
        service: entry.service === null ? null : sealName(keys, entry.accountId, 'service', entry.service),
        account: sealName(keys, entry.accountId, 'account', entry.account),
        otp_type: entry.otpType,
        counter: entry.counter,
        generated_at: entry.generatedAt,
        requester_kind: entry.requesterKind,
        ip_address: entry.ipAddress,
        token_name: entry.tokenId === null ? null : (names.get(entry.tokenId) ?? null),
      })),
    )
    .returning('id')
    .execute();
  return inserted.map((row) => row.id);
}

/** Deletes the oldest rows beyond the newest `max` (by insertion order). */
export async function capCodeLog(db: Executor, max: number): Promise<void> {
  const edge = await db
    .selectFrom('otp_log')
    .select('id')
    .orderBy('id', 'desc')
    .offset(max)
    .limit(1)
    .executeTakeFirst();
  if (edge) await db.deleteFrom('otp_log').where('id', '<=', edge.id).execute();
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

/** The newest `limit` rows of every account's log, newest first, and whether the account is gone. */
export async function listRecentCodeLog(db: Executor, limit: number) {
  return db
    .selectFrom('otp_log')
    .leftJoin('twofaccounts', 'twofaccounts.id', 'otp_log.twofaccount_id')
    .select([
      'otp_log.twofaccount_id',
      'otp_log.service',
      'otp_log.account',
      'otp_log.generated_at',
      'otp_log.otp_type',
      'otp_log.counter',
      'otp_log.requester_kind',
      'otp_log.token_name',
      'otp_log.ip_address',
      'otp_log.times',
      'twofaccounts.id as stored_id',
    ])
    .orderBy('otp_log.id', 'desc')
    .limit(limit)
    .execute();
}
