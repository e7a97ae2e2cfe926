import type { Kysely } from 'kysely';

// Kysely migrations must accept any database: the typed DB does not exist yet at this point.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/*
 * Security logs. `auth_log`: every sign-in, failed sign-in, sign-out and lockout, with the address
 * and the raw user agent (parsed when read, so a better parser improves old rows too). A sign-out
 * closes the row of the session it ends (`session_id`, the hash the sessions table keys on).
 * `otp_log`: each code the server computed for a stored account, by which session or token, never
 * the code; it goes with its account. Sessions and tokens learn where they were last used from.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('auth_log')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('event', 'varchar(16)', (c) => c.notNull())
    .addColumn('ip_address', 'varchar(64)')
    .addColumn('user_agent', 'text')
    .addColumn('login_at', 'timestamptz')
    .addColumn('logout_at', 'timestamptz')
    .addColumn('login_successful', 'boolean', (c) => c.notNull())
    .addColumn('login_method', 'varchar(32)')
    .addColumn('session_id', 'char(64)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('auth_log_created_at_idx').on('auth_log').column('created_at').execute();
  await db.schema.createIndex('auth_log_session_id_idx').on('auth_log').column('session_id').execute();

  await db.schema
    .createTable('otp_log')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('twofaccount_id', 'integer', (c) =>
      c.notNull().references('twofaccounts.id').onDelete('cascade'),
    )
    .addColumn('generated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('otp_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('counter', 'bigint')
    // 'session', 'token' or 'proxy'; a token's name is kept as it was (the token may go).
    .addColumn('requester_kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('token_name', 'varchar(255)')
    .addColumn('ip_address', 'varchar(64)')
    // Identical codes (same account, caller, address and second) share a row: a client polling
    // a route in a loop costs one row a second, not one per request.
    .addColumn('times', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createIndex('otp_log_account_generated_idx')
    .on('otp_log')
    .columns(['twofaccount_id', 'generated_at'])
    .execute();
  await db.schema.createIndex('otp_log_generated_at_idx').on('otp_log').column('generated_at').execute();

  await db.schema.alterTable('sessions').addColumn('ip_address', 'varchar(64)').execute();
  await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute();
  await db.schema.alterTable('personal_access_tokens').addColumn('last_used_ip', 'varchar(64)').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('personal_access_tokens').dropColumn('last_used_ip').execute();
  await db.schema.alterTable('sessions').dropColumn('user_agent').execute();
  await db.schema.alterTable('sessions').dropColumn('ip_address').execute();
  await db.schema.dropTable('otp_log').execute();
  await db.schema.dropTable('auth_log').execute();
}
