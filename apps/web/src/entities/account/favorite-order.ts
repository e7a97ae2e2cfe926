import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { accountsQuery } from './account.api';
import { refreshAccounts } from './account.mutations';

/** Saves the favourites' own order (the listed favourites take the places they hold). */
function saveFavoriteOrder(orderedIds: readonly number[]) {
  return unwrap(
    api.POST('/api/v1/twofaccounts/favorites/reorder', { body: { orderedIds: [...orderedIds] } }),
  );
}

/**
 * Reorders the favourites (drag in Manage mode): the list takes the new order at once, numbered as
 * the server numbers it; a refusal brings the server's order back.
 */
export function useReorderFavorites(): (orderedIds: number[]) => void {
  const queryClient = useQueryClient();
  const { mutate } = useMutation({
    mutationFn: saveFavoriteOrder,
    onError: () => void refreshAccounts(queryClient),
  });
  return (orderedIds) => {
    const rank = new Map(orderedIds.map((id, index) => [id, index + 1]));
    queryClient.setQueryData(accountsQuery.queryKey, (list) =>
      list?.map((account) => {
        const order = rank.get(account.id);
        return order === undefined ? account : { ...account, favorite_order: order };
      }),
    );
    mutate(orderedIds);
  };
}
