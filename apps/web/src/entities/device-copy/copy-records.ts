import type { ResponseOf } from '@twofold/contract';
import { updatedRecords, type CopyRecords } from '@twofold/vault';
import { api, unwrap } from '../../api/client';
import type { Account } from '../data-source';
import type { ExtrasRead } from './copy-extras';
import type { CopyContent } from './copy-content';
import { sealOffThread } from './seal-off-thread';
import { inOrder, type CopyMeta } from './open-copy';

/*
 * The copy's content record by record (`@twofold/vault`, copy-records.ts): one record per account
 * and one for the rest (`CopyMeta`). A refresh asks the server's change feed for what changed since
 * the copy's revision, and seals only that: one account edited, one account fetched and sealed.
 */

export type AccountChanges = ResponseOf<'/api/v1/twofaccounts/changes', 'get'>;

export const readChanges = (since: string | undefined) =>
  unwrap(api.GET('/api/v1/twofaccounts/changes', { params: { query: since ? { since } : {} } }));

/** The opened accounts after a refresh's changes. */
export function changedAccounts(held: readonly Account[], changes: AccountChanges): Account[] {
  const byId = new Map(changes.reset ? [] : held.map((account) => [account.id, account] as const));
  for (const id of changes.removed) byId.delete(id);
  for (const account of changes.accounts) byId.set(account.id, account);
  return inOrder(byId, changes.order);
}

/**
 * A refresh's records, sealed off the main thread, merged into those the copy holds. `extras`: the
 * notes and codes read for a copy that keeps them; null drops every one the copy holds.
 */
export async function sealChanges(
  publicKey: JsonWebKey,
  held: CopyRecords | undefined,
  meta: CopyMeta,
  changes: Pick<AccountChanges, 'accounts' | 'reset' | 'order'>,
  extras: ExtrasRead | null = null,
): Promise<CopyRecords> {
  const sealed = await sealOffThread({
    publicKey,
    meta,
    accounts: changes.accounts,
    ...(extras ? { extras: extras.sealed } : {}),
  });
  return updatedRecords(held, {
    ...sealed,
    // A reset reads every account's extras again, but keeps those it could not read.
    reset: (changes.reset || !held) && !extras?.unread.length,
    keep: changes.order,
    extras: extras ? (sealed.extras ?? {}) : null,
    extrasGone: extras?.gone ?? [],
  });
}

/** The content of a copy from the previous release as records (sealed again at its first unlock). */
export function recordsOf(publicKey: JsonWebKey, content: CopyContent): Promise<CopyRecords> {
  const { accounts, ...rest } = content;
  const order = accounts.map((account) => account.id);
  return sealChanges(publicKey, undefined, { ...rest, order }, { accounts, reset: true, order });
}
