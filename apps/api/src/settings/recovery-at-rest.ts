import type { AppKeys } from '../config/app-key.js';
import type { Transaction } from '../db/database.js';
import { openRecoveryValue, sealRecoveryValue, type RecoveryColumn } from '../crypto/recovery-fields.js';

/**
 * Rewrites every note and recovery code with the accounts when encryption at rest is switched
 * (`seal`, `open`) or the key rotates (`rotate`: values under a previous key, under the current
 * one). Returns false when a value cannot be decrypted (`open`): the caller rolls back.
 */
export async function rewriteRecoveryValues(
  trx: Transaction,
  keys: AppKeys,
  mode: 'seal' | 'open' | 'rotate',
): Promise<boolean> {
  const notes = await trx
    .selectFrom('account_notes')
    .select(['account_id', 'note'])
    .orderBy('account_id')
    .forUpdate()
    .execute();
  const codes = await trx
    .selectFrom('recovery_codes')
    .select(['id', 'account_id', 'code'])
    .orderBy('id')
    .forUpdate()
    .execute();
  const next = (column: RecoveryColumn, accountId: number, stored: string): string | null | undefined => {
    if (mode === 'seal') return sealRecoveryValue(keys.current, column, accountId, stored);
    const opened = openRecoveryValue(keys, column, accountId, stored);
    if (mode === 'open') return opened ? opened.value : undefined;
    // Rotation keeps what no key opens, and what is already under the current key.
    return opened?.stale ? sealRecoveryValue(keys.current, column, accountId, opened.value) : null;
  };
  for (const row of notes) {
    const value = next('note', row.account_id, row.note);
    if (value === undefined) return false;
    if (value !== null)
      await trx
        .updateTable('account_notes')
        .set({ note: value })
        .where('account_id', '=', row.account_id)
        .execute();
  }
  for (const row of codes) {
    const value = next('code', row.account_id, row.code);
    if (value === undefined) return false;
    if (value !== null)
      await trx.updateTable('recovery_codes').set({ code: value }).where('id', '=', row.id).execute();
  }
  return true;
}
