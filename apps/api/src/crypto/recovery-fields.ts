import type { AppKeys } from '../config/app-key.js';
import { associatedData, decryptValue, encryptValue } from './encryption.js';

/*
 * An account's note and recovery codes at rest: the same cipher as the secret, bound to their
 * table, column and account, so a value copied to another account does not decrypt.
 */

export type RecoveryColumn = 'note' | 'code';
const TABLE_OF: Record<RecoveryColumn, string> = { note: 'account_notes', code: 'recovery_codes' };

export function sealRecoveryValue(key: Buffer, column: RecoveryColumn, accountId: number, value: string) {
  return encryptValue(key, value, associatedData(TABLE_OF[column], column, accountId));
}

/** The clear value (`stale`: under a previous key), or undefined when no key opens it. */
export function openRecoveryValue(
  keys: AppKeys,
  column: RecoveryColumn,
  accountId: number,
  stored: string,
): { value: string; stale: boolean } | undefined {
  const result = decryptValue(keys, stored, associatedData(TABLE_OF[column], column, accountId));
  return result.ok ? { value: result.value, stale: result.keyIndex > 0 } : undefined;
}
