/**
 * Why a vault cannot be read or written:
 * - `malformed`: not an Aegis vault file (structure, hex or base64 broken);
 * - `no_password_slot`: no password slot, so no way in with a password;
 * - `wrong_password`: no password slot opens with this password;
 * - `wrong_key`: the raw slot does not open with this key;
 * - `tampered`: the master key opened a slot but the db fails authentication (changed or cut);
 * - `bad_content`: the db decrypts but is not UTF-8 JSON;
 * - `unsupported_kdf`: scrypt parameters the default KDF refuses (not a power of two, too much memory).
 */
export type VaultErrorCode =
  | 'malformed'
  | 'no_password_slot'
  | 'wrong_password'
  | 'wrong_key'
  | 'tampered'
  | 'bad_content'
  | 'unsupported_kdf';

/** A typed failure of the vault core; its message never holds a password, key or plaintext. */
export class VaultError extends Error {
  override readonly name = 'VaultError';

  constructor(readonly code: VaultErrorCode) {
    super(`vault: ${code.replace(/_/g, ' ')}`);
  }
}

export const isVaultError = (error: unknown, code?: VaultErrorCode): error is VaultError =>
  error instanceof VaultError && (code === undefined || error.code === code);
