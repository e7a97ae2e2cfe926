import {
  PasskeyProblem,
  copyPasskeyKey,
  createPasskey,
  evaluatePasskey,
  isPasswordSlot,
  isVaultError,
  newCopyPasskey,
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

export { PasskeyProblem } from '@twofold/vault';

/**
 * Whether this browser can offer a passkey with PRF: `getClientCapabilities` where it exists; else
 * only WebAuthn itself (the ceremony then says whether the authenticator gives a PRF).
 */
export async function passkeysSupported(): Promise<boolean> {
  if (!window.isSecureContext || typeof window.PublicKeyCredential !== 'function') return false;
  const capabilities = await PublicKeyCredential.getClientCapabilities?.().catch(() => undefined);
  return capabilities?.['extension:prf'] ?? true;
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
    created.passkey.credentialId,
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
  const { credentialId, output } = await evaluatePasskey(passkeys);
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
