import type { FastifyInstance } from 'fastify';
import type { Transaction } from '../db/database.js';
import { errors } from '../http/errors.js';
import { readNativeSetting, writeNativeSetting } from '../settings/settings.queries.js';
import { openFields, sealFields, type SensitiveFields } from './account-fields.js';

class DecryptionFailure extends Error {}

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
 * Turns encryption at rest on or off (api.md §9.5): every account row is rewritten in one
 * transaction with the rows locked, then the setting changes, so the database is never half
 * protected. Same value as now: nothing to do.
 */
export async function switchEncryption(app: FastifyInstance, enable: boolean): Promise<void> {
  const { db, keys, clock } = app;
  try {
    await db.transaction().execute(async (trx) => {
      // Lock the setting first: two concurrent switches serialise here.
      await trx.selectFrom('settings').select('key').where('key', '=', 'useEncryption').forUpdate().execute();
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
      await writeNativeSetting(trx, 'useEncryption', enable, clock.now());
    });
  } catch (error) {
    if (!enable) throw errors.business('error.decryption_failed', undefined, undefined);
    app.log.error({ err: error }, 'encryption at rest failed');
    throw errors.business('error.encryption_failed');
  }
}

/**
 * Key rotation (amendment 11): values still under an APP_PREVIOUS_KEYS key are re-encrypted
 * under APP_KEY, in one transaction. Values no key opens are left as they are.
 */
export async function reencryptStaleValues(app: FastifyInstance): Promise<number> {
  const { db, keys } = app;
  if (keys.previous.length === 0) return 0;
  return db.transaction().execute(async (trx) => {
    if (!(await readNativeSetting(trx, 'useEncryption'))) return 0;
    let count = 0;
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
