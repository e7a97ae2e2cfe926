import { fromBase64, toBase64, toBase64Url } from './bytes.js';
import type { CopyPasskey } from './device-copy.js';

/*
 * The WebAuthn ceremonies of a passkey that opens a device copy, through the PRF extension: a new
 * credential asked for a new salt, or an assertion by one of the copy's credentials, each with its
 * own salt. Browser only (navigator.credentials); the web app and the extension's passkey page
 * both call it. What leaves is the credential's id and the PRF output: callers derive the slot's
 * key from it (`copyPasskeyKey`) and keep the output nowhere.
 */

/**
 * Why a passkey could not be made or used: no WebAuthn here (`unsupported`), an authenticator
 * without PRF (`noPrf`), the prompt cancelled or timed out (`aborted`), or a passkey that opens
 * none of the copy's slots (`notThisCopy`, the callers' own check).
 */
export type PasskeyProblemKind = 'unsupported' | 'noPrf' | 'aborted' | 'notThisCopy';

export class PasskeyProblem extends Error {
  constructor(readonly kind: PasskeyProblemKind) {
    super(kind);
    this.name = 'PasskeyProblem';
  }
}

/** What an assertion needs of a copy's passkey (neither is secret). */
export type PrfPasskey = Pick<CopyPasskey, 'credentialId' | 'salt'>;

/** The relying party: the page's host when not given (the extension's id in an extension page). */
export interface CeremonyOptions {
  readonly rpId?: string;
}

const random = (length: number) => globalThis.crypto.getRandomValues(new Uint8Array(length));

const bytesOf = (buffer: ArrayBuffer | ArrayBufferView): Uint8Array<ArrayBuffer> =>
  buffer instanceof ArrayBuffer
    ? new Uint8Array(buffer)
    : new Uint8Array(buffer.buffer as ArrayBuffer, buffer.byteOffset, buffer.byteLength);

/** A passkey field written by Twofold: never broken, so a broken one is a programming error. */
function decoded(text: string): Uint8Array<ArrayBuffer> {
  const bytes = fromBase64(text) ?? fromBase64(text.replace(/-/g, '+').replace(/_/g, '/'));
  if (!bytes) throw new TypeError('a passkey field is not base64');
  return bytes;
}

function problemOf(error: unknown): PasskeyProblem {
  if (error instanceof PasskeyProblem) return error;
  const name = error instanceof Error ? error.name : '';
  // Chromium reports a cancelled prompt and a timeout alike, as NotAllowedError.
  return new PasskeyProblem(name === 'NotAllowedError' || name === 'AbortError' ? 'aborted' : 'unsupported');
}

function assertWebAuthn(): void {
  if (typeof globalThis.PublicKeyCredential !== 'function' || !globalThis.navigator?.credentials)
    throw new PasskeyProblem('unsupported');
}

function prfFirst(credential: PublicKeyCredential): Uint8Array | null {
  const first = credential.getClientExtensionResults().prf?.results?.first;
  return first ? bytesOf(first) : null;
}

/** The PRF output of one of `passkeys`, the one the user chose, for its own salt. */
export async function evaluatePasskey(
  passkeys: readonly PrfPasskey[],
  options: CeremonyOptions = {},
): Promise<{ credentialId: string; output: Uint8Array }> {
  assertWebAuthn();
  let credential: PublicKeyCredential | null;
  try {
    credential = (await navigator.credentials.get({
      publicKey: {
        ...(options.rpId ? { rpId: options.rpId } : {}),
        challenge: random(32),
        allowCredentials: passkeys.map((passkey) => ({
          type: 'public-key' as const,
          id: decoded(passkey.credentialId),
        })),
        userVerification: 'required',
        extensions: {
          prf: {
            evalByCredential: Object.fromEntries(
              passkeys.map((passkey) => [passkey.credentialId, { first: decoded(passkey.salt) }]),
            ),
          },
        },
      },
    })) as PublicKeyCredential | null;
  } catch (error) {
    throw problemOf(error);
  }
  if (!credential) throw new PasskeyProblem('aborted');
  const output = prfFirst(credential);
  if (!output) throw new PasskeyProblem('noPrf');
  return { credentialId: toBase64Url(bytesOf(credential.rawId)), output };
}

/**
 * A new passkey on the user's authenticator, its PRF asked with a new salt, and its first output.
 * An authenticator or browser without PRF: `noPrf` (the credential stays on the authenticator,
 * unused; nothing is kept here).
 */
export async function createPasskey(
  userName: string,
  options: CeremonyOptions = {},
): Promise<{ passkey: PrfPasskey; salt: Uint8Array; output: Uint8Array }> {
  assertWebAuthn();
  const salt = random(32);
  let credential: PublicKeyCredential | null;
  try {
    credential = (await navigator.credentials.create({
      publicKey: {
        rp: { ...(options.rpId ? { id: options.rpId } : {}), name: 'Twofold' },
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
  if (!credential) throw new PasskeyProblem('aborted');
  const passkey: PrfPasskey = { credentialId: toBase64Url(bytesOf(credential.rawId)), salt: toBase64(salt) };
  const extension = credential.getClientExtensionResults().prf;
  if (!extension?.enabled && !extension?.results) throw new PasskeyProblem('noPrf');
  // Some authenticators give the PRF only on an assertion, not at creation.
  const output = prfFirst(credential) ?? (await evaluatePasskey([passkey], options)).output;
  return { passkey, salt, output };
}
