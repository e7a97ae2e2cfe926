import {
  copyPasskeyKey,
  fromBase64Url,
  isPasswordSlot,
  isVaultError,
  newCopyPasskey,
  toBase64Url,
  unlockWithKey,
  unlockWithPassword,
  withSlots,
} from '@twofold/vault';
import { copyKdf } from './copy-kdf';
import { readCopy, updateCopy, type CopyPasskey } from './copy-store';
import {
  MAX_WRONG_PASSPHRASES,
  eraseCopy,
  openWithMasterKey,
  type CopyContent,
  type UnlockResult,
} from './device-copy';

/*
 * Passkeys that open the copy, through the WebAuthn PRF extension: the authenticator gives 32
 * bytes for a credential and a salt, from which the raw slot's key is derived (see
 * `passkeySlotKey`). All of it happens on the device: no server takes part, so it works offline.
 * The passphrase slot always stays, so losing a passkey never loses the copy.
 */

/** Why a passkey could not be added or used. */
export type PasskeyProblemKind = 'unsupported' | 'noPrf' | 'aborted' | 'notThisCopy';

export class PasskeyProblem extends Error {
  constructor(readonly kind: PasskeyProblemKind) {
    super(kind);
    this.name = 'PasskeyProblem';
  }
}

const random = (length: number) => crypto.getRandomValues(new Uint8Array(length));

/** The bytes of a base64 or base64url field of the copy (written by this app: never broken). */
const bytesOf = (text: string): Uint8Array<ArrayBuffer> => fromBase64Url(text) ?? new Uint8Array();

function ceremonyProblem(error: unknown): PasskeyProblem {
  if (error instanceof PasskeyProblem) return error;
  const name = error instanceof Error ? error.name : '';
  // Chromium reports both a cancelled prompt and a timeout as NotAllowedError.
  if (name === 'NotAllowedError' || name === 'AbortError') return new PasskeyProblem('aborted');
  return new PasskeyProblem('unsupported');
}

/**
 * Whether this browser can offer a passkey with PRF: `getClientCapabilities` where it exists; else
 * only WebAuthn itself (the ceremony then says whether the authenticator gives a PRF).
 */
export async function passkeysSupported(): Promise<boolean> {
  if (!window.isSecureContext || typeof window.PublicKeyCredential !== 'function') return false;
  const capabilities = await PublicKeyCredential.getClientCapabilities?.().catch(() => undefined);
  return capabilities?.['extension:prf'] ?? true;
}

const prfOutput = (credential: PublicKeyCredential) => {
  const first = credential.getClientExtensionResults().prf?.results?.first;
  if (!first) return undefined;
  return first instanceof ArrayBuffer
    ? new Uint8Array(first)
    : new Uint8Array(first.buffer, first.byteOffset, first.byteLength);
};

/** The PRF output of one of the copy's passkeys, chosen by the user; each with its own salt. */
async function evaluate(passkeys: readonly CopyPasskey[]) {
  let credential: PublicKeyCredential | null;
  try {
    credential = (await navigator.credentials.get({
      publicKey: {
        challenge: random(32),
        allowCredentials: passkeys.map((passkey) => ({
          type: 'public-key' as const,
          id: bytesOf(passkey.credentialId),
        })),
        userVerification: 'required',
        extensions: {
          prf: {
            evalByCredential: Object.fromEntries(
              passkeys.map((passkey) => [passkey.credentialId, { first: bytesOf(passkey.salt) }]),
            ),
          },
        },
      },
    })) as PublicKeyCredential | null;
  } catch (error) {
    throw ceremonyProblem(error);
  }
  if (!credential) throw new PasskeyProblem('aborted');
  const output = prfOutput(credential);
  if (!output) throw new PasskeyProblem('noPrf');
  return { credentialId: toBase64Url(new Uint8Array(credential.rawId)), output };
}

