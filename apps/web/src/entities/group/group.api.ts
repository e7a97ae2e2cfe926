import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { vault, type Group } from '../data-source';
import { JUST_LOADED_MS } from '../route-data';
import { accountsQuery } from '../account/account.api';
import { settingsQuery } from '../settings/settings.api';

export type { Group };

/** The groups with their account counts; the pseudo group 'All' has id 0. */
export const groupsQuery = queryOptions({
  queryKey: ['groups'],
  queryFn: () => vault().listGroups(),
  staleTime: JUST_LOADED_MS,
});

export function groupQuery(id: number) {
  return queryOptions({
    queryKey: ['group', id],
    queryFn: () => vault().group(id),
  });
}

/** Creates a group (no id) or renames one. */
export function useSaveGroup(groupId: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      groupId === undefined
        ? unwrap(api.POST('/api/v1/groups', { body: { name } }))
        : unwrap(api.PUT('/api/v1/groups/{id}', { params: { path: { id: groupId } }, body: { name } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupsQuery.queryKey }),
  });
}

/**
 * Deletes a group: its accounts lose their group, and a setting that pointed at it (the active
 * group, the default group) is reset by the server.
 */
export function useDeleteGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => unwrap(api.DELETE('/api/v1/groups/{id}', { params: { path: { id } } })),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accountsQuery.queryKey }),
        queryClient.invalidateQueries({ queryKey: groupsQuery.queryKey }),
        queryClient.invalidateQueries({ queryKey: settingsQuery.queryKey }),
      ]),
  });
}

/**
 * Saves a new order of the groups (ids of real groups, 'All' excluded): the list shows it at once,
 * and is read again from the server if saving fails.
 */
export function useReorderGroups(): (orderedIds: number[]) => void {
  const queryClient = useQueryClient();
  const { mutate } = useMutation({
    mutationFn: (orderedIds: number[]) =>
      unwrap(api.POST('/api/v1/groups/reorder', { body: { orderedIds } })),
    onError: () => void queryClient.invalidateQueries({ queryKey: groupsQuery.queryKey }),
  });
  return (orderedIds) => {
    queryClient.setQueryData(groupsQuery.queryKey, (list) => {
      if (!list) return list;
      const byId = new Map(list.map((group) => [group.id, group]));
      const ordered = orderedIds.flatMap((id) => byId.get(id) ?? []);
      return [...list.filter((group) => group.id === 0), ...ordered];
    });
    mutate(orderedIds);
  };
}
