import { KEY_BYTES, NONCE_BYTES, open, seal } from './aes-gcm.js';
import { fromHex, randomBytes, randomUuid, toHex, utf8Bytes } from './bytes.js';
import { VaultError } from './errors.js';
import { AEGIS_SCRYPT, nobleScrypt, scryptRequest } from './scrypt.js';
import {
  SLOT_PASSWORD,
  SLOT_RAW,
  type KeyParams,
  type PasswordSlot,
  type RawSlot,
  type ScryptParams,
  type Slot,
  type VaultKdf,
} from './types.js';

/*
 * Key slots: each wraps the vault's master key (AES-256-GCM under the slot's own key). A password
 * slot's key comes from scrypt; a raw slot's key is handed in by the caller, which leaves room
 * for keys that are not typed (a passkey's PRF output, a key kept by the device).
 */

export interface KdfOptions {
  /** scrypt; defaults to @noble/hashes' scryptAsync (see `nobleScrypt`). */
  readonly kdf?: VaultKdf;
}

export interface PasswordSlotOptions extends KdfOptions {
  /** Defaults to Aegis's N = 2^15, r = 8, p = 1. */
  readonly params?: ScryptParams;
}

/** A new random 256-bit master key. */
export const generateMasterKey = (): Uint8Array => randomBytes(KEY_BYTES);

const passwordBytes = (password: string | Uint8Array) =>
  typeof password === 'string' ? utf8Bytes(password) : password;

async function wrap(slotKey: Uint8Array, masterKey: Uint8Array) {
  if (masterKey.length !== KEY_BYTES) throw new RangeError('a vault master key has 32 bytes');
  const sealed = await seal(slotKey, masterKey);
  return {
    key: toHex(sealed.ciphertext),
    key_params: { nonce: toHex(sealed.nonce), tag: toHex(sealed.tag) },
  };
}

/** The master key a slot wraps, or null when `slotKey` does not open it. */
async function unwrap(slot: { key: string; key_params: KeyParams }, slotKey: Uint8Array) {
  const ciphertext = fromHex(slot.key, KEY_BYTES);
  const nonce = fromHex(slot.key_params?.nonce, NONCE_BYTES);
  const tag = fromHex(slot.key_params?.tag, 16);
  if (!ciphertext || !nonce || !tag) throw new VaultError('malformed');
  return open(slotKey, { ciphertext, nonce, tag });
}

/** A password slot wrapping `masterKey`: a fresh 32-byte salt, then scrypt and AES-256-GCM. */
export async function createPasswordSlot(
  password: string | Uint8Array,
  masterKey: Uint8Array,
  options: PasswordSlotOptions = {},
): Promise<PasswordSlot> {
  const params = options.params ?? AEGIS_SCRYPT;
  const salt = randomBytes(32);
  const slotKey = await (options.kdf ?? nobleScrypt)(scryptRequest(passwordBytes(password), salt, params));
  const wrapped = await wrap(slotKey, masterKey);
  return {
    type: SLOT_PASSWORD,
    uuid: randomUuid(),
    ...wrapped,
    n: params.N,
    r: params.r,
    p: params.p,
    salt: toHex(salt),
    repaired: true,
  };
}

/** The master key of a password slot, or null when the password does not open it. */
export async function openPasswordSlot(
  slot: PasswordSlot,
  password: string | Uint8Array,
  options: KdfOptions = {},
): Promise<Uint8Array | null> {
  const salt = fromHex(slot.salt);
  if (!salt || typeof slot.n !== 'number' || typeof slot.r !== 'number' || typeof slot.p !== 'number')
    throw new VaultError('malformed');
  const params = { N: slot.n, r: slot.r, p: slot.p };
  const slotKey = await (options.kdf ?? nobleScrypt)(scryptRequest(passwordBytes(password), salt, params));
  return unwrap(slot, slotKey);
}

/** A raw slot: `masterKey` wrapped by a 32-byte key the caller holds. */
export async function createRawSlot(key: Uint8Array, masterKey: Uint8Array): Promise<RawSlot> {
  if (key.length !== KEY_BYTES) throw new RangeError('a raw slot key has 32 bytes');
  return { type: SLOT_RAW, uuid: randomUuid(), ...(await wrap(key, masterKey)) };
}

/** The master key of a raw slot, or null when `key` does not open it. */
export const openRawSlot = (slot: RawSlot, key: Uint8Array): Promise<Uint8Array | null> => unwrap(slot, key);

export const isPasswordSlot = (slot: Slot): slot is PasswordSlot => slot.type === SLOT_PASSWORD;
export const isRawSlot = (slot: Slot): slot is RawSlot => slot.type === SLOT_RAW;

export interface Unlocked<S extends Slot> {
  readonly masterKey: Uint8Array;
  /** The slot that opened. */
  readonly slot: S;
}

/**
 * The master key from the first password slot that opens, in the header's order (one scrypt per
 * slot tried). No password slot: `no_password_slot`; none opens: `wrong_password`.
 */
export async function unlockWithPassword(
  slots: readonly Slot[],
  password: string | Uint8Array,
  options: KdfOptions = {},
): Promise<Unlocked<PasswordSlot>> {
  const candidates = slots.filter(isPasswordSlot);
  if (candidates.length === 0) throw new VaultError('no_password_slot');
  for (const slot of candidates) {
    const masterKey = await openPasswordSlot(slot, password, options);
    if (masterKey) return { masterKey, slot };
  }
  throw new VaultError('wrong_password');
}

/** The master key from the first raw slot that `key` opens; none: `wrong_key`. */
export async function unlockWithKey(slots: readonly Slot[], key: Uint8Array): Promise<Unlocked<RawSlot>> {
  for (const slot of slots.filter(isRawSlot)) {
    const masterKey = await openRawSlot(slot, key);
    if (masterKey) return { masterKey, slot };
  }
  throw new VaultError('wrong_key');
}
