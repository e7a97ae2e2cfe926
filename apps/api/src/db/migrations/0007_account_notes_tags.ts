import { sql, type Kysely } from 'kysely';

// Kysely migrations must accept any database: the typed DB does not exist yet at this point.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/*
 * What an account keeps beside its secret, in tables of their own so that the accounts' list (and
 * its cached snapshot) never reads them:
 * - `account_notes`: one free-text note per account;
 * - `recovery_codes`: the account's recovery codes in their order, each with the date it was used.
 *   Note and codes are ciphertext while encryption at rest is on, like the secret.
 * - `tags` and `account_tags`: any number of tags per account; a name is unique whatever its case.
 */
export async function up(db: AnyDb): Promise<void> {
  const now = sql`now()`;
  await db.schema
    .createTable('account_notes')
    .addColumn('account_id', 'integer', (c) =>
      c.primaryKey().references('twofaccounts.id').onDelete('cascade'),
    )
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createTable('recovery_codes')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('twofaccounts.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('recovery_codes_account_id_idx')
    .on('recovery_codes')
    .columns(['account_id', 'position'])
    .execute();
  await db.schema
    .createTable('tags')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await sql`create unique index tags_name_lower_idx on tags (lower(name))`.execute(db);
  await db.schema
    .createTable('account_tags')
    .addColumn('account_id', 'integer', (c) => c.notNull().references('twofaccounts.id').onDelete('cascade'))
    .addColumn('tag_id', 'integer', (c) => c.notNull().references('tags.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('account_tags_pkey', ['account_id', 'tag_id'])
    .execute();
  await db.schema.createIndex('account_tags_tag_id_idx').on('account_tags').column('tag_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('account_tags').execute();
  await db.schema.dropTable('tags').execute();
  await db.schema.dropTable('recovery_codes').execute();
  await db.schema.dropTable('account_notes').execute();
}
