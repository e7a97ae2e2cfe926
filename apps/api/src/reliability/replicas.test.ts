import { mkdtempSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TEMPLATE_DATABASE } from '../test/global-setup.js';
import {
  bearerFetch,
  freePort,
  randomAppKey,
  ServerLogs,
  startServer,
  stopServer,
  type ServerProcess,
} from '../test/server-process.js';
import { WebSession } from './web-session.js';

/*
 * Two real server processes on one PostgreSQL database (same APP_KEY, same DATA_DIR), as in
 * docs/deployment.md, "Running several replicas": what one writes, the other sees; a token
 * revoked on one is refused by the other within a second (cache invalidation by LISTEN/NOTIFY).
 */

const adminUrl = inject('postgresAdminUrl');

async function adminQuery(text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

describe.skipIf(!adminUrl)('two replicas on one PostgreSQL', () => {
  const name = `t_${randomUUID().replace(/-/g, '')}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'twofold-replicas-'));
  const logs = new ServerLogs();
  const secrets = new Set<string>();
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const env = { DATABASE_URL: url.toString(), APP_KEY: randomAppKey(), DATA_DIR: dataDir };
    [a, b] = await Promise.all([
      freePort().then((port) => startServer(port, env, logs)),
      freePort().then((port) => startServer(port, env, logs)),
    ]);
  }, 180_000);
  afterAll(async () => {
    await Promise.all([a && stopServer(a), b && stopServer(b)]);
    logs.expectNoSecrets(secrets);
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('an account created on one is listed by the other; a token revoked on one is refused by the other within 1 s', async () => {
    const password = `replica password ${randomUUID()}`;
    secrets.add(password);
    const web = new WebSession(a.url);
    const registered = await web.request('POST', '/user', {
      name: 'Jane',
      email: 'jane@example.com',
      password,
      password_confirmation: password,
    });
    expect(registered.status).toBe(201);
    const created = await web.request('POST', '/oauth/personal-access-tokens', { name: 'replicas' });
    expect(created.status).toBe(200);
    const { accessToken, accessTokenId } = (await created.json()) as {
      accessToken: string;
      accessTokenId: string;
    };
    secrets.add(accessToken);
    const onA = bearerFetch(a.url, accessToken);
    const onB = bearerFetch(b.url, accessToken);

    // B caches the token and the (empty) list first.
    expect(await (await onB('GET', '/api/v1/twofaccounts')).json()).toEqual([]);
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    secrets.add(secret);
    const account = await onA('POST', '/api/v1/twofaccounts', {
      service: 'Replica',
      account: 'jane',
      otp_type: 'totp',
      secret,
    });
    expect(account.status).toBe(201);
    const listed = (await (await onB('GET', '/api/v1/twofaccounts')).json()) as { service: string }[];
    expect(listed.map((row) => row.service)).toEqual(['Replica']);

    expect((await web.request('DELETE', `/oauth/personal-access-tokens/${accessTokenId}`)).status).toBe(204);
    const revokedAt = Date.now();
    let status = 0;
    while (Date.now() - revokedAt < 1_000) {
      status = (await onB('GET', '/api/v1/twofaccounts')).status;
      if (status === 401) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(status).toBe(401);
    expect(Date.now() - revokedAt).toBeLessThan(1_000);
    expect(a.exited()).toBeNull();
    expect(b.exited()).toBeNull();
  });
});
