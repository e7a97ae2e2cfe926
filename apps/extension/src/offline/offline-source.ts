// Where the offline copy's accounts come from: the server's list with secrets and favourites,
// read with the copy's own token of the `read` scope (the code-filling token never sees a secret),
// and shaped as the copy keeps them. Used when the copy is made and at each refresh while online.
import { createTwofold, TwofoldApiError } from '@twofold/contract';
import type { StorageArea } from '../lib/sealed.js';
import { eraseCopy, refreshCopy, type OfflineAccount } from './offline-copy.js';

export async function readOfflineAccounts(serverUrl: string, readToken: string): Promise<OfflineAccount[]> {
  const api = createTwofold({ baseUrl: serverUrl, token: readToken, timeout: 30_000 });
  const rows = await api.accounts.list({ withSecret: true, withExtras: true });
  return rows.map((row): OfflineAccount => ({
    id: row.id,
    service: row.service ?? '',
    account: row.account ?? null,
    otp_type: row.otp_type,
    secret: row.secret ?? '',
    digits: row.digits ?? 6,
    algorithm: row.algorithm ?? 'sha1',
    period: row.period ?? null,
    favorite: row.favorite === true,
    favorite_order: row.favorite_order ?? null,
    websites: row.websites ?? [],
  }));
}

/**
 * Refreshes the copy while online (no passphrase: records are sealed to its public key), and records
 * the refresh on the server (the device copy tied to the token). The copy's token revoked in
 * Settings (401), or the copy revoked there (404): the copy is erased at this contact. Unreachable:
 * it stays as is.
 */
export async function refreshFromServer(
  local: StorageArea,
  session: StorageArea,
  serverUrl: string,
  readToken: string,
  deviceCopyId: string | null = null,
): Promise<'refreshed' | 'erased' | 'none'> {
  let accounts: OfflineAccount[];
  try {
    accounts = await readOfflineAccounts(serverUrl, readToken);
    // A copy made before the server recorded extension copies has no device copy to refresh.
    if (deviceCopyId) {
      await createTwofold({ baseUrl: serverUrl, token: readToken }).deviceAuthorization.refreshCopy(
        deviceCopyId,
      );
    }
  } catch (error) {
    if (!(error instanceof TwofoldApiError && (error.status === 401 || error.status === 404))) throw error;
    await eraseCopy(local, session);
    return 'erased';
  }
  return (await refreshCopy(local, accounts, undefined, readToken)) ? 'refreshed' : 'none';
}
