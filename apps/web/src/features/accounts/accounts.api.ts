import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@twofold/contract';
import { api, unwrap } from '../../api/client';

export type Account = ResponseOf<'/api/v1/twofaccounts', 'get'>[number];
export type Group = ResponseOf<'/api/v1/groups', 'get'>[number];
export type Otp = ResponseOf<'/api/v1/twofaccounts/{id}/otp', 'get'>;

export const accountsQuery = queryOptions({
  queryKey: ['accounts'],
  queryFn: () => unwrap(api.GET('/api/v1/twofaccounts')),
  staleTime: 0,
});

export const groupsQuery = queryOptions({
  queryKey: ['groups'],
  queryFn: () => unwrap(api.GET('/api/v1/groups')),
  staleTime: 0,
});

/** The code of a stored account; never cached: a code is only good for its period. */
export function fetchAccountOtp(id: number): Promise<Otp> {
  return unwrap(api.GET('/api/v1/twofaccounts/{id}/otp', { params: { path: { id } } }));
}

/** Ids go in comma lists of at most 100 (api.md §5.7): larger selections are sent in batches. */
export function idBatches(ids: readonly number[]): string[] {
  const batches: string[] = [];
  for (let index = 0; index < ids.length; index += 100) batches.push(ids.slice(index, index + 100).join(','));
  return batches;
}

export async function deleteAccounts(ids: readonly number[]): Promise<void> {
  for (const batch of idBatches(ids)) {
    await unwrap(api.DELETE('/api/v1/twofaccounts', { params: { query: { ids: batch } } }));
  }
}

/** Moves accounts into a group, or out of any group (id 0 = no group). */
export async function moveToGroup(ids: readonly number[], groupId: number): Promise<void> {
  if (groupId > 0) {
    await unwrap(
      api.POST('/api/v1/groups/{id}/assign', { params: { path: { id: groupId } }, body: { ids: [...ids] } }),
    );
    return;
  }
  for (const batch of idBatches(ids)) {
    await unwrap(api.PATCH('/api/v1/twofaccounts/withdraw', { params: { query: { ids: batch } } }));
  }
}

export function saveOrder(orderedIds: readonly number[]) {
  return unwrap(api.POST('/api/v1/twofaccounts/reorder', { body: { orderedIds: [...orderedIds] } }));
}

/** Deletes an icon file that was never saved with an account (api.md §0.1 #17). */
export function deleteTemporaryIcon(filename: string | null | undefined): void {
  if (!filename) return;
  void api.DELETE('/api/v1/icons/{filename}', { params: { path: { filename } } }).catch(() => undefined);
}

export function iconUrl(icon: string): string {
  return `/storage/icons/${encodeURIComponent(icon)}`;
}

/** After any change to accounts: the list and the group counts are fetched again. */
export async function refreshAccounts(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: accountsQuery.queryKey }),
    queryClient.invalidateQueries({ queryKey: groupsQuery.queryKey }),
  ]);
}

/** Multipart bodies (QR decode, icon upload, migration file) go as FormData. */
export function formData(parts: Record<string, Blob | string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(parts)) data.append(name, value);
  return data;
}
