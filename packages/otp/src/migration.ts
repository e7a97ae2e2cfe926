import { normalizeAccount } from './account.js';
import { encodeBase32 } from './base32.js';
import { decodeBase64, encodeBase64 } from './base64.js';
import { fail, ok, otpError, UNSUPPORTED_OTP_TYPE } from './errors.js';
import { ProtobufError, readFields, toInt32, toInt64, type ProtobufField } from './protobuf.js';
import type { Algorithm, OtpAccount, OtpError, OtpType, Result } from './types.js';

/**
 * Batch information of one migration QR code (Google splits big exports over several codes); absent fields
 * are 0.
 */
export interface MigrationBatch {
  readonly version: number;
  /** Number of QR codes in the export. */
  readonly size: number;
  /** Position of this QR code, 0 … size − 1. */
  readonly index: number;
  /** Shared by every QR code of one export; usually negative. */
  readonly id: number;
}

/** One `otp_parameters` entry: an account, or why it cannot become one (an invalid import row). */
export type MigrationEntry =
  | { readonly ok: true; readonly account: OtpAccount }
  | {
      readonly ok: false;
      readonly error: OtpError;
      readonly errors: readonly OtpError[];
      /** Source values for the invalid row, shown to the user like 2FAuth does. */
      readonly service: string | null;
      readonly account: string;
      /** The mapped type when it is one of ours, else `totp`. */
      readonly otp_type: OtpType;
    };

/** A decoded migration payload. `batch` is null when the payload carries no batch fields at all. */
export interface MigrationPayload {
  readonly batch: MigrationBatch | null;
  readonly entries: readonly MigrationEntry[];
}

/** Several migration URIs combined (one export spread over several QR codes). */
export interface MigrationImport {
  /** Every entry, in the order of the URIs, a QR code scanned twice counted once. */
  readonly entries: readonly MigrationEntry[];
  /** QR codes of a batch that were not given. `index` is 0-based. */
  readonly missing: readonly { readonly batchId: number; readonly index: number; readonly size: number }[];
  /** One English notice per missing QR code, e.g. `QR code 2 of 3 not scanned`. */
  readonly notices: readonly string[];
}

/** Why an account was left out of a Google Authenticator export (it only knows some parameters). */
export type MigrationSkipReason = 'steam' | 'digits' | 'period' | 'secret' | 'too_large';

/** The result of `encodeMigrationUris`. */
export interface MigrationExport {
  /** One `otpauth-migration://` URI per QR code, in order. */
  readonly uris: readonly string[];
  readonly batchId: number;
  /** Accounts left out, by their index in the input, with an English message. */
  readonly skipped: readonly {
    readonly index: number;
    readonly reason: MigrationSkipReason;
    readonly message: string;
  }[];
}

/** Options of `encodeMigrationUris`. */
export interface MigrationExportOptions {
  /** Shared batch id, a non-zero int32; random by default. */
  readonly batchId?: number;
  /**
   * Largest URI per QR code, in bytes; default 2331 (the capacity of a version 40 QR code in byte mode at
   * level M).
   */
  readonly maxUriLength?: number;
  /** Most accounts per QR code; default 10, as Google Authenticator's own exports. */
  readonly maxPerCode?: number;
}

const PREFIX = /^otpauth-migration:\/\/offline\?/i;
const ALGORITHM_FROM_ENUM: readonly Algorithm[] = ['sha1', 'sha1', 'sha256', 'sha512', 'md5'];

/** True when the text starts with `otpauth-migration://offline?` (any case of scheme and host). */
export function isMigrationUri(text: string): boolean {
  return PREFIX.test(text.trim());
}

const invalidData = (): Result<never> => fail(otpError('data', 'invalid_data'));

/**
 * Extracts the payload bytes of a migration URI: the raw text after `data=`
 * up to the next `&`, percent-decoded but never form-decoded, so a raw `+` survives; spaces left
 * by an earlier form decoder become `+`; the URL-safe alphabet and missing padding are accepted;
 * the base64 is validated strictly before decoding.
 */
