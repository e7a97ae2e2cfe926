import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '../db/database.js';
import { createUserWithToken, john } from '../test/auth-helpers.js';
import { WebSession } from '../reliability/web-session.js';
import { bearerFetch, freePort, killHard, ServerLogs, startServer } from '../test/server-process.js';
import { isBackupName } from './backup-files.js';

/*
 * The real process, killed with SIGKILL while "Back up now" runs, at several moments of the run.
 * Whatever the moment, the folder never holds a partial backup under a backup's name (files are
 * written under a temporary name, synced, then renamed), the restarted server removes the
 * temporary leftovers, and the next backup succeeds.
 */

const dataDir = mkdtempSync(path.join(tmpdir(), 'twofold-backup-kill-'));
const backupDir = path.join(dataDir, 'backups');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

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
    const call = bearerFetch(url, token);
    const logs = new ServerLogs();
    const start = () => startServer(port, { DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, logs, 60_000);

    let server = await start();
    // The backup password is the signed-in user's only (refused to tokens).
    const session = await WebSession.signIn(url, john);
    expect(
      (await session.request('PUT', '/api/v1/backups/password', { password: 'backup password' })).status,
    ).toBe(204);
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
      await killHard(server);
      await running;
      expectOnlyWholeBackups();
      server = await start();
      // The restart removed what the killed run left under a temporary name.
      expect(expectOnlyWholeBackups().filter((name) => !isBackupName(name))).toEqual([]);
    }

    const next = await call('POST', '/api/v1/backups');
    expect(next.status).toBe(201);
    const entry = (await next.json()) as { name: string; accounts: number };
    expect(entry.accounts).toBe(120);
    expect(expectOnlyWholeBackups()).toContain(entry.name);
    await killHard(server);
  }, 240_000);
});
