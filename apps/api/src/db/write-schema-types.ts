import { writeFileSync } from 'node:fs';
import { migrateToLatest, openDatabase } from './database.js';
import { GENERATED_SCHEMA_FILE, generateSchemaTypes } from './schema-codegen.js';

/** `pnpm --filter @twofold/api db:types`: migrates a throwaway in-memory PGlite and writes the types. */
const database = await openDatabase({ driver: 'pglite' });
try {
  await migrateToLatest(database.db);
  writeFileSync(GENERATED_SCHEMA_FILE, await generateSchemaTypes(database.db));
  console.log(`wrote ${GENERATED_SCHEMA_FILE}`);
} finally {
  await database.close();
}
