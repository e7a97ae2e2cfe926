// Everything that runs unchanged in Node and in browsers. Keep node: modules out of this graph
// (browser-safety.test.ts checks it).
export type { Algorithm, OtpAccount, OtpError, OtpErrorCode, OtpField, OtpType, Result } from './types.js';
export { ALGORITHMS, MAX_DIGITS, MIN_DIGITS, OTP_TYPES } from './types.js';
export { UNSUPPORTED_OTP_TYPE, otpError } from './errors.js';
export {
  type AccountInput,
  type SteamRuleFields,
  accountParameters,
  type AccountParameters,
  type ParameterInput,
  DEFAULT_PERIOD,
  isOtpType,
  isSteam,
  MAX_DB_INTEGER,
  normalizeAccount,
  periodOf,
  STEAM,
  STEAM_FIELDS,
  withSteamRule,
} from './account.js';
export { isTruthy, parseBoolean, parseBooleanField } from './booleans.js';
export { decodeBase64, encodeBase64 } from './base64.js';
export { encodeBase32 } from './base32.js';
export {
  type ValidSecret,
  bytesToBase32,
  canonicalSecret,
  decodeSecret,
  generateSecret,
  isValidBase32Secret,
  normalizeSecret,
  plainTextToBase32,
  validateBase32Secret,
} from './secret.js';
export { STEAM_ALPHABET, steamEncode } from './steam.js';
export {
  type ParsedOtpauthAccount,
  type ParseOtpauthOptions,
  type SerializableAccount,
  type SerializeOtpauthOptions,
  isOtpauthUri,
  parseOtpauthUri,
  rawUrlEncode,
  serializeOtpauthUri,
} from './otpauth-uri.js';
export {
  type MigrationBatch,
  type MigrationEntry,
  type MigrationExport,
  type MigrationExportOptions,
  type MigrationImport,
  type MigrationPayload,
  type MigrationSkipReason,
  decodeMigrationPayload,
  decodeMigrationUri,
  decodeMigrationUris,
  encodeMigrationUris,
  isMigrationUri,
} from './migration.js';
export { type ImageFormat, IMAGE_MIME_TYPES, sniffImageFormat } from './image-format.js';
export { GROUP_NAME_MAX_LENGTH, GROUP_NAME_PATTERN, isValidGroupNameCharacters } from './group-name.js';
export {
  LANGUAGES,
  RTL_LANGUAGES,
  type Language,
  type NativeSettingKey,
  type NativeSettings,
  type SettingDefinition,
  defaultSettings,
  isNativeSettingKey,
  isTimeZone,
  isValidSettingValue,
  nativeSettingKeys,
  nativeSettings,
  readNativeSettingValues,
} from './settings.js';
export { type FieldRule, fieldRuleOf } from './field-rules.js';
export { type WebCodeParams, type WebTotpCodes, canComputeInBrowser, webTotpCodes } from './web-codes.js';
export { type FavoriteFields, favoritesFirst } from './favorites.js';
export { type Region, scanPlan } from './qr-plan.js';
