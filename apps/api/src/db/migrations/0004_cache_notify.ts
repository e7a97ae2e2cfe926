import { sql, type Kysely } from 'kysely';

/*
 * Several replicas on one PostgreSQL: every write statement on a table the in-memory caches hold
 * sends `NOTIFY twofold_cache, '<table>:<operation>'`. PostgreSQL delivers it when the transaction
 * commits (and never if it rolls back), to every replica listening (cache/replica-sync.ts), which
 * then drops what the write made stale. Any writer is covered, hand-written SQL included.
 */
export const CACHE_CHANNEL = 'twofold_cache';
const CACHED_TABLES = ['twofaccounts', 'groups', 'settings', 'personal_access_tokens', 'users'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function twofold_notify_cache() returns trigger language plpgsql as $$
    begin
      perform pg_notify('twofold_cache', tg_table_name || ':' || lower(tg_op));
      return null;
    end
    $$`.execute(db);
  for (const table of CACHED_TABLES) {
    await sql`
      create trigger ${sql.id(`${table}_notify_cache`)}
      after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function twofold_notify_cache()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of CACHED_TABLES) {
    await sql`drop trigger if exists ${sql.id(`${table}_notify_cache`)} on ${sql.table(table)}`.execute(db);
  }
  await sql`drop function if exists twofold_notify_cache()`.execute(db);
}
