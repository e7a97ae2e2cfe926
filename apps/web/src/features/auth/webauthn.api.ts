import type { BodyOf, ResponseOf } from '@twofold/contract';
import { api, unwrap } from '../../api/client';
import { createCredential, getAssertion } from './webauthn';

export type Device = ResponseOf<'/webauthn/credentials', 'get'>[number];

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

export const listDevices = () => unwrap(api.GET('/webauthn/credentials'));

export const renameDevice = (id: string, name: string) =>
  unwrap(api.PATCH('/webauthn/credentials/{id}/name', { params: { path: { id } }, body: { name } }));

export const revokeDevice = (id: string) =>
  unwrap(api.DELETE('/webauthn/credentials/{id}', { params: { path: { id } } }));

export const requestDeviceRecovery = (body: BodyOf<'/webauthn/lost', 'post'>) =>
  unwrap(api.POST('/webauthn/lost', { body }));

/**
 * Recovery (product.md §4): options bound to the e-mail and token of the link, a new credential,
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

/** The label of a device (product.md §3): its name, else the default label and the id's first 10 characters. */
export function deviceLabel(
  device: { readonly id: string; readonly name: string | null },
  fallback: string,
): string {
  return device.name ?? `${fallback} (${device.id.slice(0, 10)})`;
}
