import { queryOptions } from '@tanstack/react-query';
import type { ResponseOf } from '@twofold/contract';
import { api, unwrap } from '../../api/client';

export type OpenSession = ResponseOf<'/user/sessions', 'get'>[number];
export type Authentication = ResponseOf<'/api/v1/users/{id}/authentications', 'get'>[number];

/** The open web sessions (the current one marked). Behind an authentication proxy: 400. */
export const sessionsQuery = queryOptions({
  queryKey: ['sessions'],
  queryFn: () => unwrap(api.GET('/user/sessions')),
  staleTime: 0,
  retry: false,
  meta: { handles: [400] },
});

export const endSessionById = (id: string) =>
  unwrap(api.DELETE('/user/sessions/{id}', { params: { path: { id } } }));

export const endOtherSessions = () => unwrap(api.DELETE('/user/sessions'));

/** The authentication log of the last `months` months, newest first. */
export const authenticationsQuery = (userId: number, months: number) =>
  queryOptions({
    queryKey: ['authentications', userId, months],
    queryFn: () =>
      unwrap(
        api.GET('/api/v1/users/{id}/authentications', {
          params: { path: { id: String(userId) }, query: { period: months, withEvent: 1 } },
        }),
      ),
    staleTime: 0,
  });
