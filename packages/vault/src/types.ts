/*
 * The Aegis vault file (version 1), as Aegis writes and reads it. Binary fields are hex in the
 * header and base64 for `db`. A slot wraps the 256-bit master key with AES-256-GCM under a key of
 * its own: type 0 a raw key given by the caller, type 1 a key derived from a password with scrypt,
 * type 2 an Android Keystore key (biometric; useless off the phone, never opened here).
 */

/** Nonce (12 bytes) and tag (16 bytes) of one AES-256-GCM ciphertext, in hex. */
export interface KeyParams {
  readonly nonce: string;
  readonly tag: string;
}

export const SLOT_RAW = 0;
export const SLOT_PASSWORD = 1;
export const SLOT_BIOMETRIC = 2;

interface SlotBase {
  readonly uuid: string;
  /** The encrypted master key (32 bytes, hex). */
  readonly key: string;
  readonly key_params: KeyParams;
}

/** A slot opened by a 32-byte key the caller holds (e.g. the output of a passkey's PRF). */
export interface RawSlot extends SlotBase {
  readonly type: typeof SLOT_RAW;
}

/** A slot opened by a password: scrypt(UTF-8 password, salt, n, r, p) gives its key. */
export interface PasswordSlot extends SlotBase {
  readonly type: typeof SLOT_PASSWORD;
  readonly n: number;
  readonly r: number;
  readonly p: number;
  /** Hex. */
  readonly salt: string;
  /** Written by Aegis 1.x and later; older slots hashed the password with trailing NULs (same key). */
  readonly repaired?: boolean;
  readonly is_backup?: boolean;
}

export interface BiometricSlot extends SlotBase {
  readonly type: typeof SLOT_BIOMETRIC;
}

export type Slot = RawSlot | PasswordSlot | BiometricSlot;

export interface VaultHeader {
  readonly slots: Slot[];
  /** Nonce and tag of `db`. */
  readonly params: KeyParams;
}

/** An encrypted vault file: `db` is the base64 AES-256-GCM ciphertext (without its tag) of the db JSON. */
export interface EncryptedVault {
  readonly version: 1;
  readonly header: VaultHeader;
  readonly db: string;
}

/** A plain vault file: the db object in clear. */
export interface PlainVault<Db = unknown> {
  readonly version: 1;
  readonly header: { readonly slots: null; readonly params: null };
  readonly db: Db;
}

export type VaultFile<Db = unknown> = EncryptedVault | PlainVault<Db>;

/** scrypt's cost parameters (Aegis: N = 2^15, r = 8, p = 1). */
export interface ScryptParams {
  readonly N: number;
  readonly r: number;
  readonly p: number;
}

/**
 * One scrypt derivation, with its parameters as read from a file (not yet checked) and the memory
 * it needs (128·N·r bytes), so that an injected KDF can refuse or schedule it.
 */
export interface ScryptRequest extends ScryptParams {
  readonly algorithm: 'scrypt';
  readonly password: Uint8Array;
  readonly salt: Uint8Array;
  readonly length: number;
  readonly memoryBytes: number;
}

/**
 * A scrypt implementation. The default is @noble/hashes' `scryptAsync` (pure JS, yields to the
 * event loop); a server injects one that runs on a worker thread. Errors it throws reach the
 * caller of the vault function unchanged.
 */
export type VaultKdf = (request: ScryptRequest) => Promise<Uint8Array>;
