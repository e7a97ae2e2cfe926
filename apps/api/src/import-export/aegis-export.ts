import { createHash, randomUUID } from 'node:crypto';
import type { EncryptedVault, PlainVault } from '@twofold/vault';
import type { AccountView } from '../accounts/accounts.mapper.js';

/*
 * The Aegis-compatible vault we export: db version 3, one random uuid per entry and per group,
 * plain or encrypted with a password slot. The vault format (slots, scrypt, AES-256-GCM) is
 * @twofold/vault's; this file builds the db.
 */

export interface AegisIcon {
  readonly bytes: Buffer;
  readonly mime: string;
}

export type AegisVault = PlainVault<Record<string, unknown>> | EncryptedVault;

const AEGIS_TYPE: Readonly<Record<string, string>> = { totp: 'totp', hotp: 'hotp', steamtotp: 'steam' };

/** What an entry carries beside the account: its note, its tags' names and its recovery codes. */
export interface AegisExtras {
  readonly note: string | null;
  readonly tags: readonly string[];
  readonly recoveryCodes: readonly { code: string; used_at: string | null }[];
  readonly websites?: readonly string[];
}

/**
 * The db object (version 3) of the given accounts; `groupNames` maps our group ids to names. An
 * entry's groups are the account's group first, then its tags (Aegis lets an entry sit in several
 * groups); one uuid per name, whatever its case.
 */
export function aegisDb(
  accounts: readonly { view: AccountView; icon: AegisIcon | undefined; extras?: AegisExtras }[],
  groupNames: ReadonlyMap<number, string>,
): Record<string, unknown> {
  const uuids = new Map<string, { uuid: string; name: string }>();
  const uuidOf = (name: string) => {
    const known = uuids.get(name.toLowerCase()) ?? { uuid: randomUUID(), name };
    uuids.set(name.toLowerCase(), known);
    return known.uuid;
  };
  const entries = accounts.map(({ view, icon, extras }) => {
    const groupName = view.group_id === null ? undefined : groupNames.get(view.group_id);
    const names = [...(groupName === undefined ? [] : [groupName]), ...(extras?.tags ?? [])];
    const groups = [...new Set(names.map(uuidOf))];
    const counterOrPeriod =
      view.otp_type === 'hotp' ? { counter: view.counter ?? 0 } : { period: view.period ?? 30 };
    return {
      type: AEGIS_TYPE[view.otp_type] ?? view.otp_type,
      uuid: randomUUID(),
      name: view.account,
      issuer: view.service ?? '',
      note: extras?.note ?? '',
      favorite: view.favorite,
      icon: icon ? icon.bytes.toString('base64') : null,
      icon_mime: icon ? icon.mime : null,
      icon_hash: icon ? createHash('sha256').update(icon.bytes).digest('hex') : null,
      info: {
        secret: view.secret.replace(/=+$/, '').toUpperCase(),
        algo: view.algorithm.toUpperCase(),
        digits: view.digits,
        ...counterOrPeriod,
      },
      groups,
      // Aegis has no place for recovery codes or websites: a key of our own, which Aegis ignores.
      ...(extras ? twofoldKey(extras) : {}),
    };
  });
  return {
    version: 3,
    entries,
    groups: [...uuids.values()].map(({ uuid, name }) => ({ uuid, name })),
  };
}

/** The entry's `twofold` key: recovery codes and websites, when it has any. */
function twofoldKey(extras: AegisExtras) {
  const websites = extras.websites ?? [];
  if (extras.recoveryCodes.length === 0 && websites.length === 0) return {};
  return {
    twofold: {
      ...(extras.recoveryCodes.length > 0 ? { recovery_codes: extras.recoveryCodes } : {}),
      ...(websites.length > 0 ? { websites } : {}),
    },
  };
}
