import { queryOptions } from '@tanstack/react-query';
import type { ResponseOf } from '@twofold/contract';
import { api, unwrap } from '../../api/client';

export type CodeLogEntry = ResponseOf<'/api/v1/twofaccounts/{id}/otp-logs', 'get'>[number];

/**
 * The newest `count` codes the server computed for an account, newest first, with who asked (a
 * session, a token by its name, the proxy). The route lists oldest first and takes the last rows
 * for a negative `limit`.
 */
export const codeLogQuery = (accountId: number, count: number) =>
  queryOptions({
    queryKey: ['code-log', accountId, count],
    queryFn: async () => {
      const rows = await unwrap(
        api.GET('/api/v1/twofaccounts/{id}/otp-logs', {
          params: { path: { id: accountId }, query: { limit: -count, withSource: 1 } },
        }),
      );
      return [...rows].reverse();
    },
    staleTime: 0,
  });
