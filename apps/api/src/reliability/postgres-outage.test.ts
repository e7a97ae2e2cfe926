import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.js';
import { createUserWithToken } from '../test/auth-helpers.js';
import {
  findPostgresBinaries,
  startPostgresCluster,
  type PostgresCluster,
} from '../test/postgres-cluster.js';
import {
  bearerFetch,
  freePort,
  randomAppKey,
  ServerLogs,
  startServer,
  stopServer,
  type ServerProcess,
} from '../test/server-process.js';

/*
 * The real server on its own throwaway PostgreSQL cluster, under a steady load of reads and
 * writes, while PostgreSQL is restarted, then stopped for 10 seconds and started again. The
 * server never exits, answers 503 (JSON) while the database is away, and every write it
 * acknowledged is there afterwards.
 */

const binDir = findPostgresBinaries();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!binDir)('PostgreSQL restarted and stopped under load', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'twofold-outage-'));
  const logs = new ServerLogs();
  const secrets = new Set<string>();
  let cluster: PostgresCluster;
  let server: ServerProcess;
  let token = '';

  beforeAll(async () => {
    cluster = await startPostgresCluster(binDir!);
    const env = { DATABASE_URL: cluster.adminUrl, APP_KEY: randomAppKey(), DATA_DIR: dataDir };
    server = await startServer(await freePort(), env, logs);
    const database = await openDatabase({ driver: 'postgres', url: cluster.adminUrl });
    token = await createUserWithToken(database.db, new Date());
    await database.close();
    secrets.add(token);
  }, 180_000);
  afterAll(async () => {
    if (server) await stopServer(server);
    cluster?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    logs.expectNoSecrets(secrets);
  });

  it('never exits, answers 503 meanwhile and loses no acknowledged write', async () => {
    const call = bearerFetch(server.url, token);
    const acknowledged = new Set<string>();
    const statuses = new Map<number, number>();
    const bad: string[] = [];
    let running = true;
    let sent = 0;
    const worker = async (id: number) => {
      for (let i = 0; running && sent < 20_000; i += 1) {
        sent += 1;
        const name = `w${id}-${i}`;
        try {
          const write = i % 2 === 0;
          const response = write
            ? await call('POST', '/api/v1/groups', { name })
            : await call('GET', i % 4 === 1 ? '/api/v1/twofaccounts' : '/up');
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          const text = await response.text();
          if (response.status >= 500 && response.status !== 503) bad.push(`${response.status} ${text}`);
          if (response.status !== 200 && response.status !== 201 && !text.startsWith('{')) bad.push(text);
          if (write && response.status === 201) acknowledged.add(name);
        } catch (error) {
          bad.push(`no answer: ${String(error)}`);
        }
        await sleep(15);
      }
    };
    const workers = [worker(1), worker(2), worker(3)];
    await sleep(1_500);
    cluster.down();
    cluster.up();
    await sleep(2_000);
    cluster.down();
    const stoppedAt = Date.now();
    await sleep(3_000);
    // Meanwhile the health check says so.
    expect((await fetch(`${server.url}/up`)).status).toBe(503);
    await sleep(Math.max(0, 10_000 - (Date.now() - stoppedAt)));
    cluster.up();
    // Back within a few seconds (pool connections are replaced on use).
    const back = Date.now() + 15_000;
    while ((await fetch(`${server.url}/up`)).status !== 200 && Date.now() < back) await sleep(100);
    await sleep(1_500);
    running = false;
    await Promise.all(workers);

    expect(server.exited()).toBeNull();
    expect(bad).toEqual([]);
    expect(statuses.get(503) ?? 0).toBeGreaterThan(0);
    expect(statuses.get(201) ?? 0).toBeGreaterThan(0);
    const groups = (await (await call('GET', '/api/v1/groups')).json()) as { name: string }[];
    const stored = new Set(groups.map((group) => group.name));
    const lost = [...acknowledged].filter((name) => !stored.has(name));
    expect(lost).toEqual([]);
    // Writes still work after the outage.
    expect((await call('POST', '/api/v1/groups', { name: 'after' })).status).toBe(201);
  }, 120_000);
});
