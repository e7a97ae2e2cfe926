import { queryOptions } from '@tanstack/react-query';
import type { ResponseOf } from '@twofold/contract';
import { api, unwrap } from '../../api/client';

export type Device = ResponseOf<'/webauthn/credentials', 'get'>[number];

/** Security devices (WebAuthn). Behind an authentication proxy the server answers 400. */
export const devicesQuery = queryOptions({
  queryKey: ['webauthn-credentials'],
  queryFn: () => unwrap(api.GET('/webauthn/credentials')),
  staleTime: 0,
  retry: false,
  meta: { handles: [400] },
});

export const renameDevice = (id: string, name: string) =>
  unwrap(api.PATCH('/webauthn/credentials/{id}/name', { params: { path: { id } }, body: { name } }));

export const revokeDevice = (id: string) =>
  unwrap(api.DELETE('/webauthn/credentials/{id}', { params: { path: { id } } }));

/** A device's label: its name, else the default label and the first 10 characters of its id. */
export function deviceLabel(
  device: { readonly id: string; readonly name: string | null },
  fallback: string,
): string {
  return device.name ?? `${fallback} (${device.id.slice(0, 10)})`;
}
