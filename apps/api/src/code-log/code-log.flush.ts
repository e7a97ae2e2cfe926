import type { Deps } from '../shared/deps.js';
import { isDatabaseUp } from '../db/database.js';
import { capCodeLog, writeCodeLog, type CodeLogRow } from './code-log.queries.js';

/** What the writer counts between writes. */
export interface WriteState {
  dropped: number;
  refused: number;
  failedWrites: number;
  /** The last write failed (an outage): warned once, and early writes wait for the retry timer. */
  failing: boolean;
  /** The buffer was full since the last successful write (warned once). */
  full: boolean;
  /** Rows written since the table was last capped (starts infinite: the first write caps). */
  writtenSinceCap: number;
}

/**
 * Writes the rows, never losing one to another's fault: when a write fails and the database does
 * not answer (an outage), every row stays as it was for the next write; when the database answers
 * (it refused the batch), each row is written alone and only those refused on their own are
 * dropped (`drop`) and counted. Returns whether the rows are written. Nothing is thrown.
 */
export async function writeRows(
  deps: Deps,
  state: WriteState,
  rows: CodeLogRow[],
  drop: (row: CodeLogRow) => void,
): Promise<boolean> {
  if (rows.length === 0) return true;
  try {
    await writeCodeLog(deps.db, deps.keys, rows);
    await written(deps, state, rows.length);
    return true;
  } catch (error) {
    state.failedWrites += 1;
    if (!(await isDatabaseUp(deps.db))) return kept(deps, state, rows.length, error);
  }
  for (const [at, row] of rows.entries()) {
    try {
      await writeCodeLog(deps.db, deps.keys, [row]);
      await written(deps, state, 1);
    } catch (error) {
      if (!(await isDatabaseUp(deps.db))) return kept(deps, state, rows.length - at, error);
      state.refused += 1;
      drop(row);
      // The row's fields are not logged: the names it carries are the user's.
      deps.log.error({ err: error }, 'code log: the database refused a row; it was dropped');
    }
  }
  return true;
}

function kept(deps: Deps, state: WriteState, rows: number, error: unknown): false {
  if (!state.failing) {
    state.failing = true;
    deps.log.warn(
      { err: error, rows },
      'code log: rows could not be written; they are kept in memory and written when the database is back',
    );
  }
  return false;
}

async function written(deps: Deps, state: WriteState, count: number): Promise<void> {
  if (state.failing) {
    state.failing = false;
    deps.log.info('code log: the database is back; the rows kept meanwhile are written');
  }
  state.full = false;
  state.writtenSinceCap += count;
  // The cap is checked after about each hundredth of it written: one index walk, seldom.
  const max = deps.config.CODE_LOG_MAX_ROWS;
  if (state.writtenSinceCap < Math.max(1, Math.floor(max / 100))) return;
  state.writtenSinceCap = 0;
  try {
    await capCodeLog(deps.db, max);
  } catch (error) {
    deps.log.error({ err: error }, 'code log: the oldest rows over CODE_LOG_MAX_ROWS could not be purged');
  }
}
