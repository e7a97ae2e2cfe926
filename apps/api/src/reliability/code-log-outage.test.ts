import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { codeLogTiming, flushCodeLog } from '../code-log/code-log.writer.js';
import { loadConfig } from '../config/config.js';
import { migrateToLatest, openDatabase, type Database } from '../db/database.js';
import { createUserWithToken } from '../test/auth-helpers.js';
import { TestClock, TestMailbox } from '../test/harness.js';
import {
  findPostgresBinaries,
  startPostgresCluster,
  type PostgresCluster,
} from '../test/postgres-cluster.js';

/*
 * The code log through a PostgreSQL outage: codes read, then an account deleted for good, then the
 * database stopped before the log is written. The write fails and keeps every row in memory; once
 * the database is back, the next write stores them all. Writes are driven by hand (no timer).
 */

const binDir = findPostgresBinaries();

describe.skipIf(!binDir)('code log while PostgreSQL is away', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'twofold-code-log-outage-'));
  const logs: string[] = [];
  const clock = new TestClock();
  let cluster: PostgresCluster;
  let database: Database;
  let app: FastifyInstance;
  let token = '';

  beforeAll(async () => {
    codeLogTiming.flushEveryMs = 3_600_000;
    cluster = await startPostgresCluster(binDir!);
    database = await openDatabase({ driver: 'postgres', url: cluster.adminUrl });
    await migrateToLatest(database.db);
    token = await createUserWithToken(database.db);
    app = await buildApp({
      config: loadConfig({ APP_URL: 'http://localhost:8000', DATA_DIR: dataDir, THROTTLE_API: '0' }),
      db: database.db,
      dbDriver: 'postgres',
      keys: { current: randomBytes(32), previous: [] },
      clock,
      mailer: new TestMailbox(),
      logger: pino({ level: 'info' }, { write: (line: string) => void logs.push(line) }),
      webRoot: null,
    });
  }, 180_000);
  afterAll(async () => {
    codeLogTiming.flushEveryMs = 1000;
    await app?.close();
    await database?.close();
    cluster?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });

  it('keeps every row in memory until the database is back, then writes them all', async () => {
    const create = async (service: string) => {
      const response = await call('POST', '/api/v1/twofaccounts', {
        service,
        account: 'john',
        secret: 'A4GRFHVVRBGY7UIW',
        otp_type: 'totp',
      });
      expect(response.statusCode).toBe(201);
      return response.json<{ id: number }>().id;
    };
    const kept = await create('Kept');
    for (let i = 0; i < 10; i += 1)
      expect((await call('GET', `/api/v1/twofaccounts/${kept}/otp`)).statusCode).toBe(200);
    const throwaway = await create('Throwaway');
    expect((await call('GET', `/api/v1/twofaccounts/${throwaway}/otp`)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/v1/twofaccounts/${throwaway}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/v1/trash?ids=${throwaway}`)).statusCode).toBe(204);

    cluster.down();
    await flushCodeLog(app.deps);
    expect(logs.filter((line) => line.includes('kept in memory'))).toHaveLength(1);
    cluster.up();

    const answer = await call('GET', '/api/v1/otp-logs');
    expect(answer.statusCode).toBe(200);
    const log = answer.json<{
      entries: { twofaccount_id: number; service: string | null; deleted: boolean; count: number }[];
      memory: Record<string, number>;
    }>();
    expect(log.entries.map((row) => [row.twofaccount_id, row.service, row.deleted, row.count])).toEqual([
      [throwaway, 'Throwaway', true, 1],
      [kept, 'Kept', false, 10],
    ]);
    expect(log.memory).toMatchObject({ waiting: 0, dropped: 0, refused: 0 });
    expect(log.memory.failed_writes).toBeGreaterThan(0);
  }, 120_000);
});
