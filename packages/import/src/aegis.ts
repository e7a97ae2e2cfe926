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

function entryGroup(entry: Json, groups: ReadonlyMap<string, string>): string | null {
  if (typeof entry.group === 'string' && entry.group.trim() !== '') return entry.group;
  if (Array.isArray(entry.groups)) {
    const first = str(entry.groups[0]);
    return first === null ? null : (groups.get(first) ?? null);
  }
  return null;
}

function aegisEntry(value: unknown, groups: ReadonlyMap<string, string>): ImportRow {
  if (!isObject(value)) return invalidRow(rowError.unsupportedType);
  const info = isObject(value.info) ? value.info : {};
  const issuer = str(value.issuer);
  const name = str(value.name);
  const type = AEGIS_TYPES[(str(value.type) ?? '').toLowerCase()] ?? '';
  const icon = value.icon === 'null' ? null : embeddedIcon(value.icon, value.icon_mime, AEGIS_ICON_MIMES);
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
    group: entryGroup(value, groups),
  });
  return value.favorite === true && !row.error ? { ...row, favorite: true } : row;
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
