import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { encodeBase32, totpCodes } from '@twofold/otp';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { migrateToLatest, openDatabase, type Database, type DatabaseDriver } from '../db/database.js';
import { createUserWithToken, john } from '../test/auth-helpers.js';
import { WebSession } from './web-session.js';
import { TEMPLATE_DATABASE } from '../test/global-setup.js';
import { testDrivers } from '../test/harness.js';
import {
  bearerFetch,
  freePort,
  killHard,
  randomAppKey,
  ServerLogs,
  startServer,
  stopServer,
  type ServerProcess,
} from '../test/server-process.js';

/** Where the killed server keeps its data: what it is started with, and a way to look inside. */
interface Target {
  readonly env: Record<string, string>;
  open(): Promise<Database>;
  remove(): Promise<void>;
}

async function adminQuery(sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: inject('postgresAdminUrl') });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** An embedded database in the data folder, or a database of its own on the test cluster. */
async function databaseTarget(driver: DatabaseDriver, dataDir: string): Promise<Target> {
  if (driver === 'pglite') {
    const dbDir = path.join(dataDir, 'db');
    const database = await openDatabase({ driver: 'pglite', dataDir: dbDir });
    await migrateToLatest(database.db);
    await database.close();
    return {
      env: {},
      open: () => openDatabase({ driver: 'pglite', dataDir: dbDir }),
      remove: async () => {},
    };
  }
  const name = `kill_${randomBytes(8).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`);
  const url = new URL(inject('postgresAdminUrl'));
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    open: () => openDatabase({ driver: 'postgres', url: url.toString() }),
    remove: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/*
 * kill -9 of the real server (embedded database or PostgreSQL) in the middle of a 500-row import and in the
 * middle of the encryption switch. After a restart every account is whole (all or nothing: an
 * acknowledged row is there, nothing half-written), the switch is all-or-nothing (every row
 * sealed with the setting on, or none with it off), and every code is right.
 */

const ROWS = 500;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(testDrivers())('kill -9 during an import and during the encryption switch (%s)', (driver) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'twofold-kill-'));
  const logs = new ServerLogs();
  const secrets = new Map<string, string>();
  let env: Record<string, string> = {};
  let target: Target;
  let port = 0;
  let token = '';
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    target = await databaseTarget(driver, dataDir);
    env = { DATA_DIR: dataDir, APP_KEY: randomAppKey(), ...target.env };
    const database = await target.open();
    token = await createUserWithToken(database.db, new Date());
    await database.close();
    port = await freePort();
    for (let i = 0; i < ROWS; i += 1) secrets.set(`Service ${i}`, encodeBase32(randomBytes(20)));
  });
  afterAll(async () => {
    if (server) await stopServer(server);
    await target?.remove();
    rmSync(dataDir, { recursive: true, force: true });
    logs.expectNoSecrets([token, ...secrets.values()]);
  });

  const call = (method: string, route: string, body?: unknown) =>
    bearerFetch(server!.url, token)(method, route, body);
  /** Encryption at rest is switched from a signed-in session (refused to tokens). */
  const signedIn = (): Promise<WebSession> => WebSession.signIn(server!.url, john);

  /** Every stored account has a distinct expected name and the right code. */
  async function expectWholeAccounts(): Promise<Set<string>> {
    const list = (await (await call('GET', '/api/v1/twofaccounts')).json()) as {
      id: number;
      service: string;
    }[];
    const names = new Set(list.map((row) => row.service));
    expect(names.size).toBe(list.length);
    for (const row of list) {
      const secret = secrets.get(row.service);
      expect(secret, row.service).toBeDefined();
      const otp = (await (await call('GET', `/api/v1/twofaccounts/${row.id}/otp`)).json()) as {
        password: string;
        generated_at: number;
      };
      const expected = totpCodes(
        { otp_type: 'totp', secret: secret!, digits: 6, algorithm: 'sha1', period: 30 },
        otp.generated_at,
      );
      expect(expected.ok && expected.value.password, row.service).toBe(otp.password);
    }
    return names;
  }

  /** With the server down: rows sealed all or none, as the setting says. */
  async function expectAllOrNothingAtRest(): Promise<boolean> {
    const database = await target.open();
    try {
      const rows = await database.db.selectFrom('twofaccounts').select(['secret', 'service']).execute();
      const setting = await database.db
        .selectFrom('settings')
        .select('value')
        .where('key', '=', 'useEncryption')
        .executeTakeFirst();
      const on = setting?.value === true;
      const sealed = rows.filter((row) => String(row.secret).startsWith('v1:')).length;
      expect(sealed).toBe(on ? rows.length : 0);
      return on;
    } finally {
      await database.close();
    }
  }

  it('an import killed half-way keeps whole accounts only, and can be finished', async () => {
    server = await startServer(port, env, logs);
    const payload = [...secrets].map(
      ([service, secret]) => `otpauth://totp/${encodeURIComponent(service)}:me?secret=${secret}`,
    );
    const preview = await call('POST', '/api/v1/twofaccounts/migration', {
      payload: payload.join('\n'),
      withSecret: '1',
    });
    expect(preview.status).toBe(200);
    const rows = (await preview.json()) as { service: string; account: string; secret: string }[];
    expect(rows).toHaveLength(ROWS);
    const acknowledged = new Set<string>();
    let inFlight = 0;
    let next = 0;
    const create = async () => {
      while (next < rows.length) {
        const row = rows[next++]!;
        inFlight += 1;
        try {
          const response = await call('POST', '/api/v1/twofaccounts', { ...row, otp_type: 'totp' });
          if (response.status === 201) acknowledged.add(row.service);
        } catch {
          return; // killed
        } finally {
          inFlight -= 1;
        }
      }
    };
    const importing = Promise.all([create(), create(), create()]);
    const deadline = Date.now() + 120_000;
    while (acknowledged.size < 150 && next < rows.length && Date.now() < deadline) await sleep(5);
    expect(acknowledged.size).toBeGreaterThanOrEqual(150);
    const attempted = next;
    await killHard(server);
    await importing;
    server = await startServer(port, env, logs);
    const stored = await expectWholeAccounts();
    for (const name of acknowledged) expect(stored.has(name), name).toBe(true);
    expect(stored.size).toBeLessThanOrEqual(attempted);
    expect(inFlight).toBe(0);
    // The rest of the import, as a client resuming it would.
    for (const row of rows) {
      if (stored.has(row.service)) continue;
      expect((await call('POST', '/api/v1/twofaccounts', { ...row, otp_type: 'totp' })).status).toBe(201);
    }
    expect((await expectWholeAccounts()).size).toBe(ROWS);
  }, 240_000);

  it('the encryption switch killed at any moment is all or nothing; codes stay right', async () => {
    let on = false;
    for (const delayMs of [20, 150, 400, 900]) {
      const session = await signedIn();
      const switching = session
        .request('PUT', '/api/v1/settings/useEncryption', { value: !on })
        .catch(() => undefined);
      await sleep(delayMs);
      await killHard(server!);
      await switching;
      on = await expectAllOrNothingAtRest();
      server = await startServer(port, env, logs);
    }
    const done = await (await signedIn()).request('PUT', '/api/v1/settings/useEncryption', { value: true });
    expect(done.status).toBe(200);
    await stopServer(server!);
    expect(await expectAllOrNothingAtRest()).toBe(true);
    server = await startServer(port, env, logs);
    expect((await expectWholeAccounts()).size).toBe(ROWS);
  }, 240_000);
});
