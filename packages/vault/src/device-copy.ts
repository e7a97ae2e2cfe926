import { fromBase64, toBase64, utf8Bytes, utf8Text } from './bytes.js';
import { VaultError } from './errors.js';
import { passkeySlotKey } from './passkey.js';
import { createPasswordSlot, createRawSlot, generateMasterKey, type KdfOptions } from './slots.js';
import type { EncryptedVault, PasswordSlot, RawSlot, ScryptParams, Slot } from './types.js';
import type { CopyRecords } from './copy-records.js';
import { decryptVault, sealVault } from './vault.js';

/*
 * A device copy: the accounts kept on a device so that its codes work while the server cannot be
 * reached. Two layers:
 * - the content is sealed to the device's P-256 public key (ECIES on Web Crypto: an ephemeral ECDH
 *   key, HKDF-SHA-256, AES-256-GCM), so that whoever holds the public key (the app, online) can
 *   write it again without the passphrase, and only the private key reads it;
 * - the private key (PKCS #8, base64) is the db of an Aegis vault whose slots are the passphrase
 *   (scrypt, `COPY_SCRYPT`) and any passkeys (raw slots keyed by a WebAuthn PRF output).
 */

/**
 * scrypt N = 2^15, r = 8, p = 1 (32 MiB), as the backups and Aegis use: a stolen copy costs an
 * attacker as much per guess as a stolen backup. Copies made with N = 2^14 before are re-wrapped
 * with these at their next unlock by passphrase (`strengthenedSlots`).
 */
export const COPY_SCRYPT: ScryptParams = { N: 2 ** 15, r: 8, p: 1 };

/** The shortest passphrase a device copy accepts (the web app's copy and the extension's alike). */
export const MIN_COPY_PASSPHRASE = 8;

/** Content sealed to a device key: the sender's ephemeral public key, the nonce and the ciphertext with its tag (base64). */
export interface SealedContent {
  readonly ephemeral: JsonWebKey;
  readonly iv: string;
  readonly data: string;
}

/**
 * A passkey that opens the copy: its credential and the salt its PRF is asked with (neither is
 * secret: the PRF output, which only the authenticator can give, derives the raw slot's key).
 */
export interface CopyPasskey {
  /** The uuid of the raw slot in the key vault. */
  readonly slot: string;
  /** base64url, as WebAuthn names credentials. */
  readonly credentialId: string;
  /** base64. */
  readonly salt: string;
}

/**
 * A stored copy. Readable in it are only the copy's id, the public key, the key vault's header
 * (slots: salts, nonces, wrapped keys), the count of wrong passphrases and the passkeys'
 * credential ids and salts; everything about the accounts is inside `content`, sealed.
 */
export interface DeviceCopy {
  readonly id: string;
  readonly publicKey: JsonWebKey;
  /** An Aegis vault whose db holds the device's private key. */
  readonly keyVault: EncryptedVault;
  /**
   * The whole content in one piece: copies made before the content was kept record by record
   * (`records`). A copy has one or the other; the app rewrites the former as records.
   */
  readonly content?: SealedContent;
  /** The content record by record (copy-records.ts). */
  readonly records?: CopyRecords;
  /**
   * The server's revision of the accounts the records hold (its change feed's): not secret, it
   * says nothing of the accounts. Absent: the next refresh reads every account.
   */
  readonly revision?: string;
  readonly failures: number;
  /**
   * The user chose, on this device, to keep the accounts' notes and recovery codes in the copy
   * (sealed in `records.extras`). Readable: it says whether they are kept, nothing of them.
   * Absent on copies made before, and off.
   */
  readonly keepsExtras?: boolean;
  /** Absent on copies made before passkeys could open them. */
  readonly passkeys?: readonly CopyPasskey[];
  /**
   * The accounts' logos, each distinct image once, sealed like the content (each apart, so that a
   * refresh adds or drops one without the others), by the server's digest of the image. Which
   * account shows which is inside the content. Absent on copies made before.
   */
  readonly logos?: Readonly<Record<string, SealedContent>>;
  /** Digests of images left out of `logos` (over the size bounds): not fetched again. */
  readonly logosLeftOut?: readonly string[];
}

