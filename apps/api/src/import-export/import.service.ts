import type { ImportFailure, ImportRow as SourceRow } from '@twofold/import';
import { isStorableText } from '../http/validation.js';
import type { Deps } from '../shared/deps.js';
import { accountViews } from '../accounts/accounts.reads.js';
import { duplicateKey } from '../accounts/duplicates.js';
import { importedWebsites } from '../accounts/account-websites.js';
import { extForMime, sniffImage } from '../images/image-type.js';
import { fetchOfficialLogo, storePendingIcon } from '../icons/icons.service.js';
import { decodeQrImage } from '../qrcode/qrcode.service.js';
import { AppError, errors, message } from '../http/errors.js';
import type { Locale } from '../i18n/locales.js';
import { render, translate, type Message } from '../i18n/translate.js';
import { readNativeSettings } from '../settings/settings.queries.js';

/*
 * Import preview: @twofold/import reads the payload (every format, plain or encrypted, key
 * derivation in a worker thread); this module adds what needs the user's data: embedded icons
 * stored, official logos, duplicates of stored accounts marked -1, and messages in the caller's
 * language. Nothing but icon files is stored. The product's no-colon rule is not applied here: a
 * row whose account holds a colon previews normally and fails on save, naming the field.
 */

export interface ImportRow {
  id: number;
  group_id: null;
  otp_type: string;
  account: string;
  service: string | null;
  icon: string | null;
  secret?: string;
  digits: number;
  algorithm: string;
  period: number | null;
  counter: number | null;
  group: string | null;
  note?: string | null;
  tags?: readonly string[];
  recovery_codes?: readonly { code: string; used_at: string | null }[];
  websites?: readonly string[];
  favorite?: true;
}

export interface ImportPreview {
  readonly rows: ImportRow[];
  readonly notices: readonly string[];
  readonly skipped: number;
}

/** A text field holding U+0000 or a lone surrogate, which the database cannot store. */
function unstorableField(row: SourceRow): 'service' | 'account' | 'group' | undefined {
  return (['service', 'account', 'group'] as const).find((field) => {
    const value = row[field];
    return value !== null && !isStorableText(value);
  });
}

/** An embedded icon is stored when its bytes are of the declared type (GIF dropped). */
async function storeEmbeddedIcon(deps: Deps, icon: SourceRow['icon']): Promise<string | null> {
  if (!icon) return null;
  const bytes = Buffer.from(icon.bytes.buffer, icon.bytes.byteOffset, icon.bytes.byteLength);
  const declared = extForMime(icon.mime);
  const actual = sniffImage(bytes);
  if (!declared || declared === 'gif' || actual !== declared) return null;
  try {
    return (await storePendingIcon(deps, bytes, ['png', 'jpg', 'bmp', 'svg', 'webp'])) ?? null;
  } catch {
    return null;
  }
}

function invalidRow(row: SourceRow, error: NonNullable<SourceRow['error']>, locale: Locale): ImportRow {
  return {
    id: -2,
    group_id: null,
    otp_type: row.otp_type,
    account: row.account ?? translate(locale, 'account.invalid_account'),
    service: row.service ?? translate(locale, 'account.invalid_service'),
    icon: null,
    // The package's keys and parameters are the API catalogue's.
    secret: render(locale, error as Message),
    digits: 6,
    algorithm: 'sha1',
    period: 30,
    counter: null,
    group: row.group,
  };
}

/** Twofold's own row fields (`withExtras`): tags, websites; the note and recovery codes only with the secrets. */
async function rowExtras(row: SourceRow, withSecret: boolean) {
  const websites = row.websites && row.websites.length > 0 ? await importedWebsites(row.websites) : [];
  return {
    tags: row.tags ?? [],
    ...(websites.length > 0 ? { websites } : {}),
    ...(withSecret ? { note: row.note ?? null, recovery_codes: row.recovery_codes ?? [] } : {}),
  };
}

