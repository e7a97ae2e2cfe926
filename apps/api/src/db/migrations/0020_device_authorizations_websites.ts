import { sql, type Kysely } from 'kysely';

/*
 * Two additions for the browser extension.
 *
 * `device_authorizations`: pairing a device without copying a token (the device authorization
 * grant's shape). Only the SHA-256 of the device code and of the user code are kept; a row lives
 * ten minutes (`expires_at`) and is swept by the next pairing that starts. The token itself is made
 * when the approved device collects it, so nothing secret waits here.
 *
 * `account_websites`: the registrable domains where an account's codes are asked for. A table of
 * its own, as tags and notes have: the account row keeps 2FAuth's shape, the list goes with its
 * account, and one domain is listed once per account. `position` keeps the user's order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('device_authorizations')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('device_code_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('user_code_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('client_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('scope', 'varchar(16)', (c) => c.notNull())
    // 'pending', 'approved', 'denied' or 'issued' (the token was collected).
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('token_name', 'varchar(255)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_polled_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('device_authorizations_expires_at_idx')
    .on('device_authorizations')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('account_websites')
    .addColumn('twofaccount_id', 'integer', (c) =>
      c.notNull().references('twofaccounts.id').onDelete('cascade'),
    )
    .addColumn('domain', 'varchar(253)', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('account_websites_pkey', ['twofaccount_id', 'domain'])
    .execute();
  // The websites are one of the list's extras: other replicas' caches hear their writes.
  await sql`
    create trigger account_websites_notify_cache
    after insert or update or delete or truncate on account_websites
    for each statement execute function twofold_notify_cache()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('account_websites').execute();
  await db.schema.dropTable('device_authorizations').execute();
}
