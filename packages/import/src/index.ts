/**
 * @twofold/import: every authenticator export Twofold reads, plain or encrypted, turned into
 * preview rows. Pure functions: no HTTP, no database. Bytes or text plus an optional password in;
 * rows, notices and a skipped count, or a typed failure, out. See README.md.
 */
export { parseImport } from './import.js';
export type {
  AppName,
  DeriveKey,
  ImportFailure,
  ImportFormat,
  ImportOptions,
  ImportResult,
  ImportRow,
  ImportSuccess,
  RowError,
  RowIcon,
} from './types.js';
export {
  DEFAULT_LIMITS,
  defaultDeriveKey,
  effectiveLimits,
  serializeHeavy,
  withinGlobalLimits,
  type KdfLimits,
  type KdfRequest,
} from './kdf.js';
export { rowError } from './rows.js';
export { ACCOUNT_KEY_MESSAGE, ENCRYPTED_MESSAGE, NO_FORMAT_MESSAGE } from './failures.js';
