import { sql, type Kysely } from 'kysely';

/*
 * The account list caches its extras (tags, notes, recovery-code counts) with the accounts. On
 * PostgreSQL, another replica's write to one of their tables must reach this replica's cache as a
 * write to `twofaccounts` does: the same statement trigger as migration 0004 (the function
 * `twofold_notify_cache` it created), on the four tables the extras are read from.
 */
const EXTRAS_TABLES = ['tags', 'account_tags', 'account_notes', 'recovery_codes'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of EXTRAS_TABLES) {
    await sql`
      create trigger ${sql.id(`${table}_notify_cache`)}
      after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function twofold_notify_cache()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of EXTRAS_TABLES) {
    await sql`drop trigger if exists ${sql.id(`${table}_notify_cache`)} on ${sql.table(table)}`.execute(db);
  }
}
