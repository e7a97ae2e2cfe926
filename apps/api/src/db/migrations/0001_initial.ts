import { sql, type Kysely } from 'kysely';

/*
 * The whole first schema. SQL that PostgreSQL 15 and PGlite (PostgreSQL 18) both run:
 * no syntax newer than 15. Timestamps are timestamptz; the API renders them in UTC.
 */

// Kysely migrations must accept any database: the typed DB does not exist yet at this point.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const now = sql`now()`;

export async function up(db: AnyDb): Promise<void> {
  await createAuthTables(db);
  await createDataTables(db);
}

/** The user and what signs them in: sessions, tokens, security devices, throttles. */
async function createAuthTables(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'varchar(191)', (c) => c.notNull())
    .addColumn('email', 'varchar(191)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    // Opaque handle given to security devices (never the e-mail): base64url of 32 random bytes.
    .addColumn('webauthn_handle', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  // Only one user can ever exist: a constant unique key turns a concurrent second insert into a conflict.
  await sql`ALTER TABLE users ADD COLUMN singleton boolean NOT NULL DEFAULT true UNIQUE CHECK (singleton)`.execute(
    db,
  );

  await db.schema
    .createTable('sessions')
    // SHA-256 (hex) of the random session id carried by the encrypted cookie.
    .addColumn('id', 'char(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('csrf_token', 'text', (c) => c.notNull())
    // Short-lived state of anonymous or signed-in sessions (WebAuthn challenges...).
    .addColumn('data', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('last_activity_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('personal_access_tokens')
    .addColumn('id', 'char(40)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    // SHA-256 (hex) of the token value; the value itself is never stored.
    .addColumn('token_hash', 'char(64)', (c) => c.notNull().unique())
    .addColumn('revoked', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_used_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('webauthn_credentials')
    // base64url credential id.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'varchar(255)')
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('counter', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('transports', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('device_type', 'text', (c) => c.notNull().defaultTo('singleDevice'))
    .addColumn('backed_up', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  // Single-use, hashed tokens sent by e-mail: password reset and security-device recovery.
  await db.schema
    .createTable('auth_tokens')
    .addColumn('purpose', 'text', (c) =>
      c.primaryKey().check(sql`purpose in ('password_reset', 'webauthn_recovery')`),
    )
    .addColumn('token_hash', 'char(64)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();

  // Failed sign-in counters (lockout); kept in the database so a restart does not reset them.
  await db.schema
    .createTable('login_throttles')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('window_started_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

/** The data: settings, groups, accounts and icons waiting for their account. */
async function createDataTables(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('settings')
    .addColumn('key', 'varchar(128)', (c) => c.primaryKey())
    .addColumn('value', 'jsonb', (c) => c.notNull())
    .addColumn('is_custom', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('groups')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('show_in_chips', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('position', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  // Group names are unique whatever their letter case.
  await sql`CREATE UNIQUE INDEX groups_name_lower_idx ON groups (lower(name))`.execute(db);

  await db.schema
    .createTable('twofaccounts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('group_id', 'integer', (c) => c.references('groups.id').onDelete('set null'))
    .addColumn('otp_type', 'text', (c) => c.notNull())
    // service, account, secret and uri hold ciphertext while encryption at rest is on.
    .addColumn('service', 'text')
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('digits', 'integer', (c) => c.notNull())
    .addColumn('algorithm', 'text', (c) => c.notNull())
    .addColumn('period', 'integer')
    .addColumn('counter', 'bigint')
    .addColumn('icon', 'text')
    .addColumn('uri', 'text')
    .addColumn('position', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('twofaccounts_group_id_idx').on('twofaccounts').column('group_id').execute();

  // Uploaded or fetched icon files not yet saved on an account; purged after a day.
  await db.schema
    .createTable('pending_icons')
    .addColumn('filename', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'pending_icons',
    'twofaccounts',
    'groups',
    'settings',
    'login_throttles',
    'auth_tokens',
    'webauthn_credentials',
    'personal_access_tokens',
    'sessions',
    'users',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
