import { decodeBase64, encodeBase64 } from '@twofold/otp/browser';
import { NONCE_BYTES, open, seal } from './aes-gcm.js';
import { fromHex, toHex, utf8Bytes, utf8Text } from './bytes.js';
import { VaultError } from './errors.js';
import {
  createPasswordSlot,
  generateMasterKey,
  unlockWithPassword,
  type PasswordSlotOptions,
  type KdfOptions,
} from './slots.js';
import {
  SLOT_BIOMETRIC,
  SLOT_PASSWORD,
  SLOT_RAW,
  type EncryptedVault,
  type KeyParams,
  type PlainVault,
  type Slot,
  type VaultFile,
} from './types.js';

/*
 * Whole vault files: the db JSON encrypted with the master key (AES-256-GCM, a fresh nonce each
 * time), headed by the slots that wrap that key. Reading is strict about what it decrypts with
 * and lenient about the rest, so that a file whose other slots are of no use here still opens:
 * password slots must be complete; raw and biometric slots are kept when well formed and skipped
 * otherwise; slots of unknown types are skipped.
 */

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function wellFormedWrap(slot: Json): boolean {
  const params = isObject(slot.key_params) ? slot.key_params : {};
  return (
    fromHex(slot.key, 32) !== null &&
    fromHex(params.nonce, NONCE_BYTES) !== null &&
    fromHex(params.tag, 16) !== null
  );
}

/** The slots of a header: password slots checked field by field (`malformed` otherwise). */
export function readSlots(slots: readonly unknown[]): Slot[] {
  const out: Slot[] = [];
  for (const slot of slots) {
    if (!isObject(slot)) continue;
    if (slot.type === SLOT_PASSWORD) {
      const { n, r, p } = slot;
      if (
        !wellFormedWrap(slot) ||
        fromHex(slot.salt) === null ||
        typeof n !== 'number' ||
        typeof r !== 'number' ||
        typeof p !== 'number'
      )
        throw new VaultError('malformed');
      out.push(slot as unknown as Slot);
    } else if ((slot.type === SLOT_RAW || slot.type === SLOT_BIOMETRIC) && wellFormedWrap(slot)) {
      out.push(slot as unknown as Slot);
    }
  }
  return out;
}

function readParams(params: unknown): KeyParams {
  if (!isObject(params) || !fromHex(params.nonce, NONCE_BYTES) || !fromHex(params.tag, 16))
    throw new VaultError('malformed');
  return { nonce: params.nonce as string, tag: params.tag as string };
}

/** The ciphertext of `db` (standard base64; white space, as in wrapped files, is ignored). */
function ciphertextOf(db: string): Uint8Array {
  const bytes = decodeBase64(db.replace(/\s+/g, ''));
  if (!bytes) throw new VaultError('malformed');
  return bytes;
}

const asObject = (value: unknown): unknown => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    throw new VaultError('malformed');
  }
};

/** The encrypted vault's parts, checked in the order a reader needs them; `malformed` otherwise. */
function encryptedParts(value: unknown): { header: Json; slots: Slot[]; db: string } {
  const file = asObject(value);
  if (
    !isObject(file) ||
    !isObject(file.header) ||
    !Array.isArray(file.header.slots) ||
    typeof file.db !== 'string'
  )
    throw new VaultError('malformed');
  return { header: file.header, slots: readSlots(file.header.slots), db: file.db };
}

/**
 * A vault file (its JSON text or the parsed value), checked: a plain vault (`slots` and `params`
 * null, `db` an object) or an encrypted one. Throws `malformed` for anything else.
 */
export function parseVault(value: unknown): VaultFile {
  const file = asObject(value);
  if (isObject(file) && isObject(file.header) && file.header.slots === null && isObject(file.db))
    return { version: 1, header: { slots: null, params: null }, db: file.db };
  const { header, slots, db } = encryptedParts(file);
  const params = readParams(header.params);
  ciphertextOf(db);
  return { version: 1, header: { slots, params }, db };
}

export const isEncrypted = (vault: VaultFile): vault is EncryptedVault => typeof vault.db === 'string';

/** A plain vault of `db`. */
export const plainVault = <Db>(db: Db): PlainVault<Db> => ({
  version: 1,
  header: { slots: null, params: null },
  db,
});

/** `db` as JSON, encrypted with `masterKey` under a fresh nonce, headed by `slots`. */
export async function sealVault(
  db: unknown,
  slots: readonly Slot[],
  masterKey: Uint8Array,
): Promise<EncryptedVault> {
  const content = await seal(masterKey, utf8Bytes(JSON.stringify(db)));
  return {
    version: 1,
    header: { slots: [...slots], params: { nonce: toHex(content.nonce), tag: toHex(content.tag) } },
    db: encodeBase64(content.ciphertext),
  };
}

/** A new vault: a random master key, one password slot (Aegis's scrypt by default), `db` sealed. */
export async function encryptVault(
  db: unknown,
  password: string | Uint8Array,
  options: PasswordSlotOptions = {},
): Promise<EncryptedVault> {
  const masterKey = generateMasterKey();
  return sealVault(db, [await createPasswordSlot(password, masterKey, options)], masterKey);
}

async function decryptContent(
  params: KeyParams,
  ciphertext: Uint8Array,
  masterKey: Uint8Array,
): Promise<unknown> {
  const nonce = fromHex(params.nonce, NONCE_BYTES);
  const tag = fromHex(params.tag, 16);
  if (!nonce || !tag) throw new VaultError('malformed');
  const plain = await open(masterKey, { ciphertext, nonce, tag });
  if (!plain) throw new VaultError('tampered');
  const text = utf8Text(plain);
  if (text === null) throw new VaultError('bad_content');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new VaultError('bad_content');
  }
}

/** The db of an encrypted vault, with its master key: `tampered` when it fails authentication. */
export function decryptVault(vault: EncryptedVault, masterKey: Uint8Array): Promise<unknown> {
  return decryptContent(vault.header.params, ciphertextOf(vault.db), masterKey);
}

export interface OpenedVault {
  readonly db: unknown;
  /** Kept by a caller that writes the vault again under the same slots (`sealVault`). */
  readonly masterKey: Uint8Array;
}

/**
 * Opens an encrypted vault file (text or parsed) with a password: the first password slot that
 * opens gives the master key, which decrypts the db. Failures, in the order they are found:
 * `malformed` (structure, a broken password slot), `no_password_slot`, `malformed` (db and its
 * parameters), `wrong_password`, `tampered`, `bad_content`. Errors of an injected KDF pass through.
 */
export async function openVault(
  value: unknown,
  password: string | Uint8Array,
  options: KdfOptions = {},
): Promise<OpenedVault> {
  const { header, slots, db } = encryptedParts(value);
  if (!slots.some((slot) => slot.type === SLOT_PASSWORD)) throw new VaultError('no_password_slot');
  const params = readParams(header.params);
  const ciphertext = ciphertextOf(db);
  const { masterKey } = await unlockWithPassword(slots, password, options);
  return { db: await decryptContent(params, ciphertext, masterKey), masterKey };
}
