import type { Executor } from '../db/database.js';

const COLUMNS = ['id', 'name', 'user_agent', 'created_at', 'refreshed_at'] as const;

export async function insertDeviceCopy(
  db: Executor,
  copy: {
    id: string;
    name: string;
    userAgent: string;
    sessionId: string | null;
    tokenId: string | null;
    now: Date;
  },
) {
  return db
    .insertInto('device_copies')
    .values({
      id: copy.id,
      name: copy.name,
      user_agent: copy.userAgent,
      session_id: copy.sessionId,
      token_id: copy.tokenId,
      created_at: copy.now,
      refreshed_at: copy.now,
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

/** Newest first. */
export async function listDeviceCopies(db: Executor) {
  return db.selectFrom('device_copies').select(COLUMNS).orderBy('created_at', 'desc').orderBy('id').execute();
}

/**
 * Records a refresh; undefined when the copy was revoked (or never registered), or when `by` is a
 * token and the copy is not the one tied to it. A refresh by a web session ties the copy to it (the
 * device may have signed in again since).
 */
export async function markRefreshed(db: Executor, id: string, by: RefreshedBy, now: Date) {
  let update = db
    .updateTable('device_copies')
    .set(by.sessionId === null ? { refreshed_at: now } : { refreshed_at: now, session_id: by.sessionId })
    .where('id', '=', id);
  if (by.tokenId !== null) update = update.where('token_id', '=', by.tokenId);
  return update.returning(COLUMNS).executeTakeFirst();
}

/** Who refreshes a copy: a web session, or a token (which may refresh only its own copy). */
export interface RefreshedBy {
  readonly sessionId: string | null;
  readonly tokenId: string | null;
}

export async function deviceCopyExists(db: Executor, id: string): Promise<boolean> {
  return (
    (await db.selectFrom('device_copies').select('id').where('id', '=', id).executeTakeFirst()) !== undefined
  );
}

/** Deletes the copy; undefined when the id is unknown, else the session its device last used and its token. */
export async function deleteDeviceCopy(db: Executor, id: string) {
  return db
    .deleteFrom('device_copies')
    .where('id', '=', id)
    .returning(['session_id', 'token_id'])
    .executeTakeFirst();
}

/** The names of the copies by the session their device last used (copies without one left out). */
export async function deviceCopyNamesBySession(db: Executor): Promise<ReadonlyMap<string, string>> {
  const rows = await db
    .selectFrom('device_copies')
    .select(['session_id', 'name'])
    .where('session_id', 'is not', null)
    .orderBy('refreshed_at')
    .execute();
  return new Map(rows.map((row) => [row.session_id!, row.name]));
}
