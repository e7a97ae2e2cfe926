// What a page gets from the offline copy while the server cannot be reached: as online, the
// accounts of its own site (names and ids, matched against both the frame and its tab), then one
// code. The copy's secrets stay in the background.
import { matchesSite } from '@twofold/otp/websites';
import type { SiteAccount } from '../lib/messages.js';
import type { StorageArea } from '../lib/sealed.js';
import { offlineCode, unlockedAccounts, type OfflineAccount } from './offline-copy.js';

async function matching(
  local: StorageArea,
  session: StorageArea,
  frameUrl: string | undefined,
  tabUrl: string | undefined,
): Promise<OfflineAccount[] | null> {
  const accounts = await unlockedAccounts(local, session);
  if (!accounts) return null;
  if (!frameUrl || !tabUrl) return [];
  return accounts.filter((a) => matchesSite(a.websites, frameUrl) && matchesSite(a.websites, tabUrl));
}

/** The site's accounts from the unlocked copy; null when the copy is locked or absent. */
export async function offlineSiteAccounts(
  local: StorageArea,
  session: StorageArea,
  frameUrl: string | undefined,
  tabUrl: string | undefined,
): Promise<SiteAccount[] | null> {
  const accounts = await matching(local, session, frameUrl, tabUrl);
  return (
    accounts?.map((a) => ({
      id: a.id,
      label: a.account ? `${a.service} (${a.account})` : a.service,
      hotp: a.otp_type === 'hotp',
    })) ?? null
  );
}

/**
 * One account's code from the unlocked copy, for a page of its site: `offline-locked` when the copy
 * is locked, `not-for-site`, or `hotp-offline` (the counter lives on the server: nothing is filled).
 */
export async function offlineSiteCode(
  local: StorageArea,
  session: StorageArea,
  id: number | null,
  frameUrl: string | undefined,
  tabUrl: string | undefined,
  nowSeconds: number = Date.now() / 1000,
): Promise<{ code: string } | { error: string }> {
  const accounts = await matching(local, session, frameUrl, tabUrl);
  if (!accounts) return { error: 'offline-locked' };
  const account = id === null ? accounts[0] : accounts.find((a) => a.id === id);
  if (!account) return { error: 'not-for-site' };
  const code = await offlineCode(account, nowSeconds);
  return 'password' in code ? { code: code.password } : code;
}
