import { sql, type Kysely } from 'kysely';

/*
 * Where backups go. `kind` is 'local' (the BACKUP_DIR folder: one row, made here, so current
 * installations keep writing there; its retention stays `backup_settings.keep`), 'webdav', 's3' or
 * 'sftp'. `settings` is the JSON of the non-secret fields (URL, host, bucket...); `secrets` the
 * JSON of the credentials, sealed with APP_KEY (null for local). `host_key` is the SFTP server's
 * key fingerprint (SHA256:...) the user confirmed. The last success and failure show the status.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('backup_destinations')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('label', 'varchar(255)', (c) => c.notNull())
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('keep', 'integer', (c) => c.notNull().defaultTo(14))
    .addColumn('settings', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('secrets', 'text')
    .addColumn('host_key', 'varchar(128)')
    .addColumn('last_success_at', 'timestamptz')
    .addColumn('last_success_name', 'varchar(255)')
    .addColumn('last_success_size', 'integer')
    .addColumn('last_failure_at', 'timestamptz')
    .addColumn('last_failure_reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index backup_destinations_one_local on backup_destinations (kind) where kind = 'local'`.execute(
    db,
  );
  await sql`insert into backup_destinations (kind, label) values ('local', 'BACKUP_DIR')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('backup_destinations').execute();
}
