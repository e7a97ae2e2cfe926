import type { Kysely } from 'kysely';

// Kysely migrations must accept any database: the typed DB does not exist yet at this point.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/*
 * The browser extension's offline copy as a device copy. A copy made through a `read` pairing is
 * tied to the token that pairing issued (`device_copies.token_id`): the two go together (revoking
 * one revokes the other; the row also goes if the token row is deleted), and that token may
 * refresh this copy only. A pairing keeps the user agent of the device that started it (the copy
 * is listed with it) and, when the device was paired before, the id of the token it replaces
 * (revoked once the new one is issued, if its scope is the same). Token ids are not secret.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('device_copies')
    .addColumn('token_id', 'char(40)', (c) => c.references('personal_access_tokens.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('device_copies_token_id_idx').on('device_copies').column('token_id').execute();
  await db.schema
    .alterTable('device_authorizations')
    .addColumn('user_agent', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .addColumn('replaces', 'varchar(40)')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('device_authorizations')
    .dropColumn('replaces')
    .dropColumn('user_agent')
    .execute();
  await db.schema.alterTable('device_copies').dropColumn('token_id').execute();
}
