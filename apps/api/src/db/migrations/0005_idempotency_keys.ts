import type { Kysely } from 'kysely';

// Kysely migrations must accept any database: the typed DB does not exist yet at this point.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/*
 * The `Idempotency-Key`s of account creations: a retry with the same key (same caller, within a
 * day) answers the first creation again instead of storing the account twice. A row is written in
 * the transaction of its account, so one never commits without the other. The answer itself is not
 * kept (it holds the secret): it is rebuilt from the account, and deleting the account forgets its
 * key. `fingerprint` is the SHA-256 of the request body, to refuse a key reused for another body.
 * `user_id` is the caller's user (0 for a reverse-proxy user, who has no row).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('key', 'varchar(255)', (c) => c.notNull())
    .addColumn('fingerprint', 'char(64)', (c) => c.notNull())
    .addColumn('status', 'smallint', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('twofaccounts.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('idempotency_keys_user_id_key_key', ['user_id', 'key'])
    .execute();
  await db.schema
    .createIndex('idempotency_keys_created_at_idx')
    .on('idempotency_keys')
    .column('created_at')
    .execute();
  await db.schema
    .createIndex('idempotency_keys_account_id_idx')
    .on('idempotency_keys')
    .column('account_id')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute();
}
