import type { BodyOf } from '@twofold/contract';
import { api, unwrap } from '../../api/client';
import { createCredential, getAssertion } from './webauthn';

/** Sign in with a security device: the server's challenge, the authenticator's signature, the session. */
export async function signInWithDevice() {
  const options = await unwrap(api.POST('/webauthn/login/options', { body: {} }));
  const assertion = await getAssertion(options);
  return unwrap(api.POST('/webauthn/login', { body: assertion }));
}

/** Registers a new security device for the signed-in user; resolves with its credential id. */
export async function registerDevice(): Promise<string> {
  const options = await unwrap(api.POST('/webauthn/register/options'));
  const credential = await createCredential(options);
  await unwrap(api.POST('/webauthn/register', { body: credential }));
  return credential.id;
}

export const requestDeviceRecovery = (body: BodyOf<'/webauthn/lost', 'post'>) =>
  unwrap(api.POST('/webauthn/lost', { body }));

/**
 * Recovery: options bound to the e-mail and token of the link, a new credential,
 * then the server stores it (revoking the others when `unique`) and opens a session.
 */
export async function recoverWithDevice(email: string, token: string, unique: boolean): Promise<string> {
  const options = await unwrap(api.POST('/webauthn/recover/options', { body: { email, token } }));
  const credential = await createCredential(options);
  await unwrap(
    api.POST('/webauthn/recover', {
      body: credential,
      headers: { email, token, unique: unique ? 'true' : 'false' },
    }),
  );
  return credential.id;
}
