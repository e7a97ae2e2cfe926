import type { Kysely } from 'kysely';

// Kysely migrations must accept any database: the typed DB does not exist yet at this point.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/*
 * Whether each backup run also writes the break-glass file (the sealed accounts and a viewer in one
 * HTML page) beside the backups. Off until the user turns it on.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('backup_settings')
    .addColumn('break_glass', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('backup_settings').dropColumn('break_glass').execute();
}
