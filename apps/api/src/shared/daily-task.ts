export const DAY_MS = 24 * 3600 * 1000;
/**
 * The first run waits this long after start: a restart is usually a user waiting for a page, and
 * the embedded database answers one query at a time, so housekeeping comes after the first requests.
 */
export const FIRST_RUN_AFTER_START_MS = 60 * 1000;

export interface DailyTask {
  /** One run (the timers call it; tests call it directly). */
  tick(): Promise<void>;
  stop(): void;
}

/**
 * Runs `run` a minute after start, then once a day. A failure is the task's own to report (`run`
 * catches it); the next day tries again. The timers never keep the process alive.
 */
export function startDailyTask(run: () => Promise<void>, everyMs = DAY_MS): DailyTask {
  const first = setTimeout(() => void run(), Math.min(FIRST_RUN_AFTER_START_MS, everyMs));
  const timer = setInterval(() => void run(), everyMs);
  first.unref();
  timer.unref();
  return {
    tick: run,
    stop: () => {
      clearTimeout(first);
      clearInterval(timer);
    },
  };
}
