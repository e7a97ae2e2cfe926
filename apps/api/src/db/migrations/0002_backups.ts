import { sql, type Kysely } from 'kysely';

// Kysely migrations must accept any database: the typed DB does not exist yet at this point.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/*
 * The backup settings: one row. The backup password itself is never stored: `slot` is the Aegis
 * password slot (the vault key wrapped by a key derived from the password) and `master_key` the
 * vault key, both encrypted under APP_KEY, so a stolen database alone opens no backup.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('backup_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('slot', 'text')
    .addColumn('master_key', 'text')
    .addColumn('frequency', 'varchar(16)', (c) => c.notNull().defaultTo('off'))
    .addColumn('keep', 'integer', (c) => c.notNull().defaultTo(14))
    .addColumn('last_run_at', 'timestamptz')
    .addColumn('last_status', 'varchar(16)')
    .addColumn('last_error', 'text')
    .addColumn('last_backup', 'text')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('backup_settings').execute();
}
