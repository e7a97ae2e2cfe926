import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { groupsQuery } from '../group/group.api';
import { tagsQuery } from '../tag/tag.api';
import {
  accountsQuery,
  createAccount,
  deleteAccounts,
  moveToGroup,
  saveOrder,
  setFavorite,
  updateAccount,
  type Account,
  type AccountParams,
  type CreateAccountBody,
} from './account.api';
import { restoreFromTrash, trashQuery } from './trash.api';

/**
 * After any change to accounts: the list and the group counts are fetched again, and the tags'
 * counts and the trash on their next visit (a deletion moves accounts to the trash).
 */
export async function refreshAccounts(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: accountsQuery.queryKey }),
    queryClient.invalidateQueries({ queryKey: groupsQuery.queryKey }),
    queryClient.invalidateQueries({ queryKey: tagsQuery.queryKey }),
    queryClient.invalidateQueries({ queryKey: trashQuery.queryKey }),
  ]);
}

/**
 * The listed accounts take the positions they occupied, in the given sequence; the others stay
 * where they are (the server treats a partial list the same way).
 */
function applyPartialOrder(all: readonly Account[], orderedIds: readonly number[]): Account[] {
  const moved = new Set(orderedIds);
  const byId = new Map(all.map((account) => [account.id, account]));
  const queue = orderedIds.map((id) => byId.get(id)).filter((a): a is Account => a !== undefined);
  return all.map((account) => (moved.has(account.id) ? (queue.shift() ?? account) : account));
}

/** Creates an account (params or URI); the list is refreshed before the promise settles. */
export function useCreateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAccountBody) => createAccount(body),
    onSuccess: () => refreshAccounts(queryClient),
  });
}

export function useUpdateAccount(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AccountParams) => updateAccount(id, body),
    onSuccess: () => refreshAccounts(queryClient),
  });
}

/** What a screen does as soon as a change is stored, before the lists are fetched again. */
interface Done<T> {
  readonly onStored?: (variables: T) => void;
}

/** Deletes accounts: they leave the list at once, then the list and counts are fetched again. */
export function useDeleteAccounts({ onStored }: Done<number[]> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => deleteAccounts(ids),
    onSuccess: async (_data, ids) => {
      onStored?.(ids);
      queryClient.setQueryData(accountsQuery.queryKey, (list) => list?.filter((a) => !ids.includes(a.id)));
      await refreshAccounts(queryClient);
    },
  });
}

interface Move {
  readonly ids: number[];
  readonly groupId: number;
}

export function useMoveToGroup({ onStored }: Done<Move> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, groupId }: Move) => moveToGroup(ids, groupId),
    onSuccess: (_data, move) => {
      onStored?.(move);
      return refreshAccounts(queryClient);
    },
  });
}

/** Reorders: the list takes the new order at once; a refusal brings the server's order back. */
export function useReorderAccounts(): (orderedIds: number[]) => void {
  const queryClient = useQueryClient();
  const { mutate } = useMutation({
    mutationFn: (orderedIds: number[]) => saveOrder(orderedIds),
    onError: () => void refreshAccounts(queryClient),
  });
  return (orderedIds) => {
    queryClient.setQueryData(accountsQuery.queryKey, (list) =>
      list ? applyPartialOrder(list, orderedIds) : list,
    );
    mutate(orderedIds);
  };
}

/** Stars or unstars an account: the list shows it at once, then is fetched again. */
export function useSetFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, favorite }: { id: number; favorite: boolean }) => setFavorite(id, favorite),
    onSuccess: (updated) => {
      // The answer has the favourite fields only when starred: the old ones must not stay behind.
      queryClient.setQueryData(accountsQuery.queryKey, (list) =>
        list?.map((account) => {
          if (account.id !== updated.id) return account;
          const { favorite: _favorite, favorite_order: _order, ...rest } = account;
          return { ...rest, ...updated };
        }),
      );
      return refreshAccounts(queryClient);
    },
  });
}

/** Brings accounts back from the trash (the Undo of a delete, the trash screen). */
export function useRestoreAccounts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => restoreFromTrash(ids),
    onSuccess: () =>
      Promise.all([
        refreshAccounts(queryClient),
        queryClient.invalidateQueries({ queryKey: trashQuery.queryKey }),
      ]),
  });
}
