import type { PasswordSlot } from '@twofold/vault';
import type { Deps } from '../shared/deps.js';
import { translate, type MessageKey } from '../i18n/translate.js';
import type { Locale } from '../i18n/locales.js';
import { recipientLocale } from '../settings/recipient-locale.js';
import { stamp, writeAtomically } from './backup-files.js';
import { sealVault } from '@twofold/vault';

/*
 * The break-glass file: the accounts sealed exactly as a backup (the backup password's slot and
 * vault key) inside one HTML page that opens them offline in any browser (@twofold/vault/break-glass).
 * Icons are left out, to keep the file small. The page's words are the user's language (their
 * `lang` setting, else the asking request's).
 */

/** Its name in the backup folder: one file, replaced by each backup run that writes it. */
export const BREAK_GLASS_NAME = 'twofold-break-glass.html';

const RTL: ReadonlySet<Locale> = new Set(['ar', 'fa']);

export interface BreakGlassFile {
  readonly name: string;
  readonly bytes: Buffer;
}

/** The file for `db` (an Aegis db, as the backups write it), sealed with the backup vault's key. */
export async function breakGlassFile(
  deps: Deps,
  db: Record<string, unknown>,
  keys: { slot: PasswordSlot; masterKey: Uint8Array },
  requestLocale: Locale,
): Promise<BreakGlassFile> {
  const { BREAK_GLASS_STRING_KEYS, breakGlassHtml } = await import('@twofold/vault/break-glass');
  const locale = await recipientLocale(deps.db, requestLocale);
  const entries = Array.isArray(db.entries) ? (db.entries as Record<string, unknown>[]) : [];
  const withoutIcons = {
    ...db,
    entries: entries.map((entry) => ({ ...entry, icon: null, icon_mime: null, icon_hash: null })),
  };
  const vault = await sealVault(withoutIcons, [keys.slot], keys.masterKey);
  const strings = Object.fromEntries(
    BREAK_GLASS_STRING_KEYS.map((key) => [key, translate(locale, `breakglass.${key}` as MessageKey)]),
  ) as Record<(typeof BREAK_GLASS_STRING_KEYS)[number], string>;
  const now = deps.clock.now();
  const html = breakGlassHtml({
    vault,
    createdAt: now,
    lang: locale,
    dir: RTL.has(locale) ? 'rtl' : 'ltr',
    strings,
  });
  return { name: `twofold-break-glass-${stamp(now)}.html`, bytes: Buffer.from(html, 'utf8') };
}

/**
 * Writes the file into the backup folder as `BREAK_GLASS_NAME` (atomically, over the previous
 * one). A backup run calls it when the setting is on; a remote destination can carry the same bytes.
 */
export async function writeBreakGlass(deps: Deps, file: BreakGlassFile): Promise<void> {
  await writeAtomically(deps.config.backupDir, BREAK_GLASS_NAME, file.bytes);
}
