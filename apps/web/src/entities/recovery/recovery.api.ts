import { queryOptions } from '@tanstack/react-query';
import { api, isApiError, unwrap } from '../../api/client';
import { vault, type AccountRecovery } from '../data-source';
import { getAssertion } from '../user/webauthn';

export type { AccountRecovery };

/** The server asks a web session to confirm who it is before it reveals recovery codes. */
export const needsConfirmation = (error: unknown): boolean =>
  isApiError(error, 403) && error.reasonCode === 'identity_confirmation_required';

/** One account's note and recovery codes: revealed on request, never kept in the cache. */
export function recoveryQuery(id: number) {
  return queryOptions({
    queryKey: ['account-recovery', id],
    // The server, or this device's copy (null: not kept there).
    queryFn: () => vault().recovery(id),
    gcTime: 0,
    staleTime: Infinity,
    retry: false,
    // The screen asks for the password itself.
    meta: { handles: [403] },
  });
}

export const confirmPassword = (password: string) =>
  unwrap(api.POST('/user/confirm', { body: { password } }));

/** Confirms the signed-in user with a security device: the server's challenge, signed by the device. */
export async function confirmWithDevice(): Promise<void> {
  const options = await unwrap(api.POST('/user/confirm/webauthn/options'));
  const assertion = await getAssertion(options);
  await unwrap(api.POST('/user/confirm/webauthn', { body: assertion }));
}

export const markRecoveryCode = (id: number, codeId: number, used: boolean) =>
  unwrap(
    api.PATCH('/api/v1/twofaccounts/{id}/recovery-codes/{codeId}', {
      params: { path: { id, codeId } },
      body: { used },
    }),
  );
