import type { Deps } from '../shared/deps.js';
import { errors } from '../http/errors.js';
import { findUser } from '../users/users.queries.js';
import { monthsBefore } from '../auth-log/time-format.js';
import type { LogWindow } from '../auth-log/auth-log.service.js';
import { accountExists } from '../db/active-accounts.js';
import { listCodeLog, listRecentCodeLog } from './code-log.queries.js';
import { codeLogStatus, flushCodeLog, MERGE_WINDOW_MS } from './code-log.writer.js';
import { openName } from './code-log.names.js';

/** Laravel's JSON form of a date: `2023-11-14T22:13:20.000000Z`. */
const laravelDate = (date: Date) => date.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');

type Source = 'session' | 'token' | 'proxy';

/**
 * Laravel's `take` over rows that each stand for `times` codes: the first n codes, or the last n
 * when negative, without listing more codes than are taken.
 */
function takeCodes<T extends { times: number }>(rows: readonly T[], limit: number | undefined): T[] {
  const expand = (list: readonly T[]) => list.flatMap((row) => Array.from({ length: row.times }, () => row));
  if (limit === undefined) return expand(rows);
  const n = Math.trunc(limit);
  const wanted = Math.abs(n);
  const ordered = n >= 0 ? rows : [...rows].reverse();
  const taken: T[] = [];
  for (const row of ordered) {
    if (taken.length >= wanted) break;
    for (let i = 0; i < row.times && taken.length < wanted; i += 1) taken.push(row);
  }
  return n >= 0 ? taken : taken.reverse();
}

/** Laravel's `take` over the rows themselves. */
function takeRows<T>(rows: readonly T[], limit: number | undefined): readonly T[] {
  if (limit === undefined) return rows;
  const n = Math.trunc(limit);
  return n >= 0 ? rows.slice(0, n) : rows.slice(n);
}

/**
 * `GET /api/v1/twofaccounts/{id}/otp-logs`: the codes computed for an account, oldest first. A
 * stored row stands for the codes one requester read within a minute: 2FAuth lists each code, and
 * so does this route; `withCount` lists each row once with its `count` instead.
 */
export async function codeLogOf(
  deps: Deps,
  accountId: number,
  window: LogWindow,
  options: { withSource: boolean; withCount: boolean },
) {
  if (!(await accountExists(deps.db, accountId))) throw errors.notFound();
  await flushCodeLog(deps);
  const since =
    window.period === undefined ? undefined : monthsBefore(deps.clock.now(), Math.trunc(window.period));
  const stored = await listCodeLog(deps.db, accountId, since);
  const rows = options.withCount ? takeRows(stored, window.limit) : takeCodes(stored, window.limit);
  const user = await findUser(deps.db);
  const name = user?.name ?? '';
  const email = user?.email ?? null;
  return rows.map((row) => ({
    requester_name: name,
    requester_email: email,
    owner_name: name,
    owner_email: email,
    ip_address: row.ip_address,
    generated_at: laravelDate(new Date(row.generated_at)),
    otp_type: row.otp_type,
    ...(row.otp_type === 'hotp' && row.counter !== null ? { counter: Number(row.counter) } : {}),
    ...(options.withSource ? { source: row.requester_kind as Source, token_name: row.token_name } : {}),
    ...(options.withCount ? { count: row.times } : {}),
  }));
}

/**
 * `GET /api/v1/otp-logs` (Twofold only): the newest rows of every account's log, those of
 * accounts deleted since included (with the names they had), how the log is kept, and what the
 * server holds in memory or lost while the database could not be written.
 */
export async function recentCodeLog(deps: Deps, limit: number) {
  await flushCodeLog(deps);
  const rows = await listRecentCodeLog(deps.db, limit);
  return {
    entries: rows.map((row) => ({
      twofaccount_id: row.twofaccount_id,
      deleted: row.stored_id === null,
      service: openName(deps.keys, row.twofaccount_id, 'service', row.service),
      account: openName(deps.keys, row.twofaccount_id, 'account', row.account),
      generated_at: new Date(row.generated_at).toISOString(),
      otp_type: row.otp_type,
      ...(row.otp_type === 'hotp' && row.counter !== null ? { counter: Number(row.counter) } : {}),
      source: row.requester_kind as Source,
      token_name: row.token_name,
      ip_address: row.ip_address,
      count: row.times,
    })),
    kept: {
      days: deps.config.AUTH_LOG_RETENTION_DAYS,
      max_rows: deps.config.CODE_LOG_MAX_ROWS,
      merge_seconds: MERGE_WINDOW_MS / 1000,
      enabled: deps.config.OTP_LOG,
    },
    memory: codeLogStatus(deps),
  };
}
