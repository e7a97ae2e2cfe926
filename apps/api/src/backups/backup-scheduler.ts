import type { Deps } from '../shared/deps.js';
import { removeLeftovers } from './backup-files.js';
import { backupSettings, makeBackup, recordRun, type BackupEntry } from './backups.service.js';
import { uploadEverywhere } from './destinations/remote-backups.js';
import { recordLocalOutcome } from './destinations/destinations.service.js';
import { whileHoldingBackupLock } from './backup-lock.js';
import { AppError } from '../http/errors.js';

/*
 * Backups run one at a time per app: the manual "Back up now" and the schedule share one queue,
 * so two runs never write or prune the folder together.
 */

const queues = new WeakMap<Deps, Promise<unknown>>();

export function runBackup(deps: Deps): Promise<BackupEntry> {
  const previous = queues.get(deps) ?? Promise.resolve();
  const run = previous
    .catch(() => undefined)
    .then(async () => {
      try {
        const { entry, sealed } = await makeBackup(deps);
        await recordRun(deps, { name: entry.name });
        await recordLocalOutcome(deps, { name: entry.name, size: entry.size });
        // Each remote destination records its own outcome; one failed raises the alert.
        if ((await uploadEverywhere(deps, sealed)) > 0) deps.alerts.raise({ kind: 'backup_failed' });
        return entry;
      } catch (error) {
        // The 409 (no password) is the caller's mistake, not a failed run.
        if (!(error instanceof AppError)) {
          const reason = error instanceof Error && 'code' in error ? String(error.code) : 'unexpected error';
          deps.log.error({ reason }, 'backup failed');
          const text = `The backup could not be written (${reason}).`;
          await recordRun(deps, { error: text }).catch(() => undefined);
          await recordLocalOutcome(deps, { reason: 'local_write_failed' }).catch(() => undefined);
        }
        throw error;
      }
    });
  queues.set(deps, run);
  return run;
}

const DAY = 24 * 60 * 60 * 1000;
const period = { daily: DAY, weekly: 7 * DAY } as const;

/** Whether a scheduled run is due now. */
export async function backupDue(deps: Deps): Promise<boolean> {
  const settings = await backupSettings(deps);
  if (settings.frequency === 'off' || !settings.password_set) return false;
  if (!settings.last_run) return true;
  return deps.clock.now().getTime() - new Date(settings.last_run.at).getTime() >= period[settings.frequency];
}

export interface BackupScheduler {
  /** One check (the timer calls it every minute; tests call it directly). */
  tick(): Promise<void>;
  stop(): void;
}

/** Cleans what an interrupted run left, then checks every minute whether a backup is due. */
export async function startBackupScheduler(deps: Deps, everyMs = 60_000): Promise<BackupScheduler> {
  const removed = await removeLeftovers(deps.config.backupDir);
  if (removed > 0) deps.log.warn({ removed }, 'removed unfinished backup files');
  let ticking = false;
  const tick = async () => {
    if (ticking) return;
    ticking = true;
    try {
      // One replica at a time; due is read under the lock, after another replica's run.
      await whileHoldingBackupLock(deps, async () => {
        if (await backupDue(deps)) await runBackup(deps);
      });
    } catch {
      // Logged and recorded by runBackup.
      deps.alerts.raise({ kind: 'backup_failed' });
    } finally {
      ticking = false;
    }
  };
  const timer = setInterval(() => void tick(), everyMs);
  timer.unref();
  return { tick, stop: () => clearInterval(timer) };
}
