import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '../db/database.js';
import { createUserWithToken } from '../test/auth-helpers.js';
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
 * A memory ceiling after heavy use, on the embedded database: the real server creates 1,000
 * accounts 8 at a time (as an import does), then what it keeps is compared with what it kept
 * before. Figures are taken after a full garbage collection (the probe), so they do not depend on
 * timing; the ceilings are generous (a few times what is needed) and fail only when something
 * keeps what the burst used: a cache that grows with every write, PGlite's memory growing past its
 * floor (it never shrinks), the young generation back at its default size.
 */

interface Probe {
  rss: number;
  heapUsed: number;
  wasm: number;
  spaces: Record<string, number>;
}

const probeModule = fileURLToPath(new URL('../../bench/memory-probe.mjs', import.meta.url));
const ACCOUNTS = 1000;
const AT_ONCE = 8;

describe('memory after a burst of 1,000 accounts (PGlite)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'twofold-memory-'));
  const probeFile = path.join(dataDir, 'probe.json');
  const logs = new ServerLogs();
  let server: ServerProcess | undefined;
  let token = '';

  afterAll(async () => {
    if (server) await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
    logs.expectNoSecrets([token]);
  });

  const measure = async (): Promise<Probe> => {
    rmSync(probeFile, { force: true });
    server!.child.kill('SIGUSR2');
    for (let i = 0; i < 500 && !existsSync(probeFile); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    return JSON.parse(readFileSync(probeFile, 'utf8')) as Probe;
  };

  it('gives back what the burst used: the heap kept, PGlite at its floor, RSS under a ceiling', async () => {
    const database = await openDatabase({ driver: 'pglite', dataDir: path.join(dataDir, 'db') });
    await migrateToLatest(database.db);
    token = await createUserWithToken(database.db, new Date());
    await database.close();
    server = await startServer(
      await freePort(),
      { DATA_DIR: dataDir, APP_KEY: randomAppKey(), MEMORY_PROBE_FILE: probeFile },
      logs,
      90_000,
      // The start command's V8 flags, and a collection before each measure.
      ['--max-semi-space-size=1', '--max-old-space-size=192', '--expose-gc', '--import', probeModule],
    );
    const call = bearerFetch(server.url, token);
    const create = async (n: number) => {
      const response = await call('POST', '/api/v1/twofaccounts', {
        service: `Burst ${n}`,
        account: `user${n}@example.com`,
        otp_type: 'totp',
        secret: 'JBSWY3DPEHPK3PXP',
      });
      expect(response.status).toBe(201);
      await response.arrayBuffer();
    };
    // Every code path of the burst has run once before the first figure.
    await create(-1);
    await (await call('GET', '/api/v1/twofaccounts?withOtp=1')).arrayBuffer();
    const before = await measure();

    for (let n = 0; n < ACCOUNTS; n += AT_ONCE) {
      await Promise.all(Array.from({ length: AT_ONCE }, (_, k) => create(n + k)));
    }
    const list = (await (await call('GET', '/api/v1/twofaccounts?withOtp=1')).json()) as unknown[];
    expect(list).toHaveLength(ACCOUNTS + 1);
    const after = await measure();

    const kept = after.heapUsed - before.heapUsed;
    // 1,000 decrypted accounts and a few list texts take a few MB.
    expect(kept, `the heap kept ${kept} MB after the burst`).toBeLessThan(40);
    // shared_buffers and work_mem fit in PGlite's initial memory: the burst must not grow it.
    expect(after.wasm, `PGlite's memory grew from ${before.wasm} MB`).toBeLessThanOrEqual(before.wasm);
    expect(after.spaces.new_space ?? 0, 'the young generation is bounded by the start flags').toBeLessThan(4);
    // The built bundle, as the start command runs it; the ceiling leaves room for a loaded machine.
    expect(after.rss, `RSS after the burst: ${after.rss} MB`).toBeLessThan(450);
  }, 240_000);
});
