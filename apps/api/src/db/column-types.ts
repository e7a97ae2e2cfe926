import type { ColumnType } from 'kysely';

/*
 * Column types that the generated schema (schema.generated.ts) imports: what the database types
 * alone cannot express.
 */

/** bigint: node-postgres returns strings, PGlite numbers or bigints; always read through Number(). */
export type BigIntColumn = ColumnType<
  string | number | bigint,
  number | bigint | string,
  number | bigint | string
>;

/** A JSON column holding `T`, written as JSON text. */
export type JsonColumn<T> = ColumnType<T, string, string>;
