import { queryOptions } from '@tanstack/react-query';
import type { BodyOf, ResponseOf } from '@twofold/contract';
import { api, unwrap } from '../../api/client';

/**
 * Personal access tokens, with when and from where each was last used. Behind an authentication
 * proxy the server answers 400 (no tokens there).
 */
export const tokensQuery = queryOptions({
  queryKey: ['personal-access-tokens'],
  queryFn: () => unwrap(api.GET('/oauth/personal-access-tokens', { params: { query: { withUsage: 1 } } })),
  staleTime: 0,
  retry: false,
  meta: { handles: [400] },
});

export const createToken = (body: BodyOf<'/oauth/personal-access-tokens', 'post'>) =>
  unwrap(api.POST('/oauth/personal-access-tokens', { body }));

export const revokeToken = (id: string) =>
  unwrap(api.DELETE('/oauth/personal-access-tokens/{id}', { params: { path: { id } } }));

export type Token = ResponseOf<'/oauth/personal-access-tokens', 'get'>[number];
