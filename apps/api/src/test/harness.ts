import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, inject } from 'vitest';
import { buildApp } from '../app.js';
import { invalidatingDatabase } from '../cache/invalidate-on-write.js';
import type { Clock } from '../clock.js';
import type { AppKeys } from '../config/app-key.js';
import { loadConfig, type Config } from '../config/config.js';
import { openDatabase, type Database, type DatabaseDriver } from '../db/database.js';
import { tableNames, type DB } from '../db/schema.js';
import type { Mailer, MailMessage } from '../mail/mailer.js';
import { createMailer, mailComposer, smtpDelivery } from '../mail/create-mailer.js';
import { MailOutbox } from '../mail/mail-outbox.js';
import { TEMPLATE_DATABASE } from './global-setup.js';

/** A clock the test moves by hand. Starts at 2023-11-14T22:13:20Z (Unix 1700000000). */
export class TestClock implements Clock {
  static readonly START = new Date(1_700_000_000_000);
  private current = TestClock.START;
  now(): Date {
    return new Date(this.current);
  }
  set(date: Date | number): void {
    this.current = new Date(date);
  }
  advance(seconds: number): void {
    this.current = new Date(this.current.getTime() + seconds * 1000);
  }
}

/**
 * The scrypt cost of the tests' password hashes: the many sign-ins of the suites would otherwise
 * spend most of their time hashing. The production cost is checked by the registration tests.
 */
export const TEST_PASSWORD_COST = 2 ** 4;

export class TestMailbox implements Mailer {
  readonly messages: MailMessage[] = [];
  send(message: MailMessage): Promise<void> {
    this.messages.push(message);
    return Promise.resolve();
  }
}

/** Which databases this run covers: PGlite always, PostgreSQL when the setup provided one. */
export function testDrivers(): DatabaseDriver[] {
  return inject('postgresAdminUrl') ? ['pglite', 'postgres'] : ['pglite'];
}

