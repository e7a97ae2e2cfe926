import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/harness.js';
import { columnsOf } from './schema.js';

describeEachDatabase('database schema', (t) => {
  it('has exactly the tables and columns the DB types declare (no drift)', async () => {
    const { rows } = await sql<{ table_name: string; column_name: string }>`
      select table_name, column_name from information_schema.columns
      where table_schema = 'public' and table_name not like 'kysely_%'
      order by table_name, column_name`.execute(t.db);
    const actual: Record<string, string[]> = {};
    for (const row of rows) (actual[row.table_name] ??= []).push(row.column_name);
    const declared = Object.fromEntries(
      Object.entries(columnsOf)
        .map(([table, columns]) => [table, Object.keys(columns).sort()] as const)
        .sort(([a], [b]) => a.localeCompare(b)),
    );
    expect(actual).toEqual(declared);
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
