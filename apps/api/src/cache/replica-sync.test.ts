import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../db/database.js';
import { TEMPLATE_DATABASE } from '../test/global-setup.js';
import type { CacheScope } from './app-caches.js';
import { SYNC_APPLICATION, startReplicaSync, type ReplicaSync } from './replica-sync.js';

const adminUrl = inject('postgresAdminUrl');

/** Waits until `check` holds (polling), at most `ms`. */
async function until(check: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.skipIf(!adminUrl)('cache invalidation across replicas (PostgreSQL LISTEN/NOTIFY)', () => {
  const name = `t_${randomUUID().replace(/-/g, '')}`;
  let url = '';
  let database: Database;
  let sync: ReplicaSync;
  const dropped: (CacheScope[] | 'all')[] = [];
  const warnings: string[] = [];

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`);
    await admin.end();
    const target = new URL(adminUrl);
    target.pathname = `/${name}`;
    url = target.toString();
    database = await openDatabase({ driver: 'postgres', url });
    sync = startReplicaSync({
      url,
      caches: { invalidate: (...scopes) => dropped.push(scopes.length === 0 ? 'all' : scopes) },
      log: { info: () => {}, warn: (message) => warnings.push(message) },
      backoff: { initialMs: 50, maxMs: 400 },
    });
    await until(() => sync.listening, 5_000);
  });
  afterAll(async () => {
    await sync.stop();
    await database.close();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  const droppedScope = (scope: CacheScope) =>
    dropped.some((entry) => entry !== 'all' && entry.includes(scope));

  it('a write committed by another process drops the scopes its table feeds, within a second', async () => {
    dropped.length = 0;
    await database.db.insertInto('groups').values({ name: 'g', position: 1 }).execute();
    await until(() => droppedScope('accounts'), 1_000);
    await sql`delete from personal_access_tokens`.execute(database.db);
    await until(() => droppedScope('tokens'), 1_000);
  });

  it("another replica's tag, note or recovery-code write drops the accounts (the list caches them)", async () => {
    for (const table of ['tags', 'account_tags', 'account_notes', 'recovery_codes']) {
      dropped.length = 0;
      await sql`delete from ${sql.table(table)}`.execute(database.db);
      await until(() => droppedScope('accounts'), 1_000);
    }
  });

  it('a rolled-back write notifies nobody', async () => {
    await database.db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('groups').values({ name: 'rolled back', position: 2 }).execute();
        dropped.length = 0;
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(droppedScope('accounts')).toBe(false);
  });

  it('a lost listening connection drops every cache, then LISTEN comes back with backoff', async () => {
    dropped.length = 0;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [
      SYNC_APPLICATION,
    ]);
    await admin.end();
    await until(() => dropped.includes('all') && !sync.listening, 2_000);
    await until(() => sync.listening, 5_000);
    expect(warnings.some((line) => line.includes('listening connection lost'))).toBe(true);
    dropped.length = 0;
    await sql`update settings set value = value`.execute(database.db);
    await until(() => droppedScope('settings'), 1_000);
  });
});