/** A new passkey for this copy (on this device's authenticator), and its first PRF output. */
async function createPasskey(deviceName: string) {
  const salt = random(32);
  let credential: PublicKeyCredential | null;
  try {
    credential = (await navigator.credentials.create({
      publicKey: {
        rp: { name: 'Twofold' },
        user: { id: random(16), name: deviceName, displayName: deviceName },
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
    throw ceremonyProblem(error);
  }
  if (!credential) throw new PasskeyProblem('aborted');
  const credentialId = toBase64Url(new Uint8Array(credential.rawId));
  const extension = credential.getClientExtensionResults().prf;
  if (!extension?.enabled && !extension?.results) throw new PasskeyProblem('noPrf');
  // Some authenticators give the PRF only on an assertion, not at creation.
  const output =
    prfOutput(credential) ?? (await evaluate([{ credentialId, salt: toBase64Url(salt), slot: '' }])).output;
  return { credentialId, salt, output };
}

export type AddPasskeyResult =
  | { readonly outcome: 'added' }
  | { readonly outcome: 'wrong'; readonly left: number }
  | { readonly outcome: 'erased' };

/**
 * Adds a passkey slot to the copy: the passphrase opens the vault's master key (a wrong one counts
 * as any other), then a new passkey's PRF output wraps it in a raw slot.
 */
export async function addPasskey(passphrase: string, deviceName: string): Promise<AddPasskeyResult> {
  const stored = await readCopy();
  if (!stored) return { outcome: 'erased' };
  let masterKey: Uint8Array;
  try {
    ({ masterKey } = await unlockWithPassword(stored.keyVault.header.slots, passphrase, { kdf: copyKdf }));
  } catch (error) {
    if (!isVaultError(error, 'wrong_password')) throw error;
    const failures = stored.failures + 1;
    if (failures >= MAX_WRONG_PASSPHRASES) {
      await eraseCopy();
      return { outcome: 'erased' };
    }
    await updateCopy((copy) => ({ ...copy, failures }));
    return { outcome: 'wrong', left: MAX_WRONG_PASSPHRASES - failures };
  }
  const created = await createPasskey(deviceName);
  const { slot, passkey } = await newCopyPasskey(
    created.credentialId,
    created.salt,
    created.output,
    masterKey,
  );
  // In one transaction: a refresh may have written the copy while the authenticator was asked.
  await updateCopy((copy) => ({
    ...withSlots(copy, [...copy.keyVault.header.slots, slot]),
    failures: 0,
    passkeys: [...(copy.passkeys ?? []), passkey],
  }));
  return { outcome: 'added' };
}

/** How many passkeys open the copy (0 without a copy). */
export async function copyPasskeyCount(): Promise<number> {
  return (await copyPasskeys()).length;
}

/** The passkeys that open the copy (none without a copy). */
export async function copyPasskeys(): Promise<readonly CopyPasskey[]> {
  return (await readCopy())?.passkeys ?? [];
}

/**
 * Stops a passkey from opening the copy: its raw slot and its entry go, in one transaction. No
 * passphrase is needed, since nothing is unwrapped; the passphrase slot is never touched, so the
 * copy always keeps a way in. The credential itself stays on its authenticator.
 */
export async function removePasskey(credentialId: string): Promise<void> {
  await updateCopy((copy) => {
    const removed = copy.passkeys?.find((passkey) => passkey.credentialId === credentialId);
    if (!removed) return copy;
    const slots = copy.keyVault.header.slots.filter(
      (slot) => isPasswordSlot(slot) || slot.uuid !== removed.slot,
    );
    return {
      ...withSlots(copy, slots),
      passkeys: (copy.passkeys ?? []).filter((passkey) => passkey !== removed),
    };
  });
}

/** Opens the copy with one of its passkeys. A passkey that fails is not a wrong passphrase. */
export async function unlockWithPasskey(): Promise<Extract<UnlockResult, { outcome: 'unlocked' }>> {
  const stored = await readCopy();
  const passkeys = stored?.passkeys ?? [];
  if (!stored || passkeys.length === 0) throw new PasskeyProblem('notThisCopy');
  const { credentialId, output } = await evaluate(passkeys);
  const passkey = passkeys.find((item) => item.credentialId === credentialId);
  if (!passkey) throw new PasskeyProblem('notThisCopy');
  const slots = stored.keyVault.header.slots.filter((slot) => slot.uuid === passkey.slot);
  let masterKey: Uint8Array;
  try {
    ({ masterKey } = await unlockWithKey(slots, await copyPasskeyKey(output, passkey)));
  } catch (error) {
    if (isVaultError(error, 'wrong_key')) throw new PasskeyProblem('notThisCopy');
    throw error;
  }
  const content: CopyContent = await openWithMasterKey(stored, masterKey);
  return { outcome: 'unlocked', content };
}
