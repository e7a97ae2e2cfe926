import type { Deps } from '../shared/deps.js';
import { sql } from 'kysely';
import type { Transaction } from '../db/database.js';
import { errors } from '../http/errors.js';
import { readNativeSetting, writeNativeSetting } from './settings.queries.js';
import { openFields, sealFields, type SensitiveFields } from '../crypto/account-fields.js';
import { rewriteRecoveryValues } from './recovery-at-rest.js';

class DecryptionFailure extends Error {}

/** Advisory lock key of the encryption state ("2fa_enc"). */
const ENCRYPTION_LOCK = 0x32_66_61_65;

/**
 * Serialises account writes with an encryption switch (never a mix of clear and encrypted rows):
 * writers take the lock shared, read `useEncryption` and write in that form; the switch takes it
 * exclusively. Held until the transaction ends. (A row lock on the setting would not do: the
 * setting has no row until it is first changed.)
 */
export async function lockEncryptionState(trx: Transaction, mode: 'shared' | 'exclusive'): Promise<void> {
  if (mode === 'shared') await sql`select pg_advisory_xact_lock_shared(${ENCRYPTION_LOCK})`.execute(trx);
  else await sql`select pg_advisory_xact_lock(${ENCRYPTION_LOCK})`.execute(trx);
}

/** Whether account values are to be written encrypted, the lock above held shared. */
export async function encryptionForWrite(trx: Transaction): Promise<boolean> {
  await lockEncryptionState(trx, 'shared');
  return readNativeSetting(trx, 'useEncryption');
}

async function lockAllAccounts(trx: Transaction) {
  return trx
    .selectFrom('twofaccounts')
    .select(['id', 'service', 'account', 'secret', 'uri'])
    .orderBy('id')
    .forUpdate()
    .execute();
}

async function writeFields(trx: Transaction, id: number, fields: SensitiveFields): Promise<void> {
  await trx.updateTable('twofaccounts').set(fields).where('id', '=', id).execute();
}

/**
 * Turns encryption at rest on or off: every account row is rewritten in one
 * transaction with the rows locked, then the setting changes, so the database is never half
 * protected. Same value as now: nothing to do.
 */
export async function switchEncryption(deps: Deps, enable: boolean): Promise<void> {
  const { db, keys, clock } = deps;
  try {
    await db.transaction().execute(async (trx) => {
      // Two concurrent switches, and account writes, serialise here.
      await lockEncryptionState(trx, 'exclusive');
      const current = await readNativeSetting(trx, 'useEncryption');
      if (current === enable) return;
      for (const row of await lockAllAccounts(trx)) {
        if (enable) {
          await writeFields(trx, row.id, sealFields(keys.current, row.id, row));
        } else {
          const opened = openFields(keys, row.id, row, true);
          if (opened.failed.length > 0) throw new DecryptionFailure();
          await writeFields(trx, row.id, opened.fields);
        }
      }
      // Notes and recovery codes follow the secrets.
      if (!(await rewriteRecoveryValues(trx, keys, enable ? 'seal' : 'open'))) throw new DecryptionFailure();
      await writeNativeSetting(trx, 'useEncryption', enable, clock.now());
    });
  } catch (error) {
    if (!enable) {
      if (!(error instanceof DecryptionFailure)) deps.log.error({ err: error }, 'decryption at rest failed');
      throw errors.business('error.decryption_failed');
    }
    deps.log.error({ err: error }, 'encryption at rest failed');
    throw errors.business('error.encryption_failed');
  }
}

/**
 * Key rotation: values still under an APP_PREVIOUS_KEYS key are re-encrypted
 * under APP_KEY, in one transaction. Values no key opens are left as they are.
 */
export async function reencryptStaleValues(deps: Deps): Promise<number> {
  if (deps.keys.previous.length === 0) return 0;
  return reencrypt(deps);
}

async function reencrypt(deps: Deps): Promise<number> {
  const { db, keys } = deps;
  return db.transaction().execute(async (trx) => {
    await lockEncryptionState(trx, 'exclusive');
    if (!(await readNativeSetting(trx, 'useEncryption'))) return 0;
    let count = 0;
    await rewriteRecoveryValues(trx, keys, 'rotate');
    for (const row of await lockAllAccounts(trx)) {
      const opened = openFields(keys, row.id, row, true);
      if (!opened.stale) continue;
      // Keep what could not be decrypted exactly as stored; rewrite the rest under the current key.
      const sealed = sealFields(keys.current, row.id, opened.fields);
      const next: SensitiveFields = {
        service: opened.failed.includes('service') ? row.service : sealed.service,
        account: opened.failed.includes('account') ? row.account : sealed.account,
        secret: opened.failed.includes('secret') ? row.secret : sealed.secret,
        uri: opened.failed.includes('uri') ? row.uri : sealed.uri,
      };
      await writeFields(trx, row.id, next);
      count += 1;
    }
    return count;
  });
}
