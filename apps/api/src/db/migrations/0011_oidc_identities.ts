import type { Kysely } from 'kysely';

// Kysely migrations must accept any database: the typed DB does not exist yet at this point.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/*
 * The OpenID Connect identities that sign the user in: the provider (issuer) and its stable id of
 * the person (subject). Never a token of the provider: only who they are. Deleting the user
 * deletes them.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('oidc_identities')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('issuer', 'varchar(2048)', (c) => c.notNull())
    .addColumn('subject', 'varchar(255)', (c) => c.notNull())
    .addColumn('email', 'varchar(255)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_used_at', 'timestamptz')
    .addUniqueConstraint('oidc_identities_issuer_subject_unique', ['issuer', 'subject'])
    .addUniqueConstraint('oidc_identities_user_issuer_unique', ['user_id', 'issuer'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('oidc_identities').execute();
}