export const CURVE = { name: 'ECDH', namedCurve: 'P-256' } as const;
const INFO = utf8Bytes('twofold device copy v1');
const subtle = () => globalThis.crypto.subtle;

/** A new device key pair: the public key as a JWK, the private key as PKCS #8 bytes. */
export async function newDeviceKeys(): Promise<{
  publicKey: JsonWebKey;
  privateKey: Uint8Array<ArrayBuffer>;
}> {
  const pair = await subtle().generateKey(CURVE, true, ['deriveBits']);
  return {
    publicKey: await subtle().exportKey('jwk', pair.publicKey),
    privateKey: new Uint8Array(await subtle().exportKey('pkcs8', pair.privateKey)),
  };
}

/** The private key, not extractable: a page can use it but not read it. */
export function importPrivateKey(pkcs8: Uint8Array<ArrayBuffer>): Promise<CryptoKey> {
  return subtle().importKey('pkcs8', pkcs8, CURVE, false, ['deriveBits']);
}

/** The AES key of one ECDH exchange (HKDF-SHA-256 of the shared secret). */
export async function contentKey(
  privateKey: CryptoKey,
  publicKey: CryptoKey,
  usage: KeyUsage,
): Promise<CryptoKey> {
  const shared = await subtle().deriveBits({ name: 'ECDH', public: publicKey }, privateKey, 256);
  const hkdf = await subtle().importKey('raw', shared, 'HKDF', false, ['deriveKey']);
  return subtle().deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(32), info: INFO },
    hkdf,
    { name: 'AES-GCM', length: 256 },
    false,
    [usage],
  );
}

/** `content` as JSON, sealed to the device's public key (a fresh ephemeral key and nonce). */
export async function sealContent(devicePublicKey: JsonWebKey, content: unknown): Promise<SealedContent> {
  const recipient = await subtle().importKey('jwk', devicePublicKey, CURVE, false, []);
  const ephemeral = await subtle().generateKey(CURVE, true, ['deriveBits']);
  const key = await contentKey(ephemeral.privateKey, recipient, 'encrypt');
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
  const plain = utf8Bytes(JSON.stringify(content));
  const data = new Uint8Array(await subtle().encrypt({ name: 'AES-GCM', iv }, key, plain));
  return {
    ephemeral: await subtle().exportKey('jwk', ephemeral.publicKey),
    iv: toBase64(iv),
    data: toBase64(data),
  };
}

/**
 * The content sealed by `sealContent`, with the device's private key: `tampered` when it does not
 * authenticate (another device's key, a changed byte), `malformed` when its fields are broken.
 */
export async function openContent(devicePrivateKey: CryptoKey, sealed: SealedContent): Promise<unknown> {
  const iv = fromBase64(sealed.iv);
  const data = fromBase64(sealed.data);
  if (!iv || !data) throw new VaultError('malformed');
  let sender: CryptoKey;
  try {
    sender = await subtle().importKey('jwk', sealed.ephemeral, CURVE, false, []);
  } catch {
    throw new VaultError('malformed');
  }
  return openSealedJson(await contentKey(devicePrivateKey, sender, 'decrypt'), iv, data);
}

/** AES-GCM-opened JSON: a failed tag is `tampered`, text that is not UTF-8 JSON `bad_content`. */
export async function openSealedJson(
  key: CryptoKey,
  iv: Uint8Array<ArrayBuffer>,
  data: Uint8Array<ArrayBuffer>,
): Promise<unknown> {
  let plain: ArrayBuffer;
  try {
    plain = await subtle().decrypt({ name: 'AES-GCM', iv }, key, data);
  } catch {
    throw new VaultError('tampered');
  }
  const text = utf8Text(new Uint8Array(plain));
  if (text === null) throw new VaultError('bad_content');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new VaultError('bad_content');
  }
}