/** A fresh migrated database: PGlite from the template dump, PostgreSQL cloned from the template. */
export async function openTestDatabase(driver: DatabaseDriver): Promise<Database> {
  if (driver === 'pglite') {
    const dump = new Blob([readFileSync(inject('pgliteTemplate'))]);
    return openDatabase({ driver: 'pglite', loadDataDir: dump });
  }
  const adminUrl = inject('postgresAdminUrl');
  const name = `t_${randomUUID().replace(/-/g, '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ driver: 'postgres', url: url.toString() });
  return {
    ...database,
    close: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      try {
        await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}

/** Empties every table and restarts ids, so each test starts from a new install. */
export async function resetDatabase(db: Kysely<DB>): Promise<void> {
  const tables = tableNames.join(', ');
  await sql.raw(`TRUNCATE ${tables} RESTART IDENTITY CASCADE`).execute(db);
}

export interface TestContext {
  readonly driver: DatabaseDriver;
  readonly app: FastifyInstance;
  readonly db: Kysely<DB>;
  readonly config: Config;
  readonly clock: TestClock;
  readonly mailbox: TestMailbox;
  /** Every log line written during the current test (JSON text). */
  readonly logs: string[];
  readonly dataDir: string;
  /**
   * Rebuilds the app with other environment values (same database), e.g. demo or proxy mode.
   * A new random app key each time, unless `keepKeys` (a plain restart).
   */
  rebuild(env?: Record<string, string>, rebuildOptions?: { keepKeys?: boolean }): Promise<FastifyInstance>;
}

interface MutableContext {
  driver: DatabaseDriver;
  app?: FastifyInstance;
  database?: Database;
  config?: Config;
  clock: TestClock;
  mailbox: TestMailbox;
  logs: string[];
  dataDir: string;
  customEnv?: boolean;
  keys?: AppKeys;
  /** The database as tests see it (`t.db`): its writes drop the app's caches. */
  testDb?: Kysely<DB>;
}

export interface HarnessOptions {
  /** Environment of the app under test (merged over the test defaults). */
  env?: Record<string, string>;
  /** Folder of a built web app to serve; none by default. */
  webRoot?: string | null;
  /** Extra route plugins (tests of the shared HTTP layer). */
  extraRoutes?: readonly FastifyPluginAsync[];
  /** Send mail for real (SMTP per MAIL_*, or .eml files) instead of into `t.mailbox`. */
  realMailer?: boolean;
  /**
   * On PostgreSQL, queue link mails in the outbox as the server does (`app.deps.outbox`, sending
   * per MAIL_* on the test clock; its timer is not started). No effect on PGlite.
   */
  outbox?: boolean;
  /** Hash passwords at the app's default cost, as the server does, not at `TEST_PASSWORD_COST`. */
  productionPasswordCost?: boolean;
}

async function startApp(
  state: MutableContext,
  env: Record<string, string>,
  options: HarnessOptions & { keepKeys?: boolean },
) {
  const config = loadConfig(
    {
      APP_URL: 'http://localhost:8000',
      DATA_DIR: state.dataDir,
      LOG_LEVEL: 'info',
      // The in-memory request limiters count real time across a whole file; suites that test
      // them turn them on (auth/rate-limit tests).
      THROTTLE_API: '0',
      THROTTLE_WEB: '0',
      ...env,
    },
    {
      version: '1.0.0-test',
    },
  );
  const logger = pino({ level: 'info' }, { write: (line: string) => void state.logs.push(line) });
  const keys =
    options.keepKeys && state.keys ? state.keys : (state.keys = { current: randomBytes(32), previous: [] });
  const outbox =
    options.outbox && state.driver === 'postgres'
      ? new MailOutbox({
          db: state.database!.db,
          keys,
          clock: state.clock,
          log: logger,
          compose: mailComposer(config),
          deliver: config.MAIL_HOST ? smtpDelivery(config) : undefined,
        })
      : undefined;
  const app = await buildApp({
    config,
    db: state.database!.db,
    dbDriver: state.driver,
    keys,
    clock: state.clock,
    mailer: options.realMailer ? createMailer(config, logger, outbox) : state.mailbox,
    ...(outbox ? { outbox } : {}),
    logger,
    webRoot: options.webRoot ?? null,
    extraRoutes: options.extraRoutes ?? [],
    ...(options.productionPasswordCost ? {} : { passwordCost: TEST_PASSWORD_COST }),
  });
  state.config = config;
  state.app = app;
  return app;
}

/**
 * Runs the same suite once per database, PGlite and PostgreSQL, since the server supports both and
 * they differ in types and locking. Each test starts on an empty database
 * with the clock at Unix 1700000000, an empty mailbox and an empty log.
 */
export function describeEachDatabase(
  title: string,
  body: (t: TestContext) => void,
  options: HarnessOptions = {},
) {
  describe.each(testDrivers())(`${title} [%s]`, (driver) => {
    const state: MutableContext = {
      driver,
      clock: new TestClock(),
      mailbox: new TestMailbox(),
      logs: [],
      dataDir: mkdtempSync(path.join(tmpdir(), 'twofold-data-')),
    };
    const baseEnv = options.env ?? {};
    const ready = <T>(value: T | undefined, name: string): T => {
      if (value === undefined) throw new Error(`test context: ${name} is not ready (used outside a test?)`);
      return value;
    };
    const context: TestContext = {
      driver,
      get app() {
        return ready(state.app, 'app');
      },
      get db() {
        // A test writing straight into the database plays the part of a writer outside the
        // services: the same plugin as the app's own drops the caches of the app under test.
        return (state.testDb ??= invalidatingDatabase(ready(state.database, 'database').db, {
          invalidate: (...scopes) => state.app?.deps.caches.invalidate(...scopes),
        }));
      },
      get config() {
        return ready(state.config, 'config');
      },
      clock: state.clock,
      mailbox: state.mailbox,
      logs: state.logs,
      dataDir: state.dataDir,
      async rebuild(env = {}, rebuildOptions = {}) {
        state.customEnv = true;
        await state.app?.close();
        return startApp(state, { ...baseEnv, ...env }, { ...options, ...rebuildOptions });
      },
    };

    beforeAll(async () => {
      state.database = await openTestDatabase(driver);
      await startApp(state, baseEnv, options);
    });
    beforeEach(async () => {
      await resetDatabase(context.db);
      if (state.customEnv) {
        // A previous test rebuilt the app with other settings: back to the suite's own.
        await state.app?.close();
        await startApp(state, baseEnv, options);
        state.customEnv = false;
      }
      state.clock.set(TestClock.START);
      state.mailbox.messages.length = 0;
      state.logs.length = 0;
    });
    afterAll(async () => {
      await state.app?.close();
      await state.database?.close();
      rmSync(state.dataDir, { recursive: true, force: true });
    });

    body(context);
  });
}
