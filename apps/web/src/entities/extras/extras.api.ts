import { queryOptions } from '@tanstack/react-query';
import type { ResponseOf } from '@twofold/contract';
import { api, unwrap } from '../../api/client';

/** The extras revealed one account at a time: its note and recovery codes. */
export type RevealedExtras = ResponseOf<'/api/v1/twofaccounts/{id}/recovery', 'get'>;

/** One account's note and recovery codes: revealed on request, never kept in the cache. */
export function revealedExtrasQuery(id: number) {
  return queryOptions({
    queryKey: ['account-extras', id],
    queryFn: () => unwrap(api.GET('/api/v1/twofaccounts/{id}/recovery', { params: { path: { id } } })),
    gcTime: 0,
    staleTime: Infinity,
    retry: false,
    // The screen asks for the password itself.
    meta: { handles: [403] },
  });
}

export const markRecoveryCode = (id: number, codeId: number, used: boolean) =>
  unwrap(
    api.PATCH('/api/v1/twofaccounts/{id}/recovery-codes/{codeId}', {
      params: { path: { id, codeId } },
      body: { used },
    }),
  );
