/**
 * @twofold/vault: the Aegis vault format, one implementation for Node (20 and later) and browsers.
 * No node: modules: AES-256-GCM through Web Crypto, scrypt through @noble/hashes unless the caller
 * injects its own (`kdf`), e.g. a worker thread on a server.
 */
export * from './types.js';
export { VaultError, isVaultError, type VaultErrorCode } from './errors.js';
export {
  AEGIS_SCRYPT,
  DEFAULT_MAX_MEMORY,
  checkScryptRequest,
  nobleScrypt,
  scryptMemory,
  scryptRequest,
} from './scrypt.js';
export {
  type KdfOptions,
  type PasswordSlotOptions,
  type Unlocked,
  createPasswordSlot,
  createRawSlot,
  generateMasterKey,
  isPasswordSlot,
  isRawSlot,
  openPasswordSlot,
  openRawSlot,
  unlockWithKey,
  unlockWithPassword,
} from './slots.js';
export {
  type OpenedVault,
  decryptVault,
  encryptVault,
  isEncrypted,
  openVault,
  parseVault,
  plainVault,
  readSlots,
  sealVault,
} from './vault.js';
export { hkdfSha256, passkeySlotKey } from './passkey.js';
export {
  type CeremonyOptions,
  type PasskeyProblemKind,
  type PrfPasskey,
  PasskeyProblem,
  createPasskey,
  evaluatePasskey,
} from './prf-ceremony.js';
export { fromBase64, fromBase64Url, fromHex, randomUuid, toBase64, toBase64Url, toHex } from './bytes.js';
export {
  COPY_SCRYPT,
  MIN_COPY_PASSPHRASE,
  type CopyPasskey,
  type DeviceCopy,
  type SealedContent,
  copyPasskeyKey,
  importPrivateKey,
  newCopyKeys,
  newCopyPasskey,
  newDeviceKeys,
  openContent,
  openCopyKey,
  sealContent,
  strengthenedSlots,
  withSlots,
} from './device-copy.js';
export {
  type CopyRecords,
  type RecordSealer,
  type RecordUpdate,
  type SealedRecord,
  newRecordSealer,
  recordOpener,
  updatedRecords,
} from './copy-records.js';
