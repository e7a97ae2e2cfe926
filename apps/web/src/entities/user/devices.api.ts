import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@twofold/contract';
import { api, unwrap } from '../../api/client';
import { settingsQuery } from '../settings/settings.api';
import { currentUserQuery } from './user.api';

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

const revokeDevice = (id: string) =>
  unwrap(api.DELETE('/webauthn/credentials/{id}', { params: { path: { id } } }));

/** A device's label: its name, else the default label and the first 10 characters of its id. */
export function deviceLabel(
  device: { readonly id: string; readonly name: string | null },
  fallback: string,
): string {
  return device.name ?? `${fallback} (${device.id.slice(0, 10)})`;
}

/**
 * Revokes a device. With the last device gone the server turns both device sign-in options off,
 * so the app's copies of the settings and the user are fetched again.
 */
export function useRevokeDevice({ onStored }: { readonly onStored?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeDevice,
    onSuccess: async () => {
      onStored?.();
      const remaining = await queryClient.fetchQuery({ ...devicesQuery, staleTime: 0 });
      if (remaining.length === 0) {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: settingsQuery.queryKey }),
          queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey }),
        ]);
      }
    },
  });
}
