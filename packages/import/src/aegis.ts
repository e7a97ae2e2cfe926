import { openVault, VaultError, type VaultErrorCode } from '@twofold/vault';
import { derive, type DecryptContext } from './context.js';
import {
  isObject,
  passwordRequired,
  str,
  success,
  unreadable,
  unsupportedEncryption,
  wrongPassword,
  type Json,
} from './failures.js';
import { embeddedIcon } from './json-formats.js';
import { buildRow, invalidRow, rowError } from './rows.js';
import type { ImportResult, ImportRow } from './types.js';

/*
 * Aegis vaults, plain and encrypted. db v1 has no groups, v2 a group name per entry, v3 group
 * uuids resolved through `db.groups`. An encrypted vault wraps a random master key in slots; only
 * password slots (scrypt) can be opened here. The format itself belongs to @twofold/vault.
 */

const AEGIS_TYPES: Readonly<Record<string, string>> = {
  totp: 'totp',
  hotp: 'hotp',
  steam: 'steamtotp',
  steamtotp: 'steamtotp',
};
const AEGIS_ICON_MIMES = ['image/svg+xml', 'image/png', 'image/jpeg', 'image/webp'];

export const isAegis = (json: Json): boolean => 'db' in json && 'header' in json;
export const isAegisEncrypted = (json: Json): boolean =>
  typeof json.db === 'string' && isObject(json.header) && Array.isArray(json.header.slots);

/** The names of the entry's groups: v2's one name, v3's uuids resolved (unknown ones skipped). */
function entryGroups(entry: Json, groups: ReadonlyMap<string, string>): string[] {
  if (typeof entry.group === 'string' && entry.group.trim() !== '') return [entry.group];
  if (!Array.isArray(entry.groups)) return [];
  return entry.groups.flatMap((uuid) => {
    const name = groups.get(str(uuid) ?? '');
    return name === undefined ? [] : [name];
  });
}

/** What an entry keeps beside the account: its note, every group as a tag, our recovery codes and websites. */
function entryExtras(entry: Json, groupNames: readonly string[]): Partial<ImportRow> {
  const note = str(entry.note);
  const own =
    isObject(entry.twofold) && Array.isArray(entry.twofold.recovery_codes)
      ? entry.twofold.recovery_codes
      : [];
  const codes = own.flatMap((item) =>
    isObject(item) && typeof item.code === 'string'
      ? [{ code: item.code, used_at: typeof item.used_at === 'string' ? item.used_at : null }]
      : [],
  );
  const sites =
    isObject(entry.twofold) && Array.isArray(entry.twofold.websites) ? entry.twofold.websites : [];
  const websites = sites.filter((site): site is string => typeof site === 'string');
  return {
    ...(note !== null && note.trim() !== '' ? { note } : {}),
    ...(groupNames.length > 0 ? { tags: groupNames } : {}),
    ...(codes.length > 0 ? { recovery_codes: codes } : {}),
    ...(websites.length > 0 ? { websites } : {}),
  };
}

function aegisEntry(value: unknown, groups: ReadonlyMap<string, string>): ImportRow {
  if (!isObject(value)) return invalidRow(rowError.unsupportedType);
  const info = isObject(value.info) ? value.info : {};
  const issuer = str(value.issuer);
  const name = str(value.name);
  const type = AEGIS_TYPES[(str(value.type) ?? '').toLowerCase()] ?? '';
  const icon = value.icon === 'null' ? null : embeddedIcon(value.icon, value.icon_mime, AEGIS_ICON_MIMES);
  const groupNames = entryGroups(value, groups);
  const row = buildRow({
    otp_type: type,
    service: issuer,
    account: name !== null && name.trim() !== '' ? name : issuer,
    secret: str(info.secret),
    digits: typeof info.digits === 'number' ? info.digits : info.digits === undefined ? null : NaN,
    algorithm: info.algo === undefined ? null : (str(info.algo) ?? ''),
    period: typeof info.period === 'number' ? info.period : info.period === undefined ? null : NaN,
    counter: typeof info.counter === 'number' ? info.counter : info.counter === undefined ? null : NaN,
    icon,
    group: groupNames[0] ?? null,
  });
  if (row.error) return row;
  return {
    ...row,
    ...entryExtras(value, groupNames),
    ...(value.favorite === true ? { favorite: true as const } : {}),
  };
}

/** Rows of a plain (or decrypted) Aegis db object. */
export function aegisDbRows(db: unknown): ImportResult {
  if (!isObject(db) || !Array.isArray(db.entries)) return unreadable('Aegis');
  const groups = new Map<string, string>();
  if (Array.isArray(db.groups)) {
    for (const group of db.groups) {
      if (isObject(group) && typeof group.uuid === 'string' && typeof group.name === 'string')
        groups.set(group.uuid, group.name);
    }
  }
  return success(
    'aegis',
    'Aegis',
    db.entries.map((entry) => aegisEntry(entry, groups)),
  );
}

const FAILURES: Readonly<Record<VaultErrorCode, (app: 'Aegis') => ImportResult>> = {
  malformed: unreadable,
  bad_content: unreadable,
  no_password_slot: unsupportedEncryption,
  unsupported_kdf: unsupportedEncryption,
  wrong_password: wrongPassword,
  wrong_key: wrongPassword,
  // GCM cannot tell a wrong master key from a changed db: Aegis reports both as a wrong password.
  tampered: wrongPassword,
};

/**
 * Aegis with password slots, opened by @twofold/vault: the first slot that authenticates gives the
 * master key. Each slot's scrypt goes through `derive` (the caps, the caller's veto, the injected
 * derivation), whose typed aborts pass through the vault unchanged.
 */
export async function parseAegisEncrypted(json: Json, ctx: DecryptContext): Promise<ImportResult> {
  if (ctx.password === null) return passwordRequired('Aegis');
  let db: unknown;
  try {
    ({ db } = await openVault(json, ctx.password, { kdf: (request) => derive(ctx, 'Aegis', request) }));
  } catch (error) {
    if (error instanceof VaultError) return FAILURES[error.code]('Aegis');
    throw error;
  }
  return aegisDbRows(db);
}
