import { sql } from 'kysely';
import type { Deps } from '../shared/deps.js';
import type { Caller } from '../http/fastify-types.js';
import { isActiveAccount } from '../db/active-accounts.js';
import { readNativeSetting } from '../settings/settings.queries.js';
import { flushCodeLog, MERGE_WINDOW_MS } from './code-log.writer.js';

/*
 * The sort by use: when each account's code was last read and how many codes were read, over a
 * window of days, from both traces of a read: the code log (codes the server computed) and the
 * views the web app reports (codes it computed itself from a secret it holds; ids only).
 */

/** One account's use within the window. */
export interface AccountUsage {
  readonly last_used_at: string;
  readonly uses: number;
}

/**
 * Records codes the caller's app computed itself, by account id (never a code): one row per
 * account, requester and minute, its count raised by each view. Ids of accounts not stored (or in
 * the trash) are skipped: a batch sent after an account was deleted elsewhere still counts the rest.
 */
export async function recordViews(
  deps: Deps,
  requester: { caller: Caller | null; ip: string },
  ids: readonly number[],
): Promise<void> {
  const caller = requester.caller;
  if (!caller || ids.length === 0 || !deps.config.OTP_LOG) return;
  const times = new Map<number, number>();
  for (const id of ids) times.set(id, (times.get(id) ?? 0) + 1);
  const stored = await deps.db
    .selectFrom('twofaccounts')
    .select('id')
    .where('id', 'in', [...times.keys()])
    .where(isActiveAccount)
    .execute();
  if (stored.length === 0) return;
  const now = deps.clock.now();
  const minute = new Date(Math.floor(now.getTime() / MERGE_WINDOW_MS) * MERGE_WINDOW_MS);
  await deps.db
    .insertInto('code_views')
    .values(
      stored.map(({ id }) => ({
        twofaccount_id: id,
        minute,
        last_at: now,
        requester_kind: caller.kind,
        token_id: caller.kind === 'token' ? caller.tokenId : '',
        ip_address: requester.ip,
        times: times.get(id)!,
      })),
    )
    .onConflict((oc) =>
      oc.constraint('code_views_merge_key').doUpdateSet({
        times: sql`code_views.times + excluded.times`,
        last_at: sql`greatest(code_views.last_at, excluded.last_at)`,
      }),
    )
    .execute();
}

/** The window of the sort by use: the `days` asked for, else the user's `usageDays` preference. */
export async function usageWindow(deps: Deps, days: number | undefined): Promise<number> {
  return days ?? (await readNativeSetting(deps.db, 'usageDays'));
}

/**
 * Each stored account read within the last `days` days: its last read and its codes read (the
 * code log's codes and the web app's views). Accounts never read in the window are absent.
 */
export async function accountUsage(deps: Deps, days: number): Promise<Record<string, AccountUsage>> {
  // What the code log holds in memory counts too.
  await flushCodeLog(deps);
  const since = new Date(deps.clock.now().getTime() - days * 86_400_000);
  // A code log row spans a minute from its `generated_at`: one begun before `since` may end after.
  const rowStart = new Date(since.getTime() - MERGE_WINDOW_MS);
  const { rows } = await sql<{ id: number; last_at: Date | string; uses: string | number }>`
    select u.id, max(u.at) as last_at, sum(u.times) as uses
    from (
      select twofaccount_id as id, coalesce(last_at, generated_at) as at, times from otp_log
      where generated_at >= ${rowStart} and coalesce(last_at, generated_at) >= ${since}
      union all
      select twofaccount_id as id, last_at as at, times from code_views where last_at >= ${since}
    ) u
    join twofaccounts on twofaccounts.id = u.id and ${isActiveAccount}
    group by u.id`.execute(deps.db);
  const usage: Record<string, AccountUsage> = {};
  for (const row of rows) {
    usage[String(row.id)] = { last_used_at: new Date(row.last_at).toISOString(), uses: Number(row.uses) };
  }
  return usage;
}
