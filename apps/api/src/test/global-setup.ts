import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateToLatest, openDatabase } from '../db/database.js';
import { findPostgresBinaries, startPostgresCluster, type PostgresCluster } from './postgres-cluster.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** File holding a dump of a migrated PGlite database, loaded by each test file. */
    pgliteTemplate: string;
    /** Admin connection string of the PostgreSQL used by the tests, or '' when the leg is skipped. */
    postgresAdminUrl: string;
  }
}

export const TEMPLATE_DATABASE = 'twofold_template';

/** Migrates a template database once; each test file then clones it (fast). */
async function preparePostgresTemplate(adminUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE}`);
    await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${TEMPLATE_DATABASE}`;
  const database = await openDatabase({ driver: 'postgres', url: url.toString() });
  try {
    await migrateToLatest(database.db);
  } finally {
    await database.close();
  }
}

/** CI providers set `CI` to `true` (GitHub Actions, GitLab) or `1`. */
function isCi(): boolean {
  const value = (process.env.CI ?? '').toLowerCase();
  return value !== '' && value !== 'false' && value !== '0';
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'twofold-test-'));

  const pglite = await openDatabase({ driver: 'pglite' });
  await migrateToLatest(pglite.db);
  const dump = await pglite.dumpDataDir!();
  await pglite.close();
  const templateFile = path.join(dir, 'pglite-template.tar');
  writeFileSync(templateFile, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', templateFile);

  let cluster: PostgresCluster | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL ?? '';
  if (!adminUrl) {
    const binDir = findPostgresBinaries();
    if (binDir) {
      cluster = await startPostgresCluster(binDir);
      adminUrl = cluster.adminUrl;
      console.log(`[test setup] PostgreSQL leg: throwaway cluster from ${binDir}`);
    } else if (isCi()) {
      // In CI a silently skipped leg would let PostgreSQL-only regressions through: fail instead.
      throw new Error(
        '[test setup] CI=true but no PostgreSQL: set TEST_DATABASE_URL or install PostgreSQL 15+ (initdb, pg_ctl).',
      );
    } else {
      console.warn(
        '\n!!! [test setup] PostgreSQL leg SKIPPED: TEST_DATABASE_URL is unset and no PostgreSQL binaries were found. Only PGlite is tested (under CI=true this fails the run). !!!\n',
      );
    }
  } else {
    console.log('[test setup] PostgreSQL leg: TEST_DATABASE_URL');
  }
  if (adminUrl) await preparePostgresTemplate(adminUrl);
  project.provide('postgresAdminUrl', adminUrl);

  return () => {
    cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