/** The key vault's db: the device's private key. */
interface KeyVaultDb {
  readonly privateKey: string;
}

/**
 * A new copy's keys: a device key pair, and the key vault holding its private key under one
 * passphrase slot (`COPY_SCRYPT`). The private key comes back imported (not extractable), for
 * the page that just made the copy to read it without asking for the passphrase again.
 */
export async function newCopyKeys(
  passphrase: string,
  options: KdfOptions = {},
): Promise<{
  publicKey: JsonWebKey;
  keyVault: EncryptedVault;
  privateKey: CryptoKey;
}> {
  const keys = await newDeviceKeys();
  const masterKey = generateMasterKey();
  const slot = await createPasswordSlot(passphrase, masterKey, { ...options, params: COPY_SCRYPT });
  const db: KeyVaultDb = { privateKey: toBase64(keys.privateKey) };
  const keyVault = await sealVault(db, [slot], masterKey);
  return { publicKey: keys.publicKey, keyVault, privateKey: await importPrivateKey(keys.privateKey) };
}

/** The device's private key, from the key vault and its master key (opened by any slot). */
export async function openCopyKey(keyVault: EncryptedVault, masterKey: Uint8Array): Promise<CryptoKey> {
  const db = (await decryptVault(keyVault, masterKey)) as Partial<KeyVaultDb> | null;
  const pkcs8 = typeof db?.privateKey === 'string' ? fromBase64(db.privateKey) : null;
  if (!pkcs8) throw new VaultError('bad_content');
  try {
    return await importPrivateKey(pkcs8);
  } catch {
    throw new VaultError('bad_content');
  }
}

/**
 * The copy's key slots with the passphrase slot that just opened re-made with `COPY_SCRYPT`, or
 * null when it already has them (or more). The master key is the same: only its wrapping changes,
 * and the other slots (a passkey's) stay as they are.
 */
export async function strengthenedSlots(
  slots: readonly Slot[],
  opened: PasswordSlot,
  passphrase: string,
  masterKey: Uint8Array,
  options: KdfOptions = {},
): Promise<Slot[] | null> {
  if (opened.n >= COPY_SCRYPT.N && opened.r >= COPY_SCRYPT.r && opened.p >= COPY_SCRYPT.p) return null;
  const replacement = await createPasswordSlot(passphrase, masterKey, { ...options, params: COPY_SCRYPT });
  return slots.map((slot) => (slot.uuid === opened.uuid ? replacement : slot));
}

/** The key of a passkey's raw slot, from its PRF output and the entry's salt (base64). */
export function copyPasskeyKey(
  prfOutput: Uint8Array,
  passkey: Pick<CopyPasskey, 'salt'>,
): Promise<Uint8Array> {
  const salt = fromBase64(passkey.salt);
  if (!salt) throw new VaultError('malformed');
  return passkeySlotKey(prfOutput, salt);
}

/**
 * A passkey's raw slot and its entry in the copy: the master key wrapped under the key derived
 * from the passkey's PRF output for `salt` (the salt the PRF was asked with).
 */
export async function newCopyPasskey(
  credentialId: string,
  salt: Uint8Array,
  prfOutput: Uint8Array,
  masterKey: Uint8Array,
): Promise<{ slot: RawSlot; passkey: CopyPasskey }> {
  const entry = { credentialId, salt: toBase64(salt) };
  const slot = await createRawSlot(await copyPasskeyKey(prfOutput, entry), masterKey);
  return { slot, passkey: { ...entry, slot: slot.uuid } };
}

/** The copy with other key slots (the rest as it is). */
export const withSlots = (copy: DeviceCopy, slots: Slot[]): DeviceCopy => ({
  ...copy,
  keyVault: { ...copy.keyVault, header: { ...copy.keyVault.header, slots } },
});
