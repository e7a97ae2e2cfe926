import type { Kysely } from 'kysely';

/*
 * Expired sessions and sign-in counters are deleted by time: indexes make those deletes (run
 * while requests are served) range scans instead of full scans of tables anyone can grow.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('sessions_expires_at_idx').on('sessions').column('expires_at').execute();
  await db.schema
    .createIndex('login_throttles_window_started_at_idx')
    .on('login_throttles')
    .column('window_started_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('login_throttles_window_started_at_idx').execute();
  await db.schema.dropIndex('sessions_expires_at_idx').execute();
}
