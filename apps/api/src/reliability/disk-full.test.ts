import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, rmdirSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { encodeBase32 } from '@twofold/otp';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '../db/database.js';
import { createUserWithToken, john } from '../test/auth-helpers.js';
import { WebSession } from './web-session.js';
import {
  bearerFetch,
  freePort,
  killHard,
  randomAppKey,
  ServerLogs,
  startServer,
  stopServer,
  type ServerProcess,
} from '../test/server-process.js';

/*
 * DATA_DIR on a small tmpfs, filled to the last byte: creates, imports, icon uploads and backups
 * answer 507 in JSON naming the disk, the server stays up and still lists accounts and codes;
 * freed space lets the next create through without a restart; after a kill -9 and a restart every
 * account that got a 201 is there and no other. The embedded database is what lives in DATA_DIR,
 * so this runs on it (on PostgreSQL, DATA_DIR holds only the icons, backups and mail).
 *
 * The tmpfs is mounted by the test (root); CI runs as root and must run it, elsewhere it is
 * skipped when mounting is impossible.
 */

const inCi = !['', 'false', '0'].includes((process.env.CI ?? '').toLowerCase());
const mountPoint = mkdtempSync(path.join(tmpdir(), 'twofold-full-'));

function tryMount(): string | undefined {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=192m,mode=0700', 'tmpfs', mountPoint], {
      stdio: 'pipe',
    });
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

const mountFailure = tryMount();
if (mountFailure && inCi)
  throw new Error(`the disk-full test must run in CI, but tmpfs could not be mounted: ${mountFailure}`);

/** Fills the file system of `dir` to its last byte; returns the filler files. */
function fill(dir: string): string[] {
  const files: string[] = [];
  for (const size of [1024 * 1024, 4096, 1]) {
    const file = path.join(dir, `filler-${size}`);
    const fd = openSync(file, 'w');
    files.push(file);
    const block = Buffer.alloc(size, 0x5a);
    try {
      for (;;) writeSync(fd, block);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
    } finally {
      closeSync(fd);
    }
  }
  return files;
}

const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex'),
  Buffer.alloc(64),
]);

describe.skipIf(mountFailure !== undefined)('a full data disk (tmpfs DATA_DIR, embedded database)', () => {
  const logs = new ServerLogs();
  const dataDir = path.join(mountPoint, 'data');
  let env: Record<string, string> = {};
  let token = '';
  let server: ServerProcess | undefined;
  let port = 0;
  const created = new Set<string>();

  beforeAll(async () => {
    env = { DATA_DIR: dataDir, APP_KEY: randomAppKey() };
    const database = await openDatabase({ driver: 'pglite', dataDir: path.join(dataDir, 'db') });
    await migrateToLatest(database.db);
    token = await createUserWithToken(database.db, new Date());
    await database.close();
    port = await freePort();
  }, 120_000);
  afterAll(async () => {
    if (server) await stopServer(server);
    execFileSync('umount', ['-l', mountPoint]);
    rmdirSync(mountPoint);
  });

  const call = (method: string, route: string, body?: unknown) =>
    bearerFetch(server!.url, token)(method, route, body);
  const create = (service: string) =>
    call('POST', '/api/v1/twofaccounts', {
      service,
      account: 'me',
      otp_type: 'totp',
      secret: encodeBase32(randomBytes(20)),
    });
  const services = async () =>
    new Set(
      ((await (await call('GET', '/api/v1/twofaccounts')).json()) as { service: string }[]).map(
        (a) => a.service,
      ),
    );

  async function expectRefusal(response: Response) {
    expect(response.status).toBe(507);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    const body = (await response.json()) as { message: string };
    expect(body.message).toContain('DATA_DIR');
  }

  it('refuses writes with 507, keeps reads and codes, recovers without a restart, and loses nothing', async () => {
    server = await startServer(port, env, logs);
    // The backup password is the signed-in user's only (tokens are refused): set from a web session.
    const session = await WebSession.signIn(server.url, john);
    expect(
      (await session.request('PUT', '/api/v1/backups/password', { password: 'backup password 1' })).status,
    ).toBe(204);
    for (const service of ['Before 1', 'Before 2']) {
      expect((await create(service)).status).toBe(201);
      created.add(service);
    }
    const fillers = fill(mountPoint);

    const attempt = await create('While full');
    if (attempt.status === 201) created.add('While full');
    await expectRefusal(attempt);
    await expectRefusal(
      await call('POST', '/api/v1/twofaccounts/migration', {
        payload: 'otpauth://totp/Imported:me?secret=JBSWY3DPEHPK3PXP',
      }),
    );
    await expectRefusal(await call('POST', '/api/v1/backups'));
    const form = new FormData();
    form.append('icon', new Blob([PNG], { type: 'image/png' }), 'icon.png');
    await expectRefusal(
      await fetch(`${server.url}/api/v1/icons`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      }),
    );
    expect((await call('GET', '/api/v1/backups')).status).toBe(200);

    // Reads and codes still answer; the status says the disk is full; the server is up.
    expect(await services()).toEqual(created);
    const list = (await (await call('GET', '/api/v1/twofaccounts')).json()) as { id: number }[];
    const otp = await call('GET', `/api/v1/twofaccounts/${list[0]!.id}/otp`);
    expect(otp.status).toBe(200);
    const status = (await (await call('GET', '/api/v1/status')).json()) as {
      disk: { full: boolean; low: boolean };
    };
    expect(status.disk).toMatchObject({ full: true, low: true });
    expect((await fetch(`${server.url}/up`)).status).toBe(200);
    expect(server.exited()).toBeNull();
    expect(logs.text().match(/data disk full/g)?.length).toBe(1);

    // Space comes back: the next create succeeds, no restart.
    for (const file of fillers) rmSync(file);
    const after = await create('After freeing');
    expect(after.status).toBe(201);
    created.add('After freeing');

    // kill -9 and a restart: every account that got a 201 is there, and none other.
    await killHard(server);
    server = await startServer(port, env, logs);
    expect(await services()).toEqual(created);
  }, 300_000);
});
