import type { Kysely } from 'kysely';

// Kysely migrations must accept any database: the typed DB does not exist yet at this point.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/*
 * The devices that keep an encrypted copy of the accounts for offline use: what the user sees in
 * the settings (name, user agent, when made and last refreshed). Never a key of the copy: the copy
 * is opened on the device only. Revoking deletes the row; a refresh of an id that is not here is
 * refused, and the device erases its copy.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('device_copies')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('user_agent', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('refreshed_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('device_copies').execute();
}
