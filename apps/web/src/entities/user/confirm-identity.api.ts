import { api, isApiError, unwrap } from '../../api/client';
import { getAssertion } from './webauthn';

/**
 * The server asks a web session to confirm who it is before it reveals a note or recovery codes,
 * exports them, or hands out a break-glass file.
 */
export const needsConfirmation = (error: unknown): boolean =>
  isApiError(error, 403) && error.reasonCode === 'identity_confirmation_required';

export const confirmPassword = (password: string) =>
  unwrap(api.POST('/user/confirm', { body: { password } }));

/** Confirms the signed-in user with a security device: the server's challenge, signed by the device. */
export async function confirmWithDevice(): Promise<void> {
  const options = await unwrap(api.POST('/user/confirm/webauthn/options'));
  const assertion = await getAssertion(options);
  await unwrap(api.POST('/user/confirm/webauthn', { body: assertion }));
}
