import { isStorableText } from '../http/validation.js';
import type { Deps } from '../shared/deps.js';
import { withSteamRule } from '@twofold/otp';
import { accountViews } from '../accounts/accounts.reads.js';
import { extForMime, sniffImage } from '../icons/image-type.js';
import { fetchOfficialLogo, storePendingIcon } from '../icons/icons.service.js';
import { errors } from '../http/errors.js';
import type { Locale } from '../i18n/locales.js';
import { render, translate } from '../i18n/translate.js';
import { readNativeSettings } from '../settings/settings.queries.js';
import type { ImportResult } from './formats.js';
import type { SourceRow } from './rows.js';

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
}

const duplicateKey = (row: {
  secret: string;
  service: string | null;
  account: string;
  otp_type: string;
  digits: number;
  algorithm: string;
}) => JSON.stringify([row.secret, row.service ?? '', row.account, row.otp_type, row.digits, row.algorithm]);

/**
 * The account model of formats.md §0 on a source row: the Steam rule, then no `:` in `service` or
 * `account` (such an entry cannot become an account: an invalid row naming the field).
 */
/** A text field holding U+0000 or a lone surrogate, which the database cannot store. */
function unstorableField(row: SourceRow): 'service' | 'account' | 'group' | undefined {
  return (['service', 'account', 'group'] as const).find((field) => {
    const value = row[field];
    return value !== null && !isStorableText(value);
  });
}

function withModelRules(source: SourceRow): SourceRow {
  if (source.error) return source;
  const row = withSteamRule(source);
  for (const field of ['service', 'account'] as const) {
    if (row[field]?.includes(':')) {
      return { ...row, error: { key: 'validation.no_colon', params: { attribute: field } } };
    }
  }
  const unstorable = unstorableField(row);
  if (unstorable) return { ...row, error: { key: 'validation.regex', params: { attribute: unstorable } } };
  return row;
}

/** An embedded icon is stored when its bytes are of the declared type (GIF dropped). */
async function storeEmbeddedIcon(deps: Deps, icon: SourceRow['icon']): Promise<string | null> {
  if (!icon) return null;
  const declared = extForMime(icon.mime);
  const actual = sniffImage(icon.bytes);
  if (!declared || declared === 'gif' || actual !== declared) return null;
  try {
    return (await storePendingIcon(deps, icon.bytes, ['png', 'jpg', 'bmp', 'svg', 'webp'])) ?? null;
  } catch {
    return null;
  }
}

/**
 * Import rows (api.md §5.16): §5.0 rules on each valid row, icons stored, duplicates of stored
 * accounts marked -1, invalid entries -2 with the reason in `secret`. Nothing else is stored.
 */
export async function toImportRows(
  deps: Deps,
  rows: readonly SourceRow[],
  options: { withSecret: boolean; locale: Locale },
): Promise<ImportRow[]> {
  const settings = await readNativeSettings(deps.db);
  const existing = new Set<string>();
  for (const view of await accountViews(deps)) existing.add(duplicateKey(view));
  const result: ImportRow[] = [];
  for (const entry of rows) {
    const row = withModelRules(entry);
    if (row.error) {
      result.push({
        id: -2,
        group_id: null,
        otp_type: row.otp_type,
        account: row.account ?? translate(options.locale, 'account.invalid_account'),
        service: row.service ?? translate(options.locale, 'account.invalid_service'),
        icon: null,
        secret: render(options.locale, row.error),
        digits: 6,
        algorithm: 'sha1',
        period: 30,
        counter: null,
        group: row.group,
      });
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
    });
  }
  return result;
}

/** A whole-payload failure as its 400 answer. */
export function importFailure(result: Extract<ImportResult, { ok: false }>) {
  return result.failure.kind === 'no_format'
    ? errors.business('error.migration_no_format')
    : errors.business('error.migration_unreadable', { app: result.failure.app });
}
