import type { Executor } from '../db/database.js';
import type { AccountView } from './accounts.mapper.js';
import { isTruthy } from '../http/common.schemas.js';
import { recoverySummaries } from '../recovery/recovery.queries.js';
import { tagsByAccount } from '../tags/tags.queries.js';

/*
 * Twofold's own account fields, flat on the account and only when the request asks for them
 * (`withExtras`): a 2FAuth client never meets a field it does not know.
 */

export interface AccountExtras {
  readonly tags: { id: number; name: string }[];
  readonly recovery_codes: { total: number; unused: number };
  readonly has_note: boolean;
}

export const wantsExtras = (query: Record<string, unknown>): boolean => isTruthy(query.withExtras);

/** The extras of the given accounts (every account when `ids` is undefined). */
export async function extrasOf(
  db: Executor,
  ids?: readonly number[],
): Promise<(id: number) => AccountExtras> {
  const [tags, recovery] = await Promise.all([tagsByAccount(db, ids), recoverySummaries(db, ids)]);
  return (id) => {
    const summary = recovery.get(id);
    return {
      tags: tags.get(id) ?? [],
      recovery_codes: { total: summary?.total ?? 0, unused: summary?.unused ?? 0 },
      has_note: summary?.has_note ?? false,
    };
  };
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

/**
 * Twofold's own account fields, answered only when the request asks for them (`withExtras`):
 * 2FAuth clients never meet a field they did not ask for. The favourite fields are written for
 * favourites only (absent = not starred): on a list of 1,000 accounts, mostly not starred, that
 * keeps the answer as light as before.
 */
export function accountExtras(view: Pick<AccountView, 'favorite' | 'favorite_order'>): {
  favorite?: true;
  favorite_order?: number | null;
} {
  return view.favorite ? { favorite: true, favorite_order: view.favorite_order } : {};
}
