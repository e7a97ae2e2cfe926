import { queryOptions } from '@tanstack/react-query';
import { vault } from '../data-source';
import { accountsQuery, type Account } from './account.api';

/**
 * The accounts with their secrets, for the codes shown in the list (the `getOtpOnRequest: false`
 * preference). Held in memory while the list shows and dropped as soon as it does not: its key is
 * not one that persist.ts keeps, so secrets never reach localStorage. Its key starts with
 * 'accounts', so every change that refreshes the list refreshes it too. Its answer is also the
 * list itself, without the secrets (the screen does not fetch the list a second time:
 * `usePinnedLists`).
 */
export const accountSecretsQuery = queryOptions({
  queryKey: ['accounts', 'with-secrets'],
  queryFn: async ({ client }): Promise<ReadonlyMap<number, Account>> => {
    const list = await vault().listAccountsWithSecrets();
    client.setQueryData(
      accountsQuery.queryKey,
      list.map(({ secret: _secret, ...account }) => account),
    );
    return new Map(list.map((account) => [account.id, account]));
  },
  staleTime: 60_000,
  gcTime: 0,
});
