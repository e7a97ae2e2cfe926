import type { Deps } from '../shared/deps.js';
import { purgeSecurityLogs } from './auth-log.queries.js';

const DAY_MS = 24 * 3600 * 1000;

/** Deletes the authentication and code log rows older than the retention (AUTH_LOG_RETENTION_DAYS). */
export async function purgeExpiredLogs(deps: Deps): Promise<void> {
  const before = new Date(deps.clock.now().getTime() - deps.config.AUTH_LOG_RETENTION_DAYS * DAY_MS);
  await purgeSecurityLogs(deps.db, before);
}

export interface LogPurgeSchedule {
  /** One purge (the timer runs it at start and daily; tests call it directly). */
  tick(): Promise<void>;
  stop(): void;
}

/** Purges at start, then once a day. A failure is logged; the next day tries again. */
export function startLogPurge(deps: Deps, everyMs = DAY_MS): LogPurgeSchedule {
  const tick = async () => {
    try {
      await purgeExpiredLogs(deps);
    } catch (error) {
      deps.log.error({ err: error }, 'security log purge failed');
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), everyMs);
  timer.unref();
  return { tick, stop: () => clearInterval(timer) };
}
