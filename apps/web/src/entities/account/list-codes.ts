import { queryOptions } from '@tanstack/react-query';
import { vault } from '../data-source';
import type { Account } from './account.api';

/**
 * The accounts with their secrets, for the codes shown in the list (the `getOtpOnRequest: false`
 * preference). Held in memory while the list shows and dropped as soon as it does not: its key is
 * not one that persist.ts keeps, so secrets never reach localStorage. Its key starts with
 * 'accounts', so every change that refreshes the list refreshes it too.
 */
export const accountSecretsQuery = queryOptions({
  queryKey: ['accounts', 'with-secrets'],
  queryFn: async (): Promise<ReadonlyMap<number, Account>> => {
    const list = await vault().listAccountsWithSecrets();
    return new Map(list.map((account) => [account.id, account]));
  },
  staleTime: 60_000,
  gcTime: 0,
});
