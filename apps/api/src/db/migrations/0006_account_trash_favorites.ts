import { sql, type Kysely } from 'kysely';

// Kysely migrations must accept any database: the typed DB does not exist yet at this point.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/*
 * The trash and the favourites. A deleted account keeps its row (group, icon, counter, position,
 * idempotency keys) with `trashed_at` set, so a restore brings it back exactly; every read of
 * accounts skips such rows, and a daily purge deletes them once their retention has passed.
 * `favorite_order` orders the favourites among themselves (null for an account not starred).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('twofaccounts')
    .addColumn('trashed_at', 'timestamptz')
    .addColumn('favorite', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('favorite_order', 'integer')
    .execute();
  // The purge and the trash list read only trashed rows: a partial index keeps them out of the way.
  await sql`create index twofaccounts_trashed_at_idx on twofaccounts (trashed_at) where trashed_at is not null`.execute(
    db,
  );
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('twofaccounts_trashed_at_idx').execute();
  await db.schema
    .alterTable('twofaccounts')
    .dropColumn('favorite_order')
    .dropColumn('favorite')
    .dropColumn('trashed_at')
    .execute();
}
