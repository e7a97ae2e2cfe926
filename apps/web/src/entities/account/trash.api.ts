import { queryOptions } from '@tanstack/react-query';
import type { ResponseOf } from '@twofold/contract';
import { api, unwrap } from '../../api/client';
import { JUST_LOADED_MS } from '../route-data';

/** An account in the trash, with the date the daily purge deletes it. */
export type TrashedAccount = ResponseOf<'/api/v1/trash', 'get'>[number];

export const trashQuery = queryOptions({
  queryKey: ['trash'],
  queryFn: () => unwrap(api.GET('/api/v1/trash')),
  staleTime: JUST_LOADED_MS,
});

/** The server caps id lists at 100: larger selections go in batches. */
function batches(ids: readonly number[]): string[] {
  const list: string[] = [];
  for (let index = 0; index < ids.length; index += 100) list.push(ids.slice(index, index + 100).join(','));
  return list;
}

export async function restoreFromTrash(ids: readonly number[]): Promise<void> {
  for (const batch of batches(ids))
    await unwrap(api.POST('/api/v1/trash/restore', { params: { query: { ids: batch } } }));
}

export async function deleteFromTrash(ids: readonly number[]): Promise<void> {
  for (const batch of batches(ids))
    await unwrap(api.DELETE('/api/v1/trash', { params: { query: { ids: batch } } }));
}

export function emptyTrash() {
  return unwrap(api.DELETE('/api/v1/trash/all'));
}
