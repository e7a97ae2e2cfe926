import type { OtpType } from '@twofold/otp';
import type { KdfLimits, KdfRequest } from './kdf.js';

/** Why an entry cannot become an account: an i18n key with its parameters, and the English text. */
export interface RowError {
  /** Translation key, as the API's catalogue names it. */
  readonly key: string;
  readonly params?: Readonly<Record<string, string | number>>;
  /** English message in 2FAuth's wording; never contains the value that failed. */
  readonly message: string;
}

/** An icon embedded in the source; the caller checks the bytes against `mime` and stores it. */
export interface RowIcon {
  readonly bytes: Uint8Array;
  readonly mime: string;
}

/**
 * One preview row, in the order of the source. A valid row has gone through the account model
 * (canonical secret, Steam rule, `period` null for HOTP and `counter` null otherwise). An invalid
 * row has `error` set, the source's service and account when they could be read (else null), and
 * harmless defaults elsewhere. Duplicates and the no-colon product rule are the caller's business.
 */
export interface ImportRow {
  readonly otp_type: OtpType;
  readonly service: string | null;
  readonly account: string | null;
  /** Storage form for valid rows; empty for invalid rows. */
  readonly secret: string;
  readonly digits: number;
  readonly algorithm: string;
  readonly period: number | null;
  readonly counter: number | null;
  readonly icon: RowIcon | null;
  /** The group name the source proposes, or null. */
  readonly group: string | null;
  /** Beside the account, when the source has them: a note, tag names, recovery codes. */
  readonly note?: string;
  readonly tags?: readonly string[];
  readonly recovery_codes?: readonly ImportedRecoveryCode[];
  /** The account's websites, from Twofold's own exports (as written; the server normalises them). */
  readonly websites?: readonly string[];
  /** Starred in the source (Aegis's `favorite`, Ente's `pinned`); absent otherwise. */
  readonly favorite?: true;
  readonly error?: RowError;
}

/** A recovery code carried by a Twofold backup (`used_at`: ISO date or null). */
export interface ImportedRecoveryCode {
  readonly code: string;
  readonly used_at: string | null;
}

/** The formats the importer recognises. */
export type ImportFormat =
  | '2fauth'
  | 'aegis'
  | '2fas'
  | 'google'
  | 'bitwarden'
  | 'bitwarden-csv'
  | 'ente'
  | 'proton'
  | 'andotp'
  | 'steam'
  | 'freeotp-plus'
  | 'freeotp-xml'
  | 'authy'
  | 'battle-net'
  | 'duo'
  | 'stratum'
  | 'totp-authenticator'
  | 'lastpass'
  | 'google-db'
  | 'microsoft'
  | 'freeotp-2'
  | 'keepass'
  | 'proton-pass'
  | '1password'
  | 'authenticator-plus'
  | 'raivo'
  | 'winauth'
  | 'stratum-html'
  | 'plain';

/** The display names used in messages. */
export type AppName =
  | '2FAuth'
  | 'Aegis'
  | '2FAS Auth'
  | 'Google Authenticator'
  | 'Bitwarden'
  | 'migration'
  | 'andOTP'
  | 'Ente Auth'
  | 'Proton Authenticator'
  | 'Steam'
  | 'FreeOTP+'
  | 'FreeOTP'
  | 'Authy'
  | 'Battle.net'
  | 'Duo Mobile'
  | 'Stratum'
  | 'TOTP Authenticator'
  | 'LastPass Authenticator'
  | 'Microsoft Authenticator'
  | 'KeePass'
  | 'Proton Pass'
  | '1Password'
  | 'Authenticator Plus'
  | 'Raivo OTP'
  | 'WinAuth';

/** A successful import: rows, notices about the batch, and how many entries were skipped. */
export interface ImportSuccess {
  readonly ok: true;
  readonly format: ImportFormat;
  readonly app: AppName;
  readonly rows: readonly ImportRow[];
  /** English notices such as "QR code 2 of 3 not scanned". */
  readonly notices: readonly string[];
  /** Entries that are not rows: Bitwarden items without TOTP, trashed Ente entries. */
  readonly skipped: number;
}

/**
 * A whole-payload failure. `kind` is the machine code; `message` the English text the API sends.
 * - `no_format` (400): nothing recognisable.
 * - `unreadable` (400): recognised, structure broken (also after a successful decryption).
 * - `password_required` (400): encrypted and no password; `reason` tells whether one can help.
 * - `wrong_password` (422 on `password`): an authentication tag or MAC failed.
 * - `unsupported_encryption` (400): parameters beyond the caps, or no password-based way in.
 * - `account_key` (400): a Bitwarden export bound to its account key, a password was sent.
 * - `use_export` (400): an app's encrypted internal database that cannot be read; its export can.
 */
export type ImportFailure =
  | { readonly kind: 'no_format'; readonly message: string }
  | { readonly kind: 'unreadable'; readonly app: AppName; readonly message: string }
  | {
      readonly kind: 'password_required';
      readonly app: AppName;
      readonly reason: 'password_required' | 'account_key';
      readonly message: string;
    }
  | { readonly kind: 'wrong_password'; readonly app: AppName; readonly message: string }
  | {
      readonly kind: 'unsupported_encryption';
      readonly app: AppName;
      readonly message: string;
      /** The cipher refused, when that is the reason (KeePass's Twofish). */
      readonly cipher?: string;
    }
  | { readonly kind: 'account_key'; readonly app: AppName; readonly message: string }
  | { readonly kind: 'use_export'; readonly app: AppName; readonly message: string };

export type ImportResult = ImportSuccess | { readonly ok: false; readonly failure: ImportFailure };

/** Derives a key; the server injects one that runs in a worker thread, one heavy job at a time. */
export type DeriveKey = (request: KdfRequest) => Promise<Uint8Array>;

export interface ImportOptions {
  /** The export's password; ignored for unencrypted payloads. */
  readonly password?: string;
  /** Key derivation; defaults to node:crypto (scrypt, PBKDF2) and hash-wasm (Argon2id). */
  readonly deriveKey?: DeriveKey;
  /** Tighter caps than the built-in ones, e.g. a memory ceiling for small hosts. */
  readonly limits?: Partial<KdfLimits>;
  /**
   * Called with the KDF parameters read from the file before anything is derived; returning
   * false refuses the derivation (`unsupported_encryption`).
   */
  readonly acceptKdf?: (request: KdfRequest) => boolean;
  /** Most entries in one payload (default 10 000); more is `unreadable`. */
  readonly maxEntries?: number;
}
