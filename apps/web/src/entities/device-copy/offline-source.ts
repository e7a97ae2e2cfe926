import { canComputeInBrowser, webTotpCodes } from '@twofold/otp/browser';
import { ApiError } from '../../api/client';
import { serverNow } from '../../api/server-time';
import type { VaultSource } from '../data-source';
import { unlockedContent, type CopyContent } from './device-copy';

/** The texts the source answers with, in the interface language (given by the unlock screen). */
export interface OfflineSourceTexts {
  readonly locked: string;
  readonly needsServerForCode: string;
}

let texts: OfflineSourceTexts = { locked: 'locked', needsServerForCode: 'needs the server' };

export function setOfflineSourceTexts(given: OfflineSourceTexts): void {
  texts = given;
}

function content(): CopyContent {
  const current = unlockedContent();
  // Locked meanwhile (auto-lock): the screens' error handling takes the user back to unlocking.
  if (!current) throw new ApiError(503, { message: texts.locked });
  return current;
}

function find(id: number) {
  const account = content().accounts.find((item) => item.id === id);
  if (!account) throw new ApiError(404, { message: 'not found' });
  return account;
}

/**
 * The device's copy as the source of the accounts, groups and codes, once unlocked: the same
 * answers as the server's. TOTP and Steam codes are computed here; an HOTP code moves a counter
 * that lives on the server, so it is never computed from the copy.
 */
export const offlineVaultSource: VaultSource = {
  listAccounts: () =>
    Promise.resolve(
      content().accounts.map((account) => {
        const { secret: _secret, ...listed } = account;
        return listed;
      }),
    ),
  listAccountsWithSecrets: () => Promise.resolve(content().accounts),
  account: (id) => Promise.resolve(find(id)),
  listGroups: () => Promise.resolve(content().groups),
  group: (id) => {
    const group = content().groups.find((item) => item.id === id);
    if (!group) return Promise.reject(new ApiError(404, { message: 'not found' }));
    return Promise.resolve(group);
  },
  // Null when this device's copy does not keep notes and recovery codes (the user's choice).
  recovery: (id) => {
    const { extras } = content();
    find(id);
    if (!extras) return Promise.resolve(null);
    return Promise.resolve(extras[id] ?? { note: null, recovery_codes: [] });
  },
  otp: async (id) => {
    const account = find(id);
    if (account.secret === undefined || !canComputeInBrowser(account)) {
      throw new Error(texts.needsServerForCode);
    }
    const now = serverNow() / 1000;
    const codes = await webTotpCodes({ ...account, secret: account.secret }, now);
    if (!codes) throw new Error(texts.needsServerForCode);
    return {
      password: codes.password,
      next_password: codes.next_password,
      otp_type: account.otp_type,
      period: codes.period,
      generated_at: Math.floor(now),
    };
  },
};
