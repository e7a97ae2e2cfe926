import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { buildApp } from '../src/app.js';
import { systemClock } from '../src/clock.js';
import { loadConfig } from '../src/config/config.js';
import { migrateToLatest, openDatabase } from '../src/db/database.js';
import { createUserWithToken } from '../src/test/auth-helpers.js';
import { readAccounts } from '../src/accounts/accounts.queries.js';
import { listAccounts, collectionFlags } from '../src/accounts/accounts.service.js';

const database = await openDatabase(process.env.URL ? { driver: 'postgres', url: process.env.URL } : { driver: 'pglite' });
await migrateToLatest(database.db);
const config = loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'p-')), LOG_LEVEL: 'silent', THROTTLE_API: '0', THROTTLE_WEB: '0', APP_URL: 'http://127.0.0.1:8000' }, { version: 'x' });
const app = await buildApp({ config, db: database.db, dbDriver: database.driver, keys: { current: randomBytes(32), previous: [] }, clock: systemClock, mailer: { send: () => Promise.resolve() }, logger: pino({ level: 'silent' }), webRoot: null });
const token = await createUserWithToken(database.db, new Date());
const headers = { authorization: `Bearer ${token}` };
const now = new Date();
await database.db.insertInto('twofaccounts').values(Array.from({ length: 1000 }, (_, i) => ({
  group_id: null, otp_type: i % 10 === 9 ? 'hotp' : 'totp', service: `Service ${i}`, account: `user${i}@example.com`,
  secret: 'A4GRFHVVRBGY7UIWA4GRFHVVRBGY7UIW', digits: 6, algorithm: 'sha1', period: i % 10 === 9 ? null : 30,
  counter: i % 10 === 9 ? 0 : null, icon: null, uri: null, position: i + 1, created_at: now, updated_at: now,
}))).execute();
const time = async (label: string, fn: () => Promise<unknown>, N = 200) => {
  for (let i = 0; i < 30; i++) await fn();
  const s = performance.now();
  for (let i = 0; i < N; i++) await fn();
  console.log(label.padEnd(30), ((performance.now() - s) / N).toFixed(3), 'ms');
};
await time('readAccounts', () => readAccounts(database.db));
await time('listAccounts', () => listAccounts(app, {}, collectionFlags({})));
await time('listAccounts withOtp', () => listAccounts(app, {}, collectionFlags({ withOtp: '1' })));
const rows = await listAccounts(app, {}, collectionFlags({}));
await time('JSON.stringify', async () => JSON.stringify(rows));
await time('inject list', () => app.inject({ method: 'GET', url: '/api/v1/twofaccounts', headers }));
await time('inject list withOtp', () => app.inject({ method: 'GET', url: '/api/v1/twofaccounts?withOtp=1', headers }));
await time('inject features', () => app.inject({ method: 'GET', url: '/api/v1/features', headers }));
await app.close();
await database.close();