/** Preview rows from the package's rows: icons stored, duplicates -1, invalid entries -2. */
export async function toImportRows(
  deps: Deps,
  rows: readonly SourceRow[],
  options: { withSecret: boolean; withExtras?: boolean; locale: Locale },
): Promise<ImportRow[]> {
  const settings = await readNativeSettings(deps.db);
  const existing = new Set<string>();
  for (const view of await accountViews(deps)) existing.add(duplicateKey(view));
  const result: ImportRow[] = [];
  for (const row of rows) {
    if (row.error) {
      result.push(invalidRow(row, row.error, options.locale));
      continue;
    }
    const unstorable = unstorableField(row);
    if (unstorable) {
      result.push(
        invalidRow(
          row,
          {
            key: 'validation.regex',
            params: { attribute: unstorable },
            message: `The ${unstorable} field format is invalid.`,
          },
          options.locale,
        ),
      );
      continue;
    }
    const account = row.account ?? '';
    let icon = await storeEmbeddedIcon(deps, row.icon);
    if (!icon && row.service && settings.getOfficialIcons) {
      icon =
        (await fetchOfficialLogo(deps, row.service, {
          collection: settings.iconCollection,
          variant: settings.iconVariant,
          strict: settings.iconVariantStrictFetch,
        })) ?? null;
    }
    const duplicate = existing.has(duplicateKey({ ...row, account }));
    result.push({
      id: duplicate ? -1 : 0,
      group_id: null,
      otp_type: row.otp_type,
      account,
      service: row.service,
      icon,
      ...(options.withSecret ? { secret: row.secret } : {}),
      digits: row.digits,
      algorithm: row.algorithm,
      period: row.period,
      counter: row.counter,
      group: row.group,
      ...(options.withExtras ? await rowExtras(row, options.withSecret) : {}),
      ...(options.withExtras && row.favorite ? { favorite: true as const } : {}),
    });
  }
  return result;
}

/** A whole-payload failure as its 2FAuth-style answer (400, or 422 on `password`). */
export function importFailure(failure: ImportFailure): AppError {
  switch (failure.kind) {
    case 'no_format':
      return errors.business('error.migration_no_format');
    case 'unreadable':
      return errors.business('error.migration_unreadable', { app: failure.app });
    case 'password_required':
      // X-Import-App names the app, so that the password prompt can say which export it opens.
      return new AppError('business', message('error.migration_encrypted'), {
        reason: failure.reason,
        headers: { 'x-import-app': failure.app },
      });
    case 'wrong_password':
      return errors.invalidField('password', 'error.migration_wrong_password', { app: failure.app });
    case 'unsupported_encryption':
      return failure.cipher === undefined
        ? errors.business('error.migration_unsupported_encryption', { app: failure.app })
        : errors.business('error.migration_unsupported_cipher', { app: failure.app, cipher: failure.cipher });
    case 'account_key':
      return new AppError('business', message('error.migration_account_key'));
    case 'use_export':
      return errors.business('error.migration_use_export', { app: failure.app });
  }
}

/**
 * An uploaded photo or screenshot of an export QR code (Google Authenticator's "Transfer
 * accounts" screen) gives the code's text; any other input, or an image without a readable code,
 * is returned as it is. SVG is left out: XML exports would be taken for it.
 */
async function qrCodeText(input: string | Uint8Array): Promise<string | Uint8Array> {
  if (typeof input === 'string') return input;
  const bytes = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  const type = sniffImage(bytes);
  if (type === undefined || type === 'svg') return input;
  const decoded = await decodeQrImage(bytes);
  return decoded.kind === 'text' ? decoded.text : input;
}

/**
 * Reads an export (text or file bytes, optional password) into preview rows. Key derivation goes
 * through `deps.deriveKey` under the configured memory ceiling. Throws the failure's AppError.
 */
export async function previewImport(
  deps: Deps,
  input: string | Uint8Array,
  options: { password?: string; withSecret: boolean; withExtras?: boolean; locale: Locale },
): Promise<ImportPreview> {
  // The parsers (and their WASM KDFs) load with the first import, not at start.
  const { parseImport } = await import('@twofold/import');
  const result = await parseImport(await qrCodeText(input), {
    ...(options.password === undefined ? {} : { password: options.password }),
    deriveKey: deps.deriveKey,
    limits: { maxMemoryBytes: deps.config.IMPORT_KDF_MAX_MEMORY * 1024 * 1024 },
  });
  if (!result.ok) throw importFailure(result.failure);
  const rows = await toImportRows(deps, result.rows, options);
  return { rows, notices: result.notices, skipped: result.skipped };
}
