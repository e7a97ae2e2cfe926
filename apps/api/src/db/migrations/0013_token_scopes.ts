import { sql, type Kysely } from 'kysely';

// Kysely migrations must accept any database: the typed DB does not exist yet at this point.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/*
 * Personal access tokens get a scope: `codes` (the accounts without their secrets, and their
 * codes), `read` (every read, secrets included) or `full`. Tokens made before keep today's rights:
 * they become `full`, as does a token created without a scope.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('personal_access_tokens')
    .addColumn('scope', 'varchar(8)', (c) =>
      c
        .notNull()
        .defaultTo('full')
        .check(sql`scope in ('codes', 'read', 'full')`),
    )
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('personal_access_tokens').dropColumn('scope').execute();
}
