import { sql, type Kysely } from 'kysely';
import { DEFAULT_MIGRATION_TABLE, type MigrationProvider } from 'kysely/migration';
import type { DB } from './schema.js';

/**
 * True when every known migration is already recorded as applied: one query, so that a restart
 * on a current schema skips the migrator's setup (its tables, its lock, its transaction). Any
 * doubt (no migration table yet, a migration missing, an error) answers false and the full
 * migrator runs, which also reports a database that is ahead of this version.
 */
export async function isSchemaCurrent(db: Kysely<DB>, provider: MigrationProvider): Promise<boolean> {
  try {
    const known = Object.keys(await provider.getMigrations());
    const { rows } = await sql<{
      name: string;
    }>`select name from ${sql.table(DEFAULT_MIGRATION_TABLE)}`.execute(db);
    const applied = new Set(rows.map((row) => row.name));
    return rows.length === known.length && known.every((name) => applied.has(name));
  } catch {
    return false;
  }
}
