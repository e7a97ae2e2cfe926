import { isObject, str, success, unreadable, type Json } from './failures.js';
import { buildRow, rowFromUri, withLabelAccount } from './rows.js';
import type { ImportResult, ImportRow } from './types.js';

/*
 * Password managers' JSON that holds TOTP secrets next to logins: Proton Pass (`data.json` of its
 * zip export) and 1Password (`export.data` of a `.1pux`). An item's TOTP is an otpauth URI or a
 * bare base32 secret; items without one are skipped (counted).
 */

const text = (value: unknown): string | null => {
  const plain = str(value)?.trim() ?? '';
  return plain === '' ? null : plain;
};

/** A row from a TOTP value that is an otpauth URI or a bare secret. */
function totpRow(
  value: string,
  service: string | null,
  account: string | null,
  group: string | null,
): ImportRow {
  if (/^[a-z]+:\/\//i.test(value)) return rowFromUri(withLabelAccount(value, account ?? service), { group });
  return buildRow({ otp_type: 'totp', service, account: account ?? service, secret: value, group });
}

/** Proton Pass's `data.json`: `{version, encrypted, vaults: {id: {name, items: [...]}}}`. */
export const isProtonPass = (json: Json): boolean => 'version' in json && isObject(json.vaults);

/** Proton Pass item states: 1 active, 2 trashed. */
const PROTON_TRASHED = 2;

export function parseProtonPass(json: Json, maxEntries: number): ImportResult {
  if (!isObject(json.vaults) || json.encrypted === true) return unreadable('Proton Pass');
  const rows: ImportRow[] = [];
  let skipped = 0;
  for (const vault of Object.values(json.vaults)) {
    if (!isObject(vault) || !Array.isArray(vault.items)) return unreadable('Proton Pass');
    if (rows.length + skipped + vault.items.length > maxEntries) return unreadable('Proton Pass');
    const group = text(vault.name);
    for (const item of vault.items as unknown[]) {
      if (!isObject(item) || !isObject(item.data)) return unreadable('Proton Pass');
      const data = item.data;
      const content = isObject(data.content) ? data.content : {};
      const name = isObject(data.metadata) ? text(data.metadata.name) : null;
      const user = text(content.itemUsername) ?? text(content.itemEmail) ?? text(content.username);
      // The login's TOTP field, then the item's extra TOTP fields.
      const uris = [text(content.totpUri)];
      for (const field of Array.isArray(data.extraFields) ? data.extraFields : [])
        if (isObject(field) && field.type === 'totp' && isObject(field.data))
          uris.push(text(field.data.totpUri));
      const found = uris.filter((uri): uri is string => uri !== null);
      if (item.state === PROTON_TRASHED || found.length === 0) {
        skipped++;
        continue;
      }
      for (const uri of found) rows.push(totpRow(uri, name, user, group));
    }
  }
  return success('proton-pass', 'Proton Pass', rows, { skipped });
}

/** 1Password's `export.data`: `{accounts: [{vaults: [{attrs: {name}, items: [...]}]}]}`. */
export const isOnePassword = (json: Json): boolean =>
  Array.isArray(json.accounts) &&
  json.accounts.length > 0 &&
  json.accounts.every((account) => isObject(account) && Array.isArray(account.vaults));

function onePasswordUser(details: Json): string | null {
  for (const field of Array.isArray(details.loginFields) ? details.loginFields : [])
    if (isObject(field) && field.designation === 'username') return text(field.value);
  return null;
}

/** The TOTP values of an item's sections (`value.totp`). */
function onePasswordTotps(details: Json): string[] {
  const found: string[] = [];
  for (const section of Array.isArray(details.sections) ? details.sections : []) {
    if (!isObject(section) || !Array.isArray(section.fields)) continue;
    for (const field of section.fields) {
      const totp = isObject(field) && isObject(field.value) ? text(field.value.totp) : null;
      if (totp !== null) found.push(totp);
    }
  }
  return found;
}

export function parseOnePassword(json: Json, maxEntries: number): ImportResult {
  const rows: ImportRow[] = [];
  let skipped = 0;
  for (const account of Array.isArray(json.accounts) ? json.accounts : []) {
    for (const vault of isObject(account) && Array.isArray(account.vaults) ? account.vaults : []) {
      if (!isObject(vault) || !Array.isArray(vault.items)) return unreadable('1Password');
      if (rows.length + skipped + vault.items.length > maxEntries) return unreadable('1Password');
      const group = isObject(vault.attrs) ? text(vault.attrs.name) : null;
      for (const item of vault.items as unknown[]) {
        if (!isObject(item)) return unreadable('1Password');
        const details = isObject(item.details) ? item.details : {};
        const overview = isObject(item.overview) ? item.overview : {};
        const totps = onePasswordTotps(details);
        if (item.state === 'trashed' || totps.length === 0) {
          skipped++;
          continue;
        }
        const title = text(overview.title);
        const user = onePasswordUser(details) ?? text(overview.subtitle);
        for (const totp of totps) rows.push(totpRow(totp, title, user, group));
      }
    }
  }
  return success('1password', '1Password', rows, { skipped });
}
