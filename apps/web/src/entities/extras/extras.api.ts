import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { vault, type AccountRecovery } from '../data-source';

/** The extras revealed one account at a time: its note and recovery codes. */
export type RevealedExtras = AccountRecovery;

/** One account's note and recovery codes: revealed on request, never kept in the cache. */
export function revealedExtrasQuery(id: number) {
  return queryOptions({
    queryKey: ['account-extras', id],
    // The server, or this device's copy (null: not kept there).
    queryFn: () => vault().recovery(id),
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
