import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCK_FILE_NAME } from '../db/data-dir-lock.js';
import { migrateToLatest, openDatabase } from '../db/database.js';
import { createUserWithToken } from '../test/auth-helpers.js';
import {
  bearerFetch,
  freePort,
  killHard,
  randomAppKey,
  ServerLogs,
  startExpectingExit,
  startServer,
  stopServer,
  type ServerProcess,
} from '../test/server-process.js';

/*
 * Two real processes on one embedded database's folder. Without the lock both answered and both
 * stored, ids were handed out twice, and what the second one wrote was gone after a restart. Now the
 * second start stops at once, naming the folder and the running process; once the first is killed
 * a new start takes its lock over, and the data is whole.
 */

describe('one process per embedded database folder', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'twofold-lock-'));
  const lockFile = path.join(dataDir, LOCK_FILE_NAME);
  const logs = new ServerLogs();
  const env = { DATA_DIR: dataDir, APP_KEY: randomAppKey() };
  const running: ServerProcess[] = [];
  let token = '';

  afterAll(async () => {
    for (const server of running) await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
    logs.expectNoSecrets([token]);
  });

  const services = async (server: ServerProcess) =>
    (
      (await (await bearerFetch(server.url, token)('GET', '/api/v1/twofaccounts')).json()) as {
        service: string;
      }[]
    )
      .map((row) => row.service)
      .sort();
  const create = (server: ServerProcess, service: string) =>
    bearerFetch(server.url, token)('POST', '/api/v1/twofaccounts', {
      service,
      account: 'jane',
      otp_type: 'totp',
      secret: 'JBSWY3DPEHPK3PXP',
    });

  it('refuses a second process, and hands the folder over once the first is killed', async () => {
    const database = await openDatabase({ driver: 'pglite', dataDir: path.join(dataDir, 'db') });
    await migrateToLatest(database.db);
    token = await createUserWithToken(database.db, new Date());
    await database.close();

    const first = await startServer(await freePort(), env, logs);
    running.push(first);
    const firstPid = first.child.pid!;
    expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: firstPid });
    expect((await create(first, 'Before')).status).toBe(201);

    // A second start on the same folder (another port) stops before opening the database.
    const secondPort = await freePort();
    const second = await startExpectingExit(secondPort, env, logs, 60_000);
    expect(second.exit).toBe('code 1');
    expect(second.output).toContain(
      `the data folder ${dataDir} is in use by another Twofold process (pid ${firstPid}`,
    );
    expect(second.output).not.toContain('is running at');
    expect(second.ms, `the refused start ran ${second.ms} ms`).toBeLessThan(30_000);
    await expect(fetch(`http://127.0.0.1:${secondPort}/up`)).rejects.toThrow();

    // The first carries on, its lock untouched.
    expect((await create(first, 'After')).status).toBe(201);
    expect(await services(first)).toEqual(['After', 'Before']);
    expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: firstPid });

    // Killed without a chance to clean up: its lock stays, and the next start takes it over.
    await killHard(first);
    running.pop();
    expect(existsSync(lockFile)).toBe(true);
    const third = await startServer(await freePort(), env, logs);
    running.push(third);
    expect(logs.text()).toContain(
      `Taking over the lock of the data folder ${dataDir}: its holder, pid ${firstPid}`,
    );
    expect(await services(third)).toEqual(['After', 'Before']);
    expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: third.child.pid });

    // A graceful stop releases it.
    await stopServer(third);
    running.pop();
    expect(existsSync(lockFile)).toBe(false);
  }, 240_000);

  it('releases the lock when the start fails after taking it (the port is taken)', async () => {
    const blocker = createServer();
    const port = await freePort();
    await new Promise<void>((resolve) => blocker.listen(port, '127.0.0.1', resolve));
    try {
      const failed = await startExpectingExit(port, env, logs, 90_000);
      expect(failed.exit).toBe('code 1');
      expect(failed.output).toContain('EADDRINUSE');
    } finally {
      blocker.close();
    }
    expect(existsSync(lockFile)).toBe(false);
    // The folder is free for the next start.
    const takeOvers = () => logs.text().split('Taking over the lock').length;
    const before = takeOvers();
    const next = await startServer(await freePort(), env, logs);
    running.push(next);
    expect(takeOvers()).toBe(before); // nothing was left to take over
    expect((await fetch(`${next.url}/up`)).status).toBe(200);
  }, 240_000);

  /** Waits for a condition, checked every 50 ms (the servers here beat every 100 ms). */
  async function until(condition: () => boolean, what: string): Promise<void> {
    const deadline = Date.now() + 30_000;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error(`${what}: not within 30 s\n${logs.text().slice(-2000)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('creates its lock again when it is deleted, and stops if another process took the folder meanwhile', async () => {
    for (const server of running.splice(0)) await stopServer(server);
    const fastBeat = { ...env, LOCK_HEARTBEAT_MS: '100' };
    const first = await startServer(await freePort(), fastBeat, logs);
    running.push(first);
    const firstPid = first.child.pid!;
    const held = readFileSync(lockFile, 'utf8');

    // Deleted by hand while the server runs: created again, as it was, with a warning.
    rmSync(lockFile);
    await until(() => existsSync(lockFile) && readFileSync(lockFile, 'utf8') === held, 'the lock file back');
    // The warning is written after the file, and reaches this process through a pipe: wait for it.
    await until(
      () =>
        logs.text().includes(`The lock file ${lockFile} was deleted while this process held the data folder`),
      'the warning about the deleted lock',
    );
    const second = await startExpectingExit(await freePort(), env, logs, 60_000);
    expect(second.exit).toBe('code 1');
    expect(second.output).toContain(`is in use by another Twofold process (pid ${firstPid}`);
    expect((await create(first, 'Kept')).status).toBe(201);

    // Another process took the folder while the file was gone (its lock replaces the file in one
    // step here): the first stops at once rather than share the database, and leaves that lock.
    const other = JSON.stringify({ pid: process.pid, host: hostname(), token: 'another process' });
    writeFileSync(`${lockFile}.next`, `${other}\n`);
    renameSync(`${lockFile}.next`, lockFile);
    await until(() => first.exited() !== null, 'the first server stopped');
    running.pop();
    expect(first.exited()).toBe('code 1');
    // An exit can be seen before the last of its output is read.
    await until(
      () =>
        logs
          .text()
          .includes(
            `The lock of the data folder ${dataDir} was taken by pid ${process.pid} while this process held it`,
          ),
      'the message about the lock taken',
    );
    expect(readFileSync(lockFile, 'utf8')).toBe(`${other}\n`);

    // What it stored before stopping is whole for the next holder.
    rmSync(lockFile);
    const next = await startServer(await freePort(), env, logs);
    running.push(next);
    expect(await services(next)).toContain('Kept');
    await stopServer(next);
    running.pop();
    expect(existsSync(lockFile)).toBe(false);
  }, 240_000);
});
