import type { Executor, Transaction } from '../db/database.js';
import { writeNativeSetting } from '../settings/settings.queries.js';

const COLUMNS = ['id', 'name', 'public_key', 'counter', 'transports', 'created_at'] as const;

/** Every security device, oldest first. */
export async function listCredentials(db: Executor) {
  return db.selectFrom('webauthn_credentials').select(COLUMNS).orderBy('created_at').orderBy('id').execute();
}

export async function countCredentials(db: Executor): Promise<number> {
  const { count } = await db
    .selectFrom('webauthn_credentials')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

export async function findCredential(db: Executor, id: string) {
  return db.selectFrom('webauthn_credentials').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function insertCredential(
  db: Executor,
  credential: {
    id: string;
    publicKey: string;
    counter: number;
    transports: readonly string[];
    deviceType: string;
    backedUp: boolean;
    now: Date;
  },
): Promise<boolean> {
  const inserted = await db
    .insertInto('webauthn_credentials')
    .values({
      id: credential.id,
      name: null,
      public_key: credential.publicKey,
      counter: credential.counter,
      transports: JSON.stringify(credential.transports),
      device_type: credential.deviceType,
      backed_up: credential.backedUp,
      created_at: credential.now,
      updated_at: credential.now,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function renameCredential(db: Executor, id: string, name: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('webauthn_credentials')
    .set({ name, updated_at: now })
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function updateCounter(db: Executor, id: string, counter: number, now: Date): Promise<void> {
  await db
    .updateTable('webauthn_credentials')
    .set({ counter, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/**
 * Deletes devices (one, or every one but `keep`); when none remains, the WebAuthn-only and
 * WebAuthn-as-default settings are turned off in the same transaction.
 */
export async function deleteCredentials(
  trx: Transaction,
  which: { only: string } | { allBut: string },
  now: Date,
): Promise<void> {
  let query = trx.deleteFrom('webauthn_credentials');
  query = 'only' in which ? query.where('id', '=', which.only) : query.where('id', '!=', which.allBut);
  await query.execute();
  const remaining = await trx.selectFrom('webauthn_credentials').select('id').executeTakeFirst();
  if (!remaining) {
    await writeNativeSetting(trx, 'useWebauthnOnly', false, now);
    await writeNativeSetting(trx, 'useWebauthnAsDefault', false, now);
  }
}
