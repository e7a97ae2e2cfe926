import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { DatabaseDriver } from '../db/database.js';
import type { DB } from '../db/schema.js';

/**
 * The icons stored where the app keeps them for the test's database: DATA_DIR/icons on PGlite,
 * the `icon_files` table on PostgreSQL (images/icon-store.ts). Files whose names start with a dot
 * are not icons.
 */
export async function storedIcons(t: {
  readonly driver: DatabaseDriver;
  readonly db: Kysely<DB>;
  readonly dataDir: string;
}): Promise<string[]> {
  if (t.driver === 'postgres') {
    return (await t.db.selectFrom('icon_files').select('name').execute()).map((row) => row.name);
  }
  const dir = path.join(t.dataDir, 'icons');
  return existsSync(dir) ? readdirSync(dir).filter((name) => !name.startsWith('.')) : [];
}
