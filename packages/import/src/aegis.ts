import { derive, hexBytes, utf8, wrong, type DecryptContext } from './context.js';
import { aesGcmDecrypt } from './crypto.js';
import {
  ImportAbort,
  isObject,
  passwordRequired,
  str,
  success,
  unreadable,
  unsupportedEncryption,
  type Json,
} from './failures.js';
import { embeddedIcon } from './json-formats.js';
import { buildRow, invalidRow, rowError } from './rows.js';
import { decodeBase64 } from '@twofold/otp';
import type { ImportResult, ImportRow } from './types.js';

/*
 * Aegis vaults, plain and encrypted. db v1 has no groups, v2 a group name per entry, v3 group
 * uuids resolved through `db.groups`. An encrypted vault wraps a random master key in slots; only
 * password slots (scrypt) can be opened here.
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
  return buildRow({
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

interface PasswordSlot {
  readonly key: Uint8Array;
  readonly nonce: Uint8Array;
  readonly tag: Uint8Array;
  readonly salt: Uint8Array;
  readonly n: number;
  readonly r: number;
  readonly p: number;
}

function passwordSlots(slots: readonly unknown[]): PasswordSlot[] {
  const out: PasswordSlot[] = [];
  for (const slot of slots) {
    if (!isObject(slot) || slot.type !== 1) continue;
    const params = isObject(slot.key_params) ? slot.key_params : {};
    const key = hexBytes(slot.key, 32);
    const nonce = hexBytes(params.nonce, 12);
    const tag = hexBytes(params.tag, 16);
    const salt = hexBytes(slot.salt);
    const { n, r, p } = slot;
    if (
      !key ||
      !nonce ||
      !tag ||
      !salt ||
      typeof n !== 'number' ||
      typeof r !== 'number' ||
      typeof p !== 'number'
    )
      throw new ImportAbort(unreadable('Aegis'));
    out.push({ key, nonce, tag, salt, n, r, p });
  }
  return out;
}

/** Aegis with password slots: scrypt per slot, the first that authenticates gives the master key. */
export async function parseAegisEncrypted(json: Json, ctx: DecryptContext): Promise<ImportResult> {
  if (ctx.password === null) return passwordRequired('Aegis');
  const header = json.header as Json;
  const slots = passwordSlots(header.slots as unknown[]);
  if (slots.length === 0) return unsupportedEncryption('Aegis');
  const params = isObject(header.params) ? header.params : {};
  const nonce = hexBytes(params.nonce, 12);
  const tag = hexBytes(params.tag, 16);
  const content = decodeBase64(String(json.db).replace(/\s+/g, ''));
  if (!nonce || !tag || !content) return unreadable('Aegis');
  let masterKey: Uint8Array | null = null;
  for (const slot of slots) {
    const key = await derive(ctx, 'Aegis', {
      algorithm: 'scrypt',
      password: ctx.password,
      salt: slot.salt,
      N: slot.n,
      r: slot.r,
      p: slot.p,
      length: 32,
      memoryBytes: 128 * slot.n * slot.r,
    });
    masterKey = await aesGcmDecrypt(key, slot.nonce, slot.key, slot.tag);
    if (masterKey) break;
  }
  if (!masterKey) wrong('Aegis');
  const plain = await aesGcmDecrypt(masterKey, nonce, content, tag);
  if (!plain) wrong('Aegis');
  const text = utf8(plain);
  if (text === null) return unreadable('Aegis');
  let db: unknown;
  try {
    db = JSON.parse(text);
  } catch {
    return unreadable('Aegis');
  }
  return aegisDbRows(db);
}
