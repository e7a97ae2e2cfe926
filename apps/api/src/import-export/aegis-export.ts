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

/** The db object (version 3) of the given accounts; `groupNames` maps our group ids to names. */
export function aegisDb(
  accounts: readonly { view: AccountView; icon: AegisIcon | undefined }[],
  groupNames: ReadonlyMap<number, string>,
): Record<string, unknown> {
  const groupUuids = new Map<number, string>();
  const entries = accounts.map(({ view, icon }) => {
    let groups: string[] = [];
    const groupName = view.group_id === null ? undefined : groupNames.get(view.group_id);
    if (view.group_id !== null && groupName !== undefined) {
      const uuid = groupUuids.get(view.group_id) ?? randomUUID();
      groupUuids.set(view.group_id, uuid);
      groups = [uuid];
    }
    const counterOrPeriod =
      view.otp_type === 'hotp' ? { counter: view.counter ?? 0 } : { period: view.period ?? 30 };
    return {
      type: AEGIS_TYPE[view.otp_type] ?? view.otp_type,
      uuid: randomUUID(),
      name: view.account,
      issuer: view.service ?? '',
      note: '',
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
    };
  });
  return {
    version: 3,
    entries,
    groups: [...groupUuids].map(([id, uuid]) => ({ uuid, name: groupNames.get(id) ?? '' })),
  };
}
