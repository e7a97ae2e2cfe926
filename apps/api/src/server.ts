import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { buildApp, redactedLogPaths } from './app.js';
import { loadConfig, ConfigError } from './config/config.js';
import { resolveAppKeys } from './config/app-key.js';
import { systemClock } from './clock.js';
import { migrateToLatest, openDatabase } from './db/database.js';
import { DataDirInUseError, lockDataDir } from './db/data-dir-lock.js';
import { createMailer, mailComposer, smtpDelivery } from './mail/create-mailer.js';
import { MailOutbox } from './mail/mail-outbox.js';
import { runMailCommand } from './mail/mail-command.js';
import { startBackupScheduler } from './backups/backup-scheduler.js';
import { startTrashPurger } from './accounts/trash.service.js';
import { startLogPurge } from './auth-log/security-log-purge.js';
import { startReplicaSync } from './cache/replica-sync.js';
import { DatabaseIconStore } from './images/icon-store.js';

const packageJson = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

async function main(): Promise<void> {
  // The only read of process.env in the server.
  const config = loadConfig(process.env, { version: packageJson.version });
  // With arguments, a command instead of the server (`mail export <folder>`).
  const args = process.argv.slice(2);
  if (args.length > 0) {
    process.exitCode = await runMailCommand(args, config, {
      out: (line) => console.log(line),
      err: (line) => console.error(line),
    });
    return;
  }
  const logger = pino({ level: config.LOG_LEVEL, redact: { paths: redactedLogPaths, censor: '[redacted]' } });
  // The embedded database belongs to one process: a second start on the same DATA_DIR stops
  // here, before opening it. The lock goes with the process (every exit that runs JavaScript).
  const lock = config.DATABASE_URL
    ? undefined
    : lockDataDir(config.dataDir, {
        warn: (message) => logger.warn(message),
        heartbeatMs: config.LOCK_HEARTBEAT_MS,
        onLost: (holder) => {
          // Another process opened the database while the lock file was gone: this one stops at
          // once, without a graceful close (whose last writes would land under the other's feet).
          const who = holder
            ? `pid ${holder.pid}${holder.host === hostname() ? '' : ` on ${holder.host}`}`
            : 'another process';
          logger.fatal(
            `The lock of the data folder ${config.dataDir} was taken by ${who} while this process held it (its lock file had been deleted): the embedded database must never be open in two processes, so this one stops now.`,
          );
          process.exit(1);
        },
      });
  if (lock) process.once('exit', () => lock.release());
  const keys = resolveAppKeys(config);
  const database = config.DATABASE_URL
    ? await openDatabase({ driver: 'postgres', url: config.DATABASE_URL })
    : await openDatabase({ driver: 'pglite', dataDir: path.join(config.dataDir, 'db') });
  await migrateToLatest(database.db);
  // On PostgreSQL, mail goes through the outbox in the database, so that replicas share no folder.
  const outbox =
    database.driver === 'postgres'
      ? new MailOutbox({
          db: database.db,
          keys,
          clock: systemClock,
          log: logger,
          compose: mailComposer(config),
          deliver: config.MAIL_HOST ? smtpDelivery(config) : undefined,
        })
      : undefined;

  const app = await buildApp({
    config,
    db: database.db,
    dbDriver: database.driver,
    keys,
    clock: systemClock,
    mailer: createMailer(config, logger, outbox),
    ...(outbox ? { outbox } : {}),
    logger,
  });

  // The app is ready (no hooks can be added any more): the scheduler is stopped by `stop` below.
  const backups = await startBackupScheduler(app.deps);
  const trash = startTrashPurger(app.deps);
  const logPurge = startLogPurge(app.deps);
  outbox?.start();
  // PostgreSQL may be shared by several replicas: their writes drop this one's caches too.
  const sync = config.DATABASE_URL
    ? startReplicaSync({
        url: config.DATABASE_URL,
        caches: app.deps.caches,
        icons: app.deps.icons instanceof DatabaseIconStore ? app.deps.icons : undefined,
        log: { info: (message) => logger.info(message), warn: (message) => logger.warn(message) },
      })
    : undefined;

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping: finishing requests in flight');
    try {
      backups.stop();
      trash.stop();
      logPurge.stop();
      app.deps.timeCheck.stop();
      await sync?.stop();
      await app.close(); // stops accepting, waits for in-flight requests (and the outbox's sender)
      await database.close();
      lock?.release();
      logger.info('stopped');
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'error while stopping');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  // After the listen: the first requests of a restart do not wait behind the clock's first check.
  app.deps.timeCheck.start();
  logger.info(
    `Twofold ${config.version} is running at ${config.APP_URL} (database: ${database.driver === 'pglite' ? `embedded, in ${path.join(config.dataDir, 'db')}` : 'PostgreSQL'})`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else if (error instanceof DataDirInUseError) {
    console.error(`Twofold could not start: ${error.message}`);
  } else {
    console.error('Twofold could not start:', error);
  }
  process.exit(1);
});
