import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pino from 'pino';
import { buildApp } from '../src/app.js';
import { systemClock } from '../src/clock.js';
import { loadConfig } from '../src/config/config.js';
import { migrateToLatest, openDatabase } from '../src/db/database.js';
import { createUserWithToken } from '../src/test/auth-helpers.js';

const database = await openDatabase(process.env.URL ? { driver: 'postgres', url: process.env.URL } : { driver: 'pglite' });
await migrateToLatest(database.db);
const config = loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'p-')), LOG_LEVEL: 'silent', THROTTLE_API: '0', THROTTLE_WEB: '0', APP_URL: 'http://127.0.0.1:8000' }, { version: 'x' });
const app = await buildApp({ config, db: database.db, dbDriver: database.driver, keys: { current: randomBytes(32), previous: [] }, clock: systemClock, mailer: { send: () => Promise.resolve() }, logger: pino({ level: 'silent' }), webRoot: null });
const token = await createUserWithToken(database.db, new Date());
const headers = { authorization: `Bearer ${token}` };
await app.inject({ method: 'POST', url: '/api/v1/twofaccounts', headers, payload: { account: 'a', otp_type: 'totp', secret: 'A4GRFHVVRBGY7UIW' } });
const N = 2000;
const ex = (database.db as any).getExecutor();
const proto = Object.getPrototypeOf(ex);
const orig = proto.executeQuery;
const seen: string[] = [];
proto.executeQuery = function (q: any, id: any) { seen.push(q.sql.slice(0, 140)); return orig.call(this, q, id); };
for (const url of ['/api/v1/twofaccounts/1/otp', '/api/v1/features', '/api/v1/twofaccounts']) {
  seen.length = 0;
  await app.inject({ method: 'GET', url, headers });
  console.log(url, seen.length, '\n  ' + seen.join('\n  '));
}
let queries = 0;
const time = async (label: string, fn: () => Promise<unknown>) => {
  for (let i = 0; i < 200; i++) await fn();
  const s = performance.now();
  for (let i = 0; i < N; i++) await fn();
  console.log(label, ((performance.now() - s) / N * 1000).toFixed(0), 'µs');
};
await time('select 1', () => sql`select 1`.execute(database.db));
await time('inject otp', () => app.inject({ method: 'GET', url: '/api/v1/twofaccounts/1/otp', headers }));
await time('inject count', () => app.inject({ method: 'GET', url: '/api/v1/twofaccounts/count', headers }));
await time('inject features (no db?)', () => app.inject({ method: 'GET', url: '/api/v1/features', headers }));
await time('inject unknown', () => app.inject({ method: 'GET', url: '/api/v1/nope', headers }));
await app.close();
await database.close();
