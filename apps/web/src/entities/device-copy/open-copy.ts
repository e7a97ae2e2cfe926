import { openContent, recordOpener, VaultError } from '@twofold/vault';
import type { Account, AccountRecovery } from '../data-source';
import type { CopyContent } from './copy-content';
import type { StoredCopy } from './copy-store';

/*
 * Opening the stored copy with its device key: the records (or, from the previous release, the one
 * sealed piece) and the logos. No network and no page state here, so that the copy's worker
 * (copy.worker.ts) runs it off the main thread: 1,000 records are 1,000 AES-GCM replies, base64
 * texts and JSON texts, a quarter of a second of a phone's main thread.
 */

/**
 * Everything the copy holds but the accounts; `order` is the list's order of their ids. (`icons`
 * only on a copy from before the logos were kept apart, until its next refresh.)
 */
export type CopyMeta = Omit<CopyContent, 'accounts'> & { readonly order: readonly number[] };

/** The accounts in the list's order (`order`); an id without its account is skipped. */
export function inOrder(byId: ReadonlyMap<number, Account>, order: readonly number[]): Account[] {
  return order.flatMap((id) => {
    const account = byId.get(id);
    return account ? [account] : [];
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

/** The copy's logos opened, as data URLs by digest; one that does not open is left out. */
export async function openLogoUrls(
  privateKey: CryptoKey,
  logos: StoredCopy['logos'],
): Promise<Record<string, string>> {
  const opened: Record<string, string> = {};
  await Promise.all(
    Object.entries(logos ?? {}).map(async ([digest, sealed]) => {
      const url = await openContent(privateKey, sealed).catch(() => null);
      if (typeof url === 'string' && url.startsWith('data:image/')) opened[digest] = url;
    }),
  );
  return opened;
}

/**
 * The copy opened: its content, and its logos by digest. (The logos stay by digest until the page
 * has them: by icon file, each image would be copied once per account that shows it.)
 */
export interface OpenedCopy {
  readonly content: CopyContent;
  readonly logos: Readonly<Record<string, string>>;
}

export async function openCopy(privateKey: CryptoKey, stored: StoredCopy): Promise<OpenedCopy> {
  const [content, logos] = await Promise.all([
    openStoredContent(privateKey, stored),
    openLogoUrls(privateKey, stored.logos),
  ]);
  return { content, logos };
}
