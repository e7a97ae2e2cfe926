import type { ResponseOf } from '@twofold/contract';
import { openContent, recordOpener, updatedRecords, VaultError, type CopyRecords } from '@twofold/vault';
import { api, unwrap } from '../../api/client';
import type { Account, AccountRecovery } from '../data-source';
import type { ExtrasRead } from './copy-extras';
import type { StoredCopy } from './copy-store';
import type { CopyContent } from './copy-content';
import { sealOffThread } from './seal-off-thread';

/*
 * The copy's content record by record (`@twofold/vault`, copy-records.ts): one record per account
 * and one for the rest (`CopyMeta`). A refresh asks the server's change feed for what changed since
 * the copy's revision, and seals only that: one account edited, one account fetched and sealed.
 */

export type AccountChanges = ResponseOf<'/api/v1/twofaccounts/changes', 'get'>;

/**
 * Everything the copy holds but the accounts; `order` is the list's order of their ids. (`icons`
 * only on a copy from before the logos were kept apart, until its next refresh.)
 */
export type CopyMeta = Omit<CopyContent, 'accounts'> & { readonly order: readonly number[] };

export const readChanges = (since: string | undefined) =>
  unwrap(api.GET('/api/v1/twofaccounts/changes', { params: { query: since ? { since } : {} } }));

/** The accounts in the list's order (`order`); an id without its account is skipped. */
export function inOrder(byId: ReadonlyMap<number, Account>, order: readonly number[]): Account[] {
  return order.flatMap((id) => {
    const account = byId.get(id);
    return account ? [account] : [];
  });
}

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

/** The stored copy's content, opened (records; or, from the previous release, one piece). */
export async function openStoredContent(privateKey: CryptoKey, stored: StoredCopy): Promise<CopyContent> {
  if (!stored.records) {
    if (!stored.content) throw new VaultError('malformed');
    return (await openContent(privateKey, stored.content)) as CopyContent;
  }
  const open = recordOpener(privateKey, stored.records.batches);
  const extrasRecords = stored.keepsExtras ? Object.entries(stored.records.extras ?? {}) : [];
  const [meta, accounts, extras] = await Promise.all([
    open(stored.records.meta) as Promise<CopyMeta>,
    Promise.all(Object.values(stored.records.accounts).map((record) => open(record) as Promise<Account>)),
    Promise.all(extrasRecords.map((entry) => open(entry[1]) as Promise<AccountRecovery>)),
  ]);
  const { order, ...rest } = meta;
  return {
    ...rest,
    accounts: inOrder(new Map(accounts.map((account) => [account.id, account])), order),
    ...(stored.keepsExtras
      ? { extras: Object.fromEntries(extrasRecords.map(([id], index) => [id, extras[index]!])) }
      : {}),
  };
}

/** The content of a copy from the previous release as records (sealed again at its first unlock). */
export function recordsOf(publicKey: JsonWebKey, content: CopyContent): Promise<CopyRecords> {
  const { accounts, ...rest } = content;
  const order = accounts.map((account) => account.id);
  return sealChanges(publicKey, undefined, { ...rest, order }, { accounts, reset: true, order });
}
