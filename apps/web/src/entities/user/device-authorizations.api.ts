import { queryOptions } from '@tanstack/react-query';
import type { ResponseOf } from '@twofold/contract';
import { api, unwrap } from '../../api/client';

/** A pairing a device (the browser extension, the CLI) started, waiting for the user's decision. */
export type PendingAuthorization = ResponseOf<'/api/v1/device-authorizations/{user_code}', 'get'>;

const path = (userCode: string) => ({ params: { path: { user_code: userCode } } });

/** The pending pairing of a user code; 404 when it is unknown, expired or already decided. */
export function pendingAuthorizationQuery(userCode: string) {
  return queryOptions({
    queryKey: ['device-authorization', userCode],
    queryFn: () => unwrap(api.GET('/api/v1/device-authorizations/{user_code}', path(userCode))),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    // The screen says why the code is refused.
    meta: { handles: [404] },
  });
}

/** Approves a pairing: 403 `identity_confirmation_required` until the user confirmed who they are. */
export const approveAuthorization = (userCode: string, name: string) =>
  unwrap(
    api.POST('/api/v1/device-authorizations/{user_code}/approve', {
      ...path(userCode),
      body: name.trim() === '' ? {} : { name: name.trim() },
    }),
  );

export const denyAuthorization = (userCode: string) =>
  unwrap(api.POST('/api/v1/device-authorizations/{user_code}/deny', path(userCode)));
