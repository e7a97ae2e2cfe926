import type { Kysely } from 'kysely';

/*
 * Codes the web app computed itself (from a secret it holds) and showed or copied: the server
 * never sees such a code, so the app reports the account ids alone ("viewed"), never a code. One
 * row per account, requester (kind, token, address) and minute, with a count, as the code log
 * merges its rows; `last_at` is the latest view in the minute. Rows go with their account (they
 * only serve the sort by use), and with the user. The code log's rows, merged the same way, gain
 * `last_at` as well: a row's `generated_at` is its first code.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('code_views')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('twofaccount_id', 'integer', (c) =>
      c.notNull().references('twofaccounts.id').onDelete('cascade'),
    )
    .addColumn('minute', 'timestamptz', (c) => c.notNull())
    .addColumn('last_at', 'timestamptz', (c) => c.notNull())
    // 'session', 'token' or 'proxy'; `token_id` is '' unless a token reported the views.
    .addColumn('requester_kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('token_id', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('ip_address', 'varchar(64)', (c) => c.notNull())
    .addColumn('times', 'integer', (c) => c.notNull().defaultTo(1))
    .addUniqueConstraint('code_views_merge_key', [
      'twofaccount_id',
      'minute',
      'requester_kind',
      'token_id',
      'ip_address',
    ])
    .execute();
  await db.schema.createIndex('code_views_last_at_idx').on('code_views').column('last_at').execute();
  // The code log's rows learn their last code too (null on rows written before: their first).
  await db.schema.alterTable('otp_log').addColumn('last_at', 'timestamptz').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('otp_log').dropColumn('last_at').execute();
  await db.schema.dropTable('code_views').execute();
}
