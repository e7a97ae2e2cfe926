// The passkey page's WebAuthn ceremonies, with the PRF extension: a new credential for the offline
// copy, or an assertion by one of its credentials. The relying party is the extension itself (its
// origin's host, the extension's id in Chromium). What leaves this module is the raw slot's key
// derived from the PRF output (`copyPasskeyKey`), never the output.
import { copyPasskeyKey, fromBase64, fromBase64Url, toBase64, toBase64Url } from '@twofold/vault';
import type { PasskeyEntry } from '../../offline/offline-passkey.js';

/** Why a passkey could not be made or used: no WebAuthn or no PRF result, or the user cancelled. */
export class CeremonyProblem extends Error {
  constructor(readonly kind: 'no-prf' | 'aborted') {
    super(kind);
  }
}

const random = (length: number) => crypto.getRandomValues(new Uint8Array(length));
const bytes = (buffer: ArrayBuffer | ArrayBufferView) =>
  buffer instanceof ArrayBuffer
    ? new Uint8Array(buffer)
    : new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);

function problemOf(error: unknown): CeremonyProblem {
  const name = error instanceof Error ? error.name : '';
  // Chromium reports a cancelled prompt and a timeout alike, as NotAllowedError.
  return new CeremonyProblem(name === 'NotAllowedError' || name === 'AbortError' ? 'aborted' : 'no-prf');
}

function prfFirst(credential: PublicKeyCredential): Uint8Array | null {
  const first = credential.getClientExtensionResults().prf?.results?.first;
  return first ? bytes(first) : null;
}

/** The raw slot's key from one of the copy's passkeys, chosen by the user. */
export async function passkeyKey(
  passkeys: readonly PasskeyEntry[],
): Promise<{ credentialId: string; key: string }> {
  if (typeof PublicKeyCredential !== 'function') throw new CeremonyProblem('no-prf');
  let credential: PublicKeyCredential | null;
  try {
    credential = (await navigator.credentials.get({
      publicKey: {
        rpId: location.hostname,
        challenge: random(32),
        allowCredentials: passkeys.map((p) => ({
          type: 'public-key' as const,
          id: fromBase64Url(p.credentialId)!,
        })),
        userVerification: 'required',
        extensions: {
          prf: {
            evalByCredential: Object.fromEntries(
              passkeys.map((p) => [p.credentialId, { first: fromBase64(p.salt)! }]),
            ),
          },
        },
      },
    })) as PublicKeyCredential | null;
  } catch (error) {
    throw problemOf(error);
  }
  if (!credential) throw new CeremonyProblem('aborted');
  const credentialId = toBase64Url(bytes(credential.rawId));
  const passkey = passkeys.find((p) => p.credentialId === credentialId);
  const output = prfFirst(credential);
  if (!output || !passkey) throw new CeremonyProblem('no-prf');
  return { credentialId, key: toBase64(await copyPasskeyKey(output, passkey)) };
}

/**
 * A new passkey for the copy on the user's authenticator, its PRF asked with a new salt. No PRF
 * result (the browser or the authenticator has none): `no-prf`, and nothing is kept.
 */
export async function newPasskey(userName: string): Promise<{ passkey: PasskeyEntry; key: string }> {
  if (typeof PublicKeyCredential !== 'function') throw new CeremonyProblem('no-prf');
  const salt = random(32);
  let credential: PublicKeyCredential | null;
  try {
    credential = (await navigator.credentials.create({
      publicKey: {
        rp: { id: location.hostname, name: 'Twofold' },
        user: { id: random(16), name: userName, displayName: userName },
        challenge: random(32),
        pubKeyCredParams: [
          { type: 'public-key', alg: -7 },
          { type: 'public-key', alg: -257 },
        ],
        authenticatorSelection: { residentKey: 'discouraged', userVerification: 'required' },
        extensions: { prf: { eval: { first: salt } } },
      },
    })) as PublicKeyCredential | null;
  } catch (error) {
    throw problemOf(error);
  }
  if (!credential) throw new CeremonyProblem('aborted');
  const passkey: PasskeyEntry = { credentialId: toBase64Url(bytes(credential.rawId)), salt: toBase64(salt) };
  const extension = credential.getClientExtensionResults().prf;
  if (!extension?.enabled && !extension?.results) throw new CeremonyProblem('no-prf');
  // Some authenticators give the PRF only on an assertion, not at creation.
  const output = prfFirst(credential);
  const key = output ? toBase64(await copyPasskeyKey(output, passkey)) : (await passkeyKey([passkey])).key;
  return { passkey, key };
}
