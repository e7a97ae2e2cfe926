import { queryOptions } from '@tanstack/react-query';
import type { ResponseOf } from '@twofold/contract';
import { api, unwrap } from '../../api/client';

export type CodeLogEntry = ResponseOf<'/api/v1/twofaccounts/{id}/otp-logs', 'get'>[number];
export type WholeCodeLog = ResponseOf<'/api/v1/otp-logs', 'get'>;

/**
 * The newest `count` rows of an account's code log, newest first, with who asked (a session, a
 * token by its name, the proxy) and how many codes each row stands for: the server merges one
 * requester's codes of an account within a minute into one row. The route lists oldest first and
 * takes the last rows for a negative `limit`.
 */
export const codeLogQuery = (accountId: number, count: number) =>
  queryOptions({
    queryKey: ['code-log', accountId, count],
    queryFn: async () => {
      const rows = await unwrap(
        api.GET('/api/v1/twofaccounts/{id}/otp-logs', {
          params: { path: { id: accountId }, query: { limit: -count, withSource: 1, withCount: 1 } },
        }),
      );
      return [...rows].reverse();
    },
    staleTime: 0,
  });

/**
 * The newest `limit` rows of the whole code log (accounts deleted since included, marked), and how
 * the server keeps it: days, rows at most, the merge window, whether it logs at all.
 */
export const wholeCodeLogQuery = (limit: number) =>
  queryOptions({
    queryKey: ['code-log', 'all', limit],
    queryFn: () => unwrap(api.GET('/api/v1/otp-logs', { params: { query: { limit } } })),
    staleTime: 0,
  });
