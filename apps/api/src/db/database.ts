import { mkdirSync } from 'node:fs';
import { Kysely, PGliteDialect, PostgresDialect, sql, type Transaction as KyselyTransaction } from 'kysely';
import { Migrator } from 'kysely/migration';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { migrationProvider } from './migrations/index.js';
import { pgliteSettings } from './pglite-settings.js';
import { isSchemaCurrent } from './schema-current.js';
import type { DB } from './schema.js';

export type Executor = Kysely<DB>;
/** Only a transaction: functions that must not run outside one take this type. */
export type Transaction = KyselyTransaction<DB>;
export type DatabaseDriver = 'postgres' | 'pglite';

export interface Database {
  readonly db: Kysely<DB>;
  readonly driver: DatabaseDriver;
  /** Closes the pool or the embedded database (flushing it to disk). */
  close(): Promise<void>;
  /** PGlite only: a dump of the whole data folder (tests clone a migrated template from it). */
  dumpDataDir?(): Promise<Blob>;
}

export type DatabaseOptions =
  | { driver: 'postgres'; url: string }
  /** `dataDir` undefined = in memory; `loadDataDir` = a dump to start from (tests). */
  | { driver: 'pglite'; dataDir?: string; loadDataDir?: Blob };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.driver === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // An idle pooled connection that the server drops (restart, failover, admin termination)
    // is emitted as a pool error: without a listener it would crash the process. The pool
    // replaces the connection on next use, and a failing query still reports its own error.
    pool.on('error', (error) => {
      process.emitWarning(`PostgreSQL dropped an idle connection: ${error.message}`);
    });
    // A connection checked out by Kysely (inside a transaction, between two queries) has no
    // pool listener: its 'error' event would be unhandled and end the process. The error is
    // already reported to the query or transaction that uses the client, and node-postgres
    // discards a broken client when it is released, so the listener only has to exist.
    pool.on('connect', (client) => {
      client.on('error', (error) => {
        process.emitWarning(`PostgreSQL connection lost: ${error.message}`);
      });
    });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, driver: 'postgres', close: () => db.destroy() };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const pglite = await PGlite.create({
    postgresqlconf: [...pgliteSettings],
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const db = new Kysely<DB>({ dialect: new PGliteDialect({ pglite }) });
  return {
    db,
    driver: 'pglite',
    dumpDataDir: () => pglite.dumpDataDir('none'),
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}

/** Brings the schema up to date; throws (stopping the start) when a migration fails. */
export async function migrateToLatest(db: Kysely<DB>): Promise<void> {
  if (await isSchemaCurrent(db, migrationProvider)) return;
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const cause = error instanceof Error ? error : new Error(String(error));
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${cause.message}`, { cause });
  }
}

/** True when the database answers a trivial query (health check). */
export async function isDatabaseUp(db: Kysely<DB>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
