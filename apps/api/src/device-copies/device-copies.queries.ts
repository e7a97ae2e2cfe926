import type { Executor } from '../db/database.js';

const COLUMNS = ['id', 'name', 'user_agent', 'created_at', 'refreshed_at'] as const;

export async function insertDeviceCopy(
  db: Executor,
  copy: { id: string; name: string; userAgent: string; now: Date },
) {
  return db
    .insertInto('device_copies')
    .values({
      id: copy.id,
      name: copy.name,
      user_agent: copy.userAgent,
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

/** Records a refresh; undefined when the copy was revoked (or never registered). */
export async function markRefreshed(db: Executor, id: string, now: Date) {
  return db
    .updateTable('device_copies')
    .set({ refreshed_at: now })
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirst();
}

/** False when the id is unknown. */
export async function deleteDeviceCopy(db: Executor, id: string): Promise<boolean> {
  const result = await db.deleteFrom('device_copies').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
