// Passkeys that unlock the offline copy, the background's half: the key vault's raw slots and the
// passkeys' entries beside the copy (`DeviceCopy.passkeys`, as the web app keeps them). The
// WebAuthn ceremony and its PRF output stay in the extension's passkey page: it sends only the key
// it derives from that output (`copyPasskeyKey`), which opens or makes one raw slot. The passphrase
// slot always stays, so removing or losing a passkey never loses the copy; a passkey that fails is
// not a wrong passphrase (nothing counts, nothing is erased).
import {
  createRawSlot,
  fromBase64,
  isPasswordSlot,
  isVaultError,
  unlockWithKey,
  withSlots,
  type CopyPasskey,
} from '@twofold/vault';
import type { StorageArea } from '../lib/sealed.js';
import {
  openWithPassphrase,
  readCopy,
  unlockWithMasterKey,
  writeCopy,
  type UnlockOutcome,
} from './offline-copy.js';

/** What the passkey page needs to ask the authenticator: neither is secret. */
export type PasskeyEntry = Pick<CopyPasskey, 'credentialId' | 'salt'>;

/** A raw slot's key is 32 bytes (AES-256), as the PRF salt is. */
const KEY_BYTES = 32;

export type PassphraseCheck = { outcome: 'right' } | Exclude<UnlockOutcome, { outcome: 'unlocked' }>;

export type AddOutcome = { outcome: 'added' } | Exclude<UnlockOutcome, { outcome: 'unlocked' }>;

/** The passkey unlock's own failure: this key opens none of the copy's passkey slots. */
export type PasskeyUnlockOutcome = UnlockOutcome | { outcome: 'not-this-copy' };

/** The bytes of a base64 field of a request, or null when it is not exactly `length` bytes. */
function bytesOf(text: unknown, length: number): Uint8Array | null {
  const bytes = typeof text === 'string' ? fromBase64(text) : null;
  return bytes && bytes.length === length ? bytes : null;
}

/** The copy's passkeys (none without a copy). */
export async function copyPasskeys(local: StorageArea): Promise<PasskeyEntry[]> {
  const passkeys = (await readCopy(local))?.passkeys ?? [];
  return passkeys.map(({ credentialId, salt }) => ({ credentialId, salt }));
}

/**
 * Checks the passphrase before a passkey is made for the copy, so that a wrong one leaves no
 * credential behind on the authenticator. It counts as any unlock's: the tenth wrong erases.
 */
export async function checkPassphrase(
  local: StorageArea,
  session: StorageArea,
  passphrase: string,
): Promise<PassphraseCheck> {
  const opened = await openWithPassphrase(local, session, passphrase);
  return 'outcome' in opened ? opened : { outcome: 'right' };
}

/**
 * Adds a passkey: the passphrase opens the key vault's master key, which is wrapped in a new raw
 * slot under `key` (derived from the passkey's PRF output for `salt`); its entry goes beside the copy.
 */
export async function addPasskey(
  local: StorageArea,
  session: StorageArea,
  passphrase: string,
  passkey: PasskeyEntry,
  key: string,
): Promise<AddOutcome> {
  const slotKey = bytesOf(key, KEY_BYTES);
  const { credentialId, salt } = (passkey ?? {}) as Partial<PasskeyEntry>;
  if (!slotKey || !bytesOf(salt, KEY_BYTES) || typeof credentialId !== 'string' || !credentialId)
    throw new Error('bad-passkey');
  const opened = await openWithPassphrase(local, session, passphrase);
  if ('outcome' in opened) return opened;
  const slot = await createRawSlot(slotKey, opened.masterKey);
  const entry: CopyPasskey = { credentialId, salt: salt!, slot: slot.uuid };
  let added = false;
  await writeCopy(local, (copy) => {
    // Turned off and on again meanwhile: another copy, another master key; it is left alone.
    if (copy.id !== opened.copy.id) return copy;
    added = true;
    return {
      ...withSlots(copy, [...copy.keyVault.header.slots, slot]),
      failures: 0,
      passkeys: [...(copy.passkeys ?? []).filter((p) => p.credentialId !== credentialId), entry],
    };
  });
  return added ? { outcome: 'added' } : { outcome: 'none' };
}

/**
 * Unlocks the copy with the key derived from a passkey's PRF output, as a passphrase does (same
 * unlocked state, the copy's `read` token back); a key that opens nothing changes nothing.
 */
export async function unlockWithPasskey(
  local: StorageArea,
  session: StorageArea,
  credentialId: string,
  key: string,
  now: number = Date.now(),
): Promise<{ outcome: PasskeyUnlockOutcome; readToken?: string }> {
  const copy = await readCopy(local);
  if (!copy) return { outcome: { outcome: 'none' } };
  const passkey = copy.passkeys?.find((p) => p.credentialId === credentialId);
  const slotKey = bytesOf(key, KEY_BYTES);
  if (!passkey || !slotKey) return { outcome: { outcome: 'not-this-copy' } };
  const slots = copy.keyVault.header.slots.filter((slot) => slot.uuid === passkey.slot);
  let masterKey: Uint8Array;
  try {
    ({ masterKey } = await unlockWithKey(slots, slotKey));
  } catch (error) {
    if (isVaultError(error, 'wrong_key')) return { outcome: { outcome: 'not-this-copy' } };
    throw error;
  }
  return unlockWithMasterKey(local, session, copy, masterKey, now);
}

/**
 * Stops a passkey from unlocking the copy: its raw slot and its entry go. Nothing is unwrapped, so
 * no passphrase is asked; the passphrase slot is never touched. The credential stays on its
 * authenticator (the browser's or the system's passkey settings remove it).
 */
export async function removePasskey(local: StorageArea, credentialId: string): Promise<void> {
  await writeCopy(local, (copy) => {
    const removed = copy.passkeys?.find((p) => p.credentialId === credentialId);
    if (!removed) return copy;
    const slots = copy.keyVault.header.slots.filter(
      (slot) => isPasswordSlot(slot) || slot.uuid !== removed.slot,
    );
    return { ...withSlots(copy, slots), passkeys: (copy.passkeys ?? []).filter((p) => p !== removed) };
  });
}
