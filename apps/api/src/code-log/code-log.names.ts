import type { AppKeys } from '../config/app-key.js';
import { associatedData, decryptValue, encryptValue } from '../crypto/encryption.js';

/*
 * A log row keeps the account's service and account names, so that it still says which account
 * it was after the account is deleted for good. They are sealed with the app key whether or not
 * the accounts themselves are encrypted at rest: a copy of the database never shows them in clear.
 */

type NameColumn = 'service' | 'account';

const aad = (accountId: number, column: NameColumn) => associatedData('otp_log', column, accountId);

export function sealName(keys: AppKeys, accountId: number, column: NameColumn, value: string): string {
  return encryptValue(keys.current, value, aad(accountId, column));
}

/** The name in clear; null when none was kept (rows written before) or it cannot be opened. */
export function openName(
  keys: AppKeys,
  accountId: number,
  column: NameColumn,
  stored: string | null,
): string | null {
  if (stored === null) return null;
  const opened = decryptValue(keys, stored, aad(accountId, column));
  return opened.ok ? opened.value : null;
}
