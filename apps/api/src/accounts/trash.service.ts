import type { Deps } from '../shared/deps.js';
import { releaseIcon } from '../icons/icons.service.js';
import { readNativeSetting } from '../settings/settings.queries.js';
import { toTimestamp } from '../http/common.schemas.js';
import { toView } from './accounts.mapper.js';
import { DAY_MS, startDailyTask, type DailyTask } from '../shared/daily-task.js';
import { purgeAccountRows, readTrashedRows, restoreAccountRows, trashAccountRows } from './trash.queries.js';

/** Whether a delete moves accounts to the trash (`trashRetentionDays` > 0) rather than deleting them. */
export async function trashIsOn(deps: Deps): Promise<boolean> {
  return (await readNativeSetting(deps.db, 'trashRetentionDays')) > 0;
}

export async function moveToTrash(deps: Deps, ids: readonly number[]): Promise<number[]> {
  const now = deps.clock.now();
  return deps.db.transaction().execute((trx) => trashAccountRows(trx, ids, now));
}

/** The trash, newest first, with the date each account will be purged (the current retention). */
export async function listTrash(deps: Deps) {
  const days = await readNativeSetting(deps.db, 'trashRetentionDays');
  const { rows, encrypted } = await readTrashedRows(deps.db);
  return rows.map((row) => {
    const view = toView(deps.keys, row, encrypted);
    return {
      id: view.id,
      group_id: view.group_id,
      otp_type: view.otp_type,
      account: view.account,
      service: view.service,
      icon: deps.icons.exists(view.icon) ? view.icon : null,
      trashed_at: toTimestamp(row.trashed_at),
      purge_at: toTimestamp(new Date(row.trashed_at.getTime() + days * DAY_MS)),
    };
  });
}

export async function restoreFromTrash(deps: Deps, ids: readonly number[]): Promise<number[]> {
  return restoreAccountRows(deps.db, ids);
}

/** Deletes trashed accounts for good, and the icons no other account uses. */
export async function purgeTrash(deps: Deps, which: Parameters<typeof purgeAccountRows>[1]): Promise<number> {
  const icons = await purgeAccountRows(deps.db, which);
  for (const icon of new Set(icons)) await releaseIcon(deps, icon);
  return icons.length;
}

/** What is past its date: trashed more than `trashRetentionDays` ago (0: everything in the trash). */
export async function purgeExpired(deps: Deps): Promise<void> {
  const days = await readNativeSetting(deps.db, 'trashRetentionDays');
  await purgeTrash(deps, { trashedBy: new Date(deps.clock.now().getTime() - days * DAY_MS) });
}

/** Purges a minute after start, then once a day. */
export function startTrashPurger(deps: Deps, everyMs = DAY_MS): DailyTask {
  return startDailyTask(async () => {
    try {
      await purgeExpired(deps);
    } catch (error) {
      const reason = error instanceof Error && 'code' in error ? String(error.code) : 'unexpected error';
      deps.log.error({ reason }, 'trash purge failed');
    }
  }, everyMs);
}
