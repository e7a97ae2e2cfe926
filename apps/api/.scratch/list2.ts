import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import fp from 'fastify-plugin';
const phases: Record<string, number> = {};
const timing = fp(async (app: any) => {
app.addHook('onRequest', async (r) => { (r as any).t0 = performance.now(); });
app.addHook('preHandler', async (r) => { phases.auth = (phases.auth ?? 0) + performance.now() - (r as any).t0; (r as any).t1 = performance.now(); });
app.addHook('preSerialization', async (r, _rep, p) => { phases.handler = (phases.handler ?? 0) + performance.now() - (r as any).t1; (r as any).t2 = performance.now(); return p; });
app.addHook('onSend', async (r, _rep, p) => { phases.serialize = (phases.serialize ?? 0) + performance.now() - (r as any).t2; return p; });
});
import { buildApp } from '../src/app.js';
import { systemClock } from '../src/clock.js';
import { loadConfig } from '../src/config/config.js';
import { migrateToLatest, openDatabase } from '../src/db/database.js';
import { createUserWithToken } from '../src/test/auth-helpers.js';
const database = await openDatabase({ driver: 'pglite' });
await migrateToLatest(database.db);
const config = loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'p-')), LOG_LEVEL: 'silent', THROTTLE_API: '0', THROTTLE_WEB: '0', APP_URL: 'http://127.0.0.1:8000' }, { version: 'x' });
const app = await buildApp({ config, db: database.db, dbDriver: database.driver, keys: { current: randomBytes(32), previous: [] }, clock: systemClock, mailer: { send: () => Promise.resolve() }, logger: pino({ level: 'silent' }), webRoot: null, extraRoutes: [timing] });
const token = await createUserWithToken(database.db, new Date());
const headers = { authorization: `Bearer ${token}` };
const now = new Date();
await database.db.insertInto('twofaccounts').values(Array.from({ length: 1000 }, (_, i) => ({
  group_id: null, otp_type: i % 10 === 9 ? 'hotp' : 'totp', service: `Service ${i}`, account: `user${i}@example.com`,
  secret: 'A4GRFHVVRBGY7UIWA4GRFHVVRBGY7UIW', digits: 6, algorithm: 'sha1', period: i % 10 === 9 ? null : 30,
  counter: i % 10 === 9 ? 0 : null, icon: null, uri: null, position: i + 1, created_at: now, updated_at: now,
}))).execute();
const t: Record<string, number> = {};
for (let round = 0; round < 5; round++) for (const url of ['/api/v1/twofaccounts', '/api/v1/twofaccounts?withOtp=1']) {
  for (const k of Object.keys(phases)) delete phases[k];
  const s = performance.now();
  for (let i = 0; i < 50; i++) await app.inject({ method: 'GET', url, headers });
  console.log(url.padEnd(35), ((performance.now() - s) / 50).toFixed(2), Object.entries(phases).map(([k, v]) => `${k}=${(v / 50).toFixed(2)}`).join(' '));
}
await app.close(); await database.close();
