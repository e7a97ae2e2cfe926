import { afterAll, describe, expect, it } from 'vitest';
import type { Migration } from 'kysely/migration';
import { migrateToLatest, openDatabase } from './database.js';
import { migrationProvider } from './migrations/index.js';
import { isSchemaCurrent } from './schema-current.js';

describe('isSchemaCurrent (the start skips the migrator on a current schema)', () => {
  const opening = openDatabase({ driver: 'pglite' });
  afterAll(async () => (await opening).close());

  it('is false on an empty database, true once migrated, false when a migration is new', async () => {
    const { db } = await opening;
    expect(await isSchemaCurrent(db, migrationProvider)).toBe(false);
    await migrateToLatest(db);
    expect(await isSchemaCurrent(db, migrationProvider)).toBe(true);
    const withNewOne = {
      getMigrations: async () => ({
        ...(await migrationProvider.getMigrations()),
        '9999_next': { up: () => Promise.resolve() } satisfies Migration,
      }),
    };
    expect(await isSchemaCurrent(db, withNewOne)).toBe(false);
    // Migrating again on a current schema is a no-op that still succeeds.
    await migrateToLatest(db);
  });
});
