import type { Executor } from '../db/database.js';

export interface NewDeviceAuthorization {
  readonly deviceCodeHash: string;
  readonly userCodeHash: string;
  readonly clientName: string;
  readonly scope: string;
  readonly userAgent: string;
  readonly replaces: string | null;
  readonly now: Date;
  readonly expiresAt: Date;
}

export async function insertAuthorization(db: Executor, row: NewDeviceAuthorization): Promise<void> {
  await db
    .insertInto('device_authorizations')
    .values({
      device_code_hash: row.deviceCodeHash,
      user_code_hash: row.userCodeHash,
      client_name: row.clientName,
      scope: row.scope,
      user_agent: row.userAgent,
      replaces: row.replaces,
      created_at: row.now,
      expires_at: row.expiresAt,
    })
    .execute();
}

/** Forgets the pairings that expired (kept a day, so a late poll is still told `expired_token`). */
export async function sweepExpired(db: Executor, before: Date): Promise<void> {
  await db.deleteFrom('device_authorizations').where('expires_at', '<', before).execute();
}

const COLUMNS = [
  'id',
  'client_name',
  'scope',
  'status',
  'token_name',
  'user_agent',
  'replaces',
  'created_at',
  'expires_at',
] as const;

export async function findByUserCode(db: Executor, userCodeHash: string, now: Date) {
  return db
    .selectFrom('device_authorizations')
    .select(COLUMNS)
    .where('user_code_hash', '=', userCodeHash)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Records a poll; returns the row as it was before (its previous poll included). */
export async function recordPoll(db: Executor, deviceCodeHash: string, now: Date) {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('device_authorizations')
      .select([...COLUMNS, 'last_polled_at'])
      .where('device_code_hash', '=', deviceCodeHash)
      .forUpdate()
      .executeTakeFirst();
    if (row) {
      await trx
        .updateTable('device_authorizations')
        .set({ last_polled_at: now })
        .where('id', '=', row.id)
        .execute();
    }
    return row;
  });
}

/** Moves a pending pairing on (approved or denied); false when it is no longer pending. */
export async function decide(
  db: Executor,
  id: number,
  status: 'approved' | 'denied',
  tokenName: string | null,
): Promise<boolean> {
  const result = await db
    .updateTable('device_authorizations')
    .set({ status, token_name: tokenName })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Marks an approved pairing's token collected; false when someone collected it first. */
export async function markIssued(db: Executor, id: number): Promise<boolean> {
  const result = await db
    .updateTable('device_authorizations')
    .set({ status: 'issued' })
    .where('id', '=', id)
    .where('status', '=', 'approved')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
