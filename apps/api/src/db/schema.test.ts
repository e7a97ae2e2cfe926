import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/harness.js';
import { GENERATED_SCHEMA_FILE, generateSchemaTypes } from './schema-codegen.js';
import { tableNames } from './schema.js';

describeEachDatabase('database schema', (t) => {
  it('has exactly the types the code uses: schema.generated.ts matches the migrated schema', async () => {
    // On failure: run `pnpm --filter @twofold/api db:types` after changing a migration.
    expect(await generateSchemaTypes(t.db)).toBe(readFileSync(GENERATED_SCHEMA_FILE, 'utf8'));
  });

  it('lists every table of the migrated schema in tableNames', async () => {
    const { rows } = await sql<{ table_name: string }>`
      select table_name from information_schema.tables
      where table_schema = 'public' and table_name not like 'kysely_%'
      order by table_name`.execute(t.db);
    expect(rows.map((row) => row.table_name)).toEqual([...tableNames].sort());
  });

  it('allows only one user, even for concurrent registrations', async () => {
    const insert = () =>
      t.db
        .insertInto('users')
        .values({
          name: 'a',
          email: `${Math.random()}@example.com`,
          password_hash: 'x',
          webauthn_handle: 'h',
        })
        .execute();
    const results = await Promise.allSettled([insert(), insert()]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const count = await t.db
      .selectFrom('users')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(count.n).toBe(1);
  });
});
