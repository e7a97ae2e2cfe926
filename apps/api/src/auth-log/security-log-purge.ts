import type { Deps } from '../shared/deps.js';
import { purgeSecurityLogs } from './auth-log.queries.js';
import { DAY_MS, startDailyTask, type DailyTask } from '../shared/daily-task.js';

/** Deletes the authentication and code log rows older than the retention (AUTH_LOG_RETENTION_DAYS). */
export async function purgeExpiredLogs(deps: Deps): Promise<void> {
  const before = new Date(deps.clock.now().getTime() - deps.config.AUTH_LOG_RETENTION_DAYS * DAY_MS);
  await purgeSecurityLogs(deps.db, before);
}

/** Purges a minute after start, then once a day. A failure is logged; the next day tries again. */
export function startLogPurge(deps: Deps, everyMs = DAY_MS): DailyTask {
  return startDailyTask(async () => {
    try {
      await purgeExpiredLogs(deps);
    } catch (error) {
      deps.log.error({ err: error }, 'security log purge failed');
    }
  }, everyMs);
}
