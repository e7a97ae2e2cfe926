import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '../db/database.js';
import { createUserWithToken } from '../test/auth-helpers.js';
import { isBackupName } from './backup-files.js';

/*
 * The real process, killed with SIGKILL while "Back up now" runs, at several moments of the run.
 * Whatever the moment, the folder never holds a partial backup under a backup's name (files are
 * written under a temporary name, synced, then renamed), the restarted server removes the
 * temporary leftovers, and the next backup succeeds.
 */

const serverEntry = fileURLToPath(new URL('../server.ts', import.meta.url));
const dataDir = mkdtempSync(path.join(tmpdir(), 'twofold-backup-kill-'));
const backupDir = path.join(dataDir, 'backups');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function start(port: number): Promise<ChildProcess> {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      THROTTLE_API: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/up`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not start: ${output}`);
}

function kill(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

/** Every file named as a backup is a whole vault: JSON with its slots and an encrypted db. */
function expectOnlyWholeBackups(): string[] {
  const names = existsSync(backupDir) ? readdirSync(backupDir) : [];
  for (const name of names.filter(isBackupName)) {
    const vault = JSON.parse(readFileSync(path.join(backupDir, name), 'utf8')) as {
      header: { slots: unknown[] };
      db: unknown;
    };
    expect(vault.header.slots.length, name).toBeGreaterThan(0);
    expect(typeof vault.db, name).toBe('string');
  }
  return names;
}

describe('a backup killed half-way', () => {
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('leaves no partial file; the restarted server cleans up and the next backup succeeds', async () => {
    const database = await openDatabase({ driver: 'pglite', dataDir: path.join(dataDir, 'db') });
    await migrateToLatest(database.db);
    const token = await createUserWithToken(database.db, new Date());
    await database.close();

    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const call = (method: string, route: string, body?: unknown) =>
      fetch(`${url}${route}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });

    let child = await start(port);
    expect((await call('PUT', '/api/v1/backups/password', { password: 'backup password' })).status).toBe(204);
    // Enough accounts with icons that writing a backup takes a while.
    for (let index = 0; index < 120; index += 1) {
      const form = new FormData();
      form.append('icon', new Blob([PNG], { type: 'image/png' }), 'icon.png');
      const icon = (await (
        await fetch(`${url}/api/v1/icons`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
          body: form,
        })
      ).json()) as { filename: string };
      const created = await call('POST', '/api/v1/twofaccounts', {
        service: `Service ${index}`,
        account: `user${index}@example.com`,
        otp_type: 'totp',
        secret: 'A4GRFHVVRBGY7UIW',
        icon: icon.filename,
      });
      expect(created.status).toBe(201);
    }

    for (const delayMs of [0, 5, 20, 60, 150, 400]) {
      const running = call('POST', '/api/v1/backups').catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      await kill(child);
      await running;
      expectOnlyWholeBackups();
      child = await start(port);
      // The restart removed what the killed run left under a temporary name.
      expect(expectOnlyWholeBackups().filter((name) => !isBackupName(name))).toEqual([]);
    }

    const next = await call('POST', '/api/v1/backups');
    expect(next.status).toBe(201);
    const entry = (await next.json()) as { name: string; accounts: number };
    expect(entry.accounts).toBe(120);
    expect(expectOnlyWholeBackups()).toContain(entry.name);
    await kill(child);
  }, 240_000);
});
