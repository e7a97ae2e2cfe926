import type { Executor } from '../db/database.js';
import { isTruthy } from '../http/common.schemas.js';
import { recoverySummaries } from '../extras/extras.queries.js';
import { tagsByAccount } from '../tags/tags.queries.js';
import { websitesByAccount } from './account-websites.js';

/*
 * Twofold's own account fields, flat on the account and only when the request asks for them
 * (`withExtras`): a 2FAuth client never meets a field it does not know. Each is written only when
 * there is something to say (absent: no tags, no recovery codes, no note), as the favourite fields
 * are: on a list of 1,000 accounts, most with none of them, the answer stays close to the plain
 * list in size and in the time it takes to build.
 */

export interface AccountExtras {
  /** The names, in the order of the tags screen (case-insensitive); unique whatever their case. */
  readonly tags?: string[];
  readonly recovery_codes?: { total: number; unused: number };
  readonly has_note?: true;
  /** The account's websites, in the user's order. */
  readonly websites?: string[];
}

/** An account with none of the extras (shared: nothing ever writes to it). */
const NO_EXTRAS: AccountExtras = Object.freeze({});

export const wantsExtras = (query: Record<string, unknown>): boolean => isTruthy(query.withExtras);

/** The extras of the given accounts (every account when `ids` is undefined). */
export async function extrasOf(
  db: Executor,
  ids?: readonly number[],
): Promise<(id: number) => AccountExtras> {
  const [tags, recovery, websites] = await Promise.all([
    tagsByAccount(db, ids),
    recoverySummaries(db, ids),
    websitesByAccount(db, ids),
  ]);
  const byId = new Map<number, AccountExtras>();
  for (const [id, list] of tags) byId.set(id, { tags: list.map((tag) => tag.name) });
  for (const [id, summary] of recovery) {
    byId.set(id, {
      ...byId.get(id),
      ...(summary.total > 0 ? { recovery_codes: { total: summary.total, unused: summary.unused } } : {}),
      ...(summary.has_note ? { has_note: true as const } : {}),
    });
  }
  for (const [id, list] of websites) byId.set(id, { ...byId.get(id), websites: list });
  return (id) => byId.get(id) ?? NO_EXTRAS;
}

/** The accounts with their extras (`whole`: the list is every account, one query for all). */
export async function withExtras<T extends { id: number }>(
  db: Executor,
  accounts: readonly T[],
  whole = false,
): Promise<(T & AccountExtras)[]> {
  const of = await extrasOf(db, whole ? undefined : accounts.map((account) => account.id));
  return accounts.map((account) => ({ ...account, ...of(account.id) }));
}

/** One account with its extras. */
export async function withOneExtras<T extends { id: number }>(
  db: Executor,
  account: T,
): Promise<T & AccountExtras> {
  const of = await extrasOf(db, [account.id]);
  return { ...account, ...of(account.id) };
}