function payloadBytes(uri: string): Result<Uint8Array> {
  const text = uri.trim();
  if (!PREFIX.test(text)) return fail(otpError('uri', 'not_migration_uri'));
  const query = text.slice(text.indexOf('?') + 1);
  const raw = query
    .split('&')
    .find((pair) => pair.startsWith('data='))
    ?.slice('data='.length);
  if (raw === undefined) return invalidData();
  let data: string;
  try {
    data = decodeURIComponent(raw);
  } catch {
    return invalidData();
  }
  const bytes = decodeBase64(data.replace(/ /g, '+').replace(/-/g, '+').replace(/_/g, '/'));
  if (bytes === null || bytes.length === 0) return invalidData();
  return ok(bytes);
}

function lastVarint(fields: readonly ProtobufField[], field: number): bigint {
  let value = 0n;
  for (const item of fields) {
    if (item.field !== field) continue;
    if (item.wire !== 0) throw new ProtobufError('wire type mismatch');
    value = item.value;
  }
  return value;
}

/**
 * The last varint of a field, ignoring that field's other wire types: Google Authenticator's
 * exports of 2025 carry field 8 of `OtpParameters` as a string, which is not a period.
 */
function lastVarintOnly(fields: readonly ProtobufField[], field: number): bigint {
  let value = 0n;
  for (const item of fields) if (item.field === field && item.wire === 0) value = item.value;
  return value;
}

function lastBytes(fields: readonly ProtobufField[], field: number): Uint8Array {
  let value: Uint8Array = new Uint8Array(0);
  for (const item of fields) {
    if (item.field !== field) continue;
    if (item.wire !== 2) throw new ProtobufError('wire type mismatch');
    value = item.bytes;
  }
  return value;
}

/** Maps one OtpParameters message to an account (Google's enums to our types, algorithms and digits). */
function decodeEntry(bytes: Uint8Array): MigrationEntry {
  const fields = readFields(bytes);
  const utf8 = new TextDecoder();
  const secret = lastBytes(fields, 1);
  const name = utf8.decode(lastBytes(fields, 2));
  const issuer = utf8.decode(lastBytes(fields, 3));
  const algorithmEnum = lastVarint(fields, 4);
  const digitsEnum = lastVarint(fields, 5);
  const typeEnum = lastVarint(fields, 6);
  const counter = toInt64(lastVarint(fields, 7));
  const period = toInt64(lastVarintOnly(fields, 8));

  const service = issuer === '' ? null : issuer;
  // Only an issuer's own prefix is removed; a name is never split without an issuer.
  const account =
    service !== null && name.startsWith(`${service}:`)
      ? name.slice(service.length + 1).replace(/^ +/, '')
      : name;
  const otpType: OtpType | null =
    typeEnum === 1n ? 'hotp' : typeEnum === 0n || typeEnum === 2n ? 'totp' : null;

  const errors: OtpError[] = [];
  if (otpType === null) errors.push(otpError('otp_type', 'unsupported_type', UNSUPPORTED_OTP_TYPE));
  if (secret.length === 0) errors.push(otpError('secret', 'invalid_base32'));
  const algorithm = algorithmEnum < 5n ? ALGORITHM_FROM_ENUM[Number(algorithmEnum)] : undefined;
  if (algorithm === undefined) errors.push(otpError('algorithm', 'invalid_choice'));
  const digits = digitsEnum === 0n || digitsEnum === 1n ? 6 : digitsEnum === 2n ? 8 : null;
  if (digits === null) errors.push(otpError('digits', 'out_of_range'));
  if (otpType === 'hotp') {
    if (counter < 0n) errors.push(otpError('counter', 'out_of_range'));
    else if (counter > BigInt(Number.MAX_SAFE_INTEGER)) errors.push(otpError('counter', 'not_an_integer'));
  }
  const validPeriod = period > 0n && period <= BigInt(Number.MAX_SAFE_INTEGER);

  const invalid = (list: readonly OtpError[]): MigrationEntry => {
    const [first, ...more] = list;
    return {
      ok: false,
      error: first ?? otpError('data', 'invalid_data'),
      errors: first === undefined ? [otpError('data', 'invalid_data')] : [first, ...more],
      service,
      account,
      otp_type: otpType ?? 'totp',
    };
  };
  if (errors.length > 0 || otpType === null || algorithm === undefined || digits === null)
    return invalid(errors);
  const normalized = normalizeAccount({
    otp_type: otpType,
    service,
    account,
    secret: encodeBase32(secret),
    digits,
    algorithm,
    period: validPeriod ? Number(period) : 30,
    counter: otpType === 'hotp' ? Number(counter) : null,
  });
  return normalized.ok ? { ok: true, account: normalized.value } : invalid(normalized.errors);
}

