import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import pino from 'pino';
import { describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config/config.js';
import { TestClock, TestMailbox, openTestDatabase } from '../test/harness.js';
import { openDatabase } from './database.js';
import { isConnectionError, serializeErrorForLog } from './driver-errors.js';

const withPostgres = inject('postgresAdminUrl') ? it : it.skip;

describe('database driver errors', () => {
  withPostgres(
    'a connection dropped inside a transaction fails that transaction, not the process',
    async () => {
      const database = await openTestDatabase('postgres');
      const admin = new pg.Client({ connectionString: inject('postgresAdminUrl') });
      await admin.connect();
      try {
        const outcome = database.db
          .transaction()
          .execute(async (trx) => {
            const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
            // The client is checked out and idle in the transaction when the server drops it.
            await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
            await new Promise((resolve) => setTimeout(resolve, 300));
            await sql`select 1`.execute(trx);
          })
          .then(
            () => 'committed',
            (error: unknown) => (isConnectionError(error) ? 'connection error' : String(error)),
          );
        expect(await outcome).toBe('connection error');
        // The pool replaced the broken client.
        const { rows } = await sql<{ one: number }>`select 1 as one`.execute(database.db);
        expect(rows[0]!.one).toBe(1);
      } finally {
        await admin.end();
        await database.close();
      }
    },
  );

  it('answers a clean JSON 503 while the database cannot be reached', async () => {
    const database = await openDatabase({ driver: 'postgres', url: 'postgres://nobody@127.0.0.1:9/none' });
    const dataDir = mkdtempSync(path.join(tmpdir(), 'twofold-data-'));
    const logs: string[] = [];
    const app = await buildApp({
      config: loadConfig(
        { APP_URL: 'http://localhost:8000', DATA_DIR: dataDir, LOG_LEVEL: 'info' },
        { version: 't' },
      ),
      db: database.db,
      dbDriver: 'postgres',
      keys: { current: randomBytes(32), previous: [] },
      clock: new TestClock(),
      mailer: new TestMailbox(),
      logger: pino({ level: 'info' }, { write: (line: string) => void logs.push(line) }),
      webRoot: null,
    });
    try {
      const response = await app.inject({
        method: 'POST',
        url: '/user/login',
        payload: { email: 'someone@example.org', password: 'correct horse battery' },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: 'Service unavailable' });
      expect(logs.join('\n')).not.toContain('correct horse battery');
    } finally {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('logs a database error by SQL state and constraint, never its parameters or detail', () => {
    const error = Object.assign(new Error('duplicate key value violates unique constraint "x_key"'), {
      code: '23505',
      severity: 'ERROR',
      constraint: 'x_key',
      table: 'twofaccounts',
      detail: 'Key (secret)=(JBSWY3DPEHPK3PXP) already exists.',
      query: 'insert into twofaccounts (secret) values ($1)',
      params: ['JBSWY3DPEHPK3PXP'],
    });
    const wrapped = new Error('write failed', { cause: error });
    const text = JSON.stringify(serializeErrorForLog(wrapped));
    expect(text).not.toContain('JBSWY3DPEHPK3PXP');
    expect(text).toContain('23505');
    expect(text).toContain('x_key');
  });

  it("tells a client's aborted request from a database connection reset", () => {
    // What Node's HTTP server gives the body reader when the client hangs up mid-upload.
    const aborted = Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
    expect(isConnectionError(aborted)).toBe(false);
    // What node-postgres reports when the database drops its socket.
    const reset = Object.assign(new Error('read ECONNRESET'), {
      code: 'ECONNRESET',
      errno: -104,
      syscall: 'read',
    });
    expect(isConnectionError(reset)).toBe(true);
    expect(isConnectionError(new Error('query failed', { cause: reset }))).toBe(true);
    expect(isConnectionError(new Error('Connection terminated unexpectedly'))).toBe(true);
  });
});
