import type { Kysely } from 'kysely';

// Kysely migrations must accept any database: the typed DB does not exist yet at this point.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/*
 * The web session of the device that keeps a copy (the one that registered it or refreshed it
 * last): revoking the copy from elsewhere ends that session too, so a lost device loses both its
 * copy and its access. Copies made before have none until their next refresh.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('device_copies')
    .addColumn('session_id', 'char(64)', (c) => c.references('sessions.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('device_copies_session_id_idx')
    .on('device_copies')
    .column('session_id')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('device_copies').dropColumn('session_id').execute();
}
