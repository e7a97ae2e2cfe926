import { readFileSync } from 'node:fs';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import pino from 'pino';
import YAML from 'yaml';
import { buildApp } from '../app.js';
import { loadConfig } from '../config/config.js';
import type { DB } from '../db/schema.js';

/** The spec's `info.version` is the API package's version, the one a running server reports. */
const packageVersion = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/** A Kysely that never connects: the spec is built without a database. */
function offlineDb(): Kysely<DB> {
  return new Kysely<DB>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
}

/** Sorts object keys for a stable document, but keeps schema `properties` in their declared order. */
function sortKeys(value: unknown, keepOrder = false): unknown {
  if (Array.isArray(value)) return value.map((item) => sortKeys(item));
  if (value === null || typeof value !== 'object') return value;
  const keys = Object.keys(value);
  return Object.fromEntries(
    (keepOrder ? keys : keys.sort()).map((key) => [
      key,
      sortKeys((value as Record<string, unknown>)[key], key === 'properties'),
    ]),
  );
}

/**
 * The OpenAPI document of every route, as YAML, built from the route schemas without a database
 * or a socket. Deterministic: paths and keys sorted.
 */
export async function generateOpenApiYaml(): Promise<string> {
  const app = await buildOfflineApp();
  try {
    const document = sortKeys(app.swagger()) as Record<string, unknown>;
    return YAML.stringify(document, { lineWidth: 0, aliasDuplicateObjects: false });
  } finally {
    await app.close();
  }
}

/** The whole app with every route, on no database and no socket (its schemas are what it is for). */
export async function buildOfflineApp() {
  const config = loadConfig({}, { version: packageVersion });
  return buildApp({
    config,
    db: offlineDb(),
    dbDriver: 'postgres',
    keys: { current: Buffer.alloc(32), previous: [] },
    clock: { now: () => new Date(0) },
    mailer: { send: () => Promise.resolve() },
    logger: pino({ level: 'silent' }),
    webRoot: null,
  });
}
