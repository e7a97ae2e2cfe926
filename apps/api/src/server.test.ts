import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/database.js';
import { serverEntry } from './test/server-process.js';

/* The real process (the built bundle): embedded database in DATA_DIR, graceful stop, data kept across restarts. */

const dataDir = mkdtempSync(path.join(tmpdir(), 'twofold-server-'));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function startServer(port: number): Promise<{ child: ChildProcess; output: () => string }> {
  let output = '';
  const child = spawn(process.execPath, [serverEntry()], {
    env: { PATH: process.env.PATH, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // A first start creates the embedded database: slow on a loaded machine.
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/up`);
      if (response.ok) return { child, output: () => output };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start: ${output}`);
}

function stopServer(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}

describe('the server process', () => {
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('starts on the embedded database, stops gracefully and keeps its data', async () => {
    const port = await freePort();
    const first = await startServer(port);
    expect(first.output()).toContain('Twofold');
    expect(statSync(path.join(dataDir, 'app.key')).mode & 0o777).toBe(0o600);
    const anonymous = await fetch(`http://127.0.0.1:${port}/api/v1/user/name`);
    expect(await anonymous.json()).toEqual({ name: null });
    expect(await stopServer(first.child)).toBe(0);
    expect(first.output()).toContain('stopped');

    // Write through the database directly while the server is down, as a restore would.
    expect(existsSync(path.join(dataDir, 'db'))).toBe(true);
    const database = await openDatabase({ driver: 'pglite', dataDir: path.join(dataDir, 'db') });
    await database.db
      .insertInto('users')
      .values({ name: 'Alice', email: 'alice@example.com', password_hash: 'x', webauthn_handle: 'h' })
      .execute();
    await database.close();

    const second = await startServer(port);
    const named = await fetch(`http://127.0.0.1:${port}/api/v1/user/name`);
    expect(await named.json()).toEqual({ name: 'Alice' });
    expect(await stopServer(second.child)).toBe(0);
  }, 240_000);

  it('refuses to start with a bad variable, naming it', async () => {
    const child = spawn(process.execPath, [serverEntry()], {
      env: { PATH: process.env.PATH, PORT: 'eighty', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(output).toContain('Invalid configuration: PORT must be a whole number');
  }, 60_000);
});