/**
 * Decodes the protobuf MigrationPayload. A structural problem fails the
 * whole payload (`data` / `invalid_data`, `Invalid or unreadable Google Authenticator data`); a
 * problem inside one entry only makes that entry invalid.
 */
export function decodeMigrationPayload(bytes: Uint8Array): Result<MigrationPayload> {
  try {
    const fields = readFields(bytes);
    const entries: MigrationEntry[] = [];
    for (const item of fields) {
      if (item.field !== 1) continue;
      if (item.wire !== 2) return invalidData();
      entries.push(decodeEntry(item.bytes));
    }
    const version = toInt32(lastVarint(fields, 2));
    const size = toInt32(lastVarint(fields, 3));
    const index = toInt32(lastVarint(fields, 4));
    const id = toInt32(lastVarint(fields, 5));
    const present = fields.some((item) => item.field >= 2 && item.field <= 5);
    return ok({ batch: present ? { version, size, index, id } : null, entries });
  } catch (error) {
    if (error instanceof ProtobufError) return invalidData();
    throw error;
  }
}

/**
 * Decodes one `otpauth-migration://offline?data=…` URI. Errors: `uri` /
 * `not_migration_uri` when the text is not such a URI (`otpauthmigration://` included); `data` /
 * `invalid_data` when the payload cannot be read.
 */
export function decodeMigrationUri(uri: string): Result<MigrationPayload> {
  const bytes = payloadBytes(uri);
  return bytes.ok ? decodeMigrationPayload(bytes.value) : bytes;
}

/**
 * Decodes several migration URIs, one per QR code: blank lines are ignored, a
 * repeated (batch id, batch index) pair is a QR code scanned twice and counted once, and missing
 * indices are reported. A payload without a batch id (0, as in 2FAuth's fixture) only counts as
 * scanned twice when its bytes are identical, so that two unrelated single-code exports both
 * import. Any unreadable URI fails the whole import.
 */
export function decodeMigrationUris(uris: readonly string[]): Result<MigrationImport> {
  const entries: MigrationEntry[] = [];
  const seen = new Set<string>();
  const batches = new Map<number, { size: number; indices: Set<number> }>();
  for (const uri of uris) {
    if (uri.trim() === '') continue;
    const bytes = payloadBytes(uri);
    if (!bytes.ok) return bytes;
    const decoded = decodeMigrationPayload(bytes.value);
    if (!decoded.ok) return decoded;
    const batch = decoded.value.batch;
    const key =
      batch !== null && batch.id !== 0 ? `${batch.id}:${batch.index}` : `bytes:${encodeBase64(bytes.value)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (batch !== null) {
      const known = batches.get(batch.id) ?? { size: 0, indices: new Set<number>() };
      batches.set(batch.id, known);
      known.indices.add(batch.index);
      known.size = Math.max(known.size, batch.size);
    }
    entries.push(...decoded.value.entries);
  }
  const missing: { batchId: number; index: number; size: number }[] = [];
  for (const [batchId, { size, indices }] of batches) {
    // A batch size beyond any real export is corrupt data, not thousands of missing codes.
    if (size > 1000) continue;
    for (let index = 0; index < size; index++) {
      if (!indices.has(index)) missing.push({ batchId, index, size });
    }
  }
  const notices = missing.map(({ index, size }) => `QR code ${index + 1} of ${size} not scanned`);
  return ok({ entries, missing, notices });
}

export { encodeMigrationUris } from './migration-export.js';
