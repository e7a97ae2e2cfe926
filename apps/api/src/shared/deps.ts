import type { DeriveKey } from '@twofold/import';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppCaches } from '../cache/app-caches.js';
import type { Clock } from '../clock.js';
import type { AppKeys } from '../config/app-key.js';
import type { Config } from '../config/config.js';
import type { DB } from '../db/schema.js';
import type { IconStore } from '../images/icon-store.js';
import type { Mailer } from '../mail/mailer.js';
import type { MailOutbox } from '../mail/mail-outbox.js';
import type { AlertPort } from './alerts-port.js';
import type { PasswordHashing } from './password-port.js';
import type { DiskWatch } from '../storage/disk.js';
import type { ClockWatch } from '../clock-skew/clock-watch.js';
import type { TimeCheck } from '../clock-skew/time-check.js';

/**
 * What the services work with, built once per app (app.ts) and handed to them explicitly, so that
 * a job or a command-line tool can call a service without an HTTP server. `db` is the app's Kysely
 * instance: its writes drop the caches they make stale (cache/invalidate-on-write.ts).
 */
export interface Deps {
  readonly config: Config;
  readonly db: Kysely<DB>;
  readonly caches: AppCaches;
  readonly keys: AppKeys;
  readonly clock: Clock;
  readonly mailer: Mailer;
  /**
   * On PostgreSQL, the queue the single-use link mails go through (mail/mail-outbox.ts): queued in
   * the transaction that issues the link, sent by any replica. Absent on the embedded database,
   * where `mailer` sends at once.
   */
  readonly outbox?: MailOutbox;
  /** The icon folder (DATA_DIR/icons). */
  readonly icons: IconStore;
  readonly log: FastifyBaseLogger;
  /** The users' password hashes (auth/password.ts). */
  readonly passwords: PasswordHashing;
  /** Key derivation for encrypted imports (a worker thread; import-export/kdf-pool.ts). */
  readonly deriveKey: DeriveKey;
  /** Security alerts (alerts/): `raise` queues one and returns at once. */
  readonly alerts: AlertPort;
  /** The free space of DATA_DIR; full-disk reports (storage/disk.ts). */
  readonly disk: DiskWatch;
  /** The server's clock checked against its devices' clocks (clock-skew/clock-watch.ts). */
  readonly clockWatch: ClockWatch;
  /** The optional check of the server's clock against an outside time source (clock-skew/time-check.ts). */
  readonly timeCheck: TimeCheck;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The services' dependencies; routes hand them on. */
    deps: Deps;
  }
}
