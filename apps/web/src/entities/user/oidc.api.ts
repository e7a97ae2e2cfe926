import { queryOptions } from '@tanstack/react-query';
import type { ResponseOf } from '@twofold/contract';
import { api, unwrap } from '../../api/client';

export type OidcLinkState = ResponseOf<'/oidc/link', 'get'>;

/** The server's OpenID Connect provider and whether the user's identity there is linked. */
export const oidcLinkQuery = queryOptions({
  queryKey: ['oidc-link'],
  queryFn: () => unwrap(api.GET('/oidc/link')),
});

/** The provider's page to link the identity at (the server asks for a recent confirmation first). */
export const startOidcLink = () => unwrap(api.POST('/oidc/link'));

export const unlinkOidc = () => unwrap(api.DELETE('/oidc/link'));
