import { sql } from 'kysely';
import type { Deps } from '../shared/deps.js';

/** Advisory lock key of scheduled backups ("2fbk"). */
const BACKUP_LOCK = 0x32_66_62_6b;

/**
 * Runs `work` only if no other process sharing the database is running it (several replicas on
 * one PostgreSQL each have a scheduler): a session-level advisory lock on one pinned connection,
 * released when the work ends or when the process dies with its connection. False when skipped.
 */
export async function whileHoldingBackupLock(
  deps: Pick<Deps, 'db' | 'config'>,
  work: () => Promise<void>,
): Promise<boolean> {
  // The embedded database has one process and one connection (pinning it would block `work`).
  if (!deps.config.DATABASE_URL) {
    await work();
    return true;
  }
  return deps.db.connection().execute(async (connection) => {
    const { rows } = await sql<{
      locked: boolean;
    }>`select pg_try_advisory_lock(${BACKUP_LOCK}) as locked`.execute(connection);
    if (!rows[0]?.locked) return false;
    try {
      await work();
      return true;
    } finally {
      await sql`select pg_advisory_unlock(${BACKUP_LOCK})`.execute(connection);
    }
  });
}
