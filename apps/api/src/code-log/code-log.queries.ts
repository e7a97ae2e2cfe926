import type { Executor } from '../db/database.js';

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
 * One insert for many codes. A token's name is read in the same statement; an account deleted
 * meanwhile drops its rows (the select finds no account).
 */
export async function insertCodeLog(db: Executor, entries: readonly CodeLogEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db
    .insertInto('otp_log')
    .values(
      entries.map((entry) => ({
        twofaccount_id: entry.accountId,
        otp_type: entry.otpType,
        counter: entry.counter,
        generated_at: entry.generatedAt,
        requester_kind: entry.requesterKind,
        ip_address: entry.ipAddress,
        token_name:
          entry.tokenId === null
            ? null
            : db.selectFrom('personal_access_tokens').select('name').where('id', '=', entry.tokenId),
      })),
    )
    .execute();
}

/** The account's log, oldest first as 2FAuth lists it; `since` keeps the rows from then on. */
export async function listCodeLog(db: Executor, accountId: number, since?: Date) {
  let query = db
    .selectFrom('otp_log')
    .select(['generated_at', 'otp_type', 'counter', 'requester_kind', 'token_name', 'ip_address'])
    .where('twofaccount_id', '=', accountId)
    .orderBy('id');
  if (since) query = query.where('generated_at', '>=', since);
  return query.execute();
}
