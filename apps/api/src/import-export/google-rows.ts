import { decodeMigrationUris, type MigrationEntry, type OtpError } from '@twofold/otp';
import type { Message } from '../i18n/translate.js';
import { invalidRow, rowError, type SourceRow } from './rows.js';

/*
 * Google Authenticator migration URIs (formats.md §4) as import rows. @twofold/otp decodes them
 * (raw `+` kept, strict base64, 10-byte varints, batches); this file only maps its entries to rows.
 */

/** What the import endpoints accept as a migration line. */
export const MIGRATION_PREFIX = /^otpauth-migration:\/\/offline\?data=/i;

/** The largest period the database stores (an `integer` column). */
const MAX_PERIOD = 2_147_483_647;

function rowMessage(error: OtpError): Message {
  switch (error.field) {
    case 'otp_type':
      return rowError.unsupportedType;
    case 'algorithm':
      return rowError.algorithm;
    case 'digits':
      return rowError.digits;
    case 'counter':
      return rowError.counter;
    case 'account':
    case 'label':
      return rowError.label;
    default:
      return rowError.secret;
  }
}

function toRow(entry: MigrationEntry): SourceRow {
  if (!entry.ok) {
    const { service, account, otp_type } = entry;
    return invalidRow(rowMessage(entry.error), { service, account, otp_type });
  }
  const { image: _image, ...account } = entry.account;
  const period = account.period !== null && account.period > MAX_PERIOD ? 30 : account.period;
  return { ...account, period, icon: null, group: null };
}

export interface GoogleImport {
  readonly rows: SourceRow[];
  /** "QR code 2 of 3 not scanned" for each missing part of a batch. */
  readonly notices: string[];
}

/**
 * Decodes one or more migration URIs (one per line; formats.md §4.6): a QR code scanned twice
 * counts once; missing parts of a batch are reported. Undefined when any payload is unreadable
 * (400 for the whole import).
 */
export function decodeGoogleMigration(lines: readonly string[]): GoogleImport | undefined {
  const decoded = decodeMigrationUris(lines);
  if (!decoded.ok) return undefined;
  return { rows: decoded.value.entries.map(toRow), notices: [...decoded.value.notices] };
}
