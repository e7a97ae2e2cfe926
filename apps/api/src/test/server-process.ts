import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

/*
 * The real server as a child process (the built bundle dist/server.js, as the start command and
 * the image run it), on a free loopback port, its output kept for the log checks. Only 127.0.0.1
 * is ever contacted. The test command builds first; alone, run `pnpm build` before these tests.
 */

const dist = fileURLToPath(new URL('../../dist/', import.meta.url));
const sources = fileURLToPath(new URL('..', import.meta.url));

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(file));
    else if (/(?<!\.test)\.ts$/.test(entry.name) && !dir.endsWith('/test'))
      newest = Math.max(newest, statSync(file).mtimeMs);
  }
  return newest;
}

let checked = false;

/**
 * A file of the build (`server.js`, the bundle, or a compiled module such as `db/data-dir-lock.js`),
 * refused when the build is missing or older than a source file (the test would try old code).
 */
export function built(file: string): string {
  const entry = `${dist}server.js`;
  if (!checked) {
    const stat = statSync(entry, { throwIfNoEntry: false });
    if (!stat) throw new Error(`${entry} is missing: run \`pnpm build\` before the process tests`);
    if (newestSource(sources) > stat.mtimeMs)
      throw new Error(`${entry} is older than apps/api/src: run \`pnpm build\` before the process tests`);
    checked = true;
  }
  return `${dist}${file}`;
}

/** The built server, as the start command runs it. */
export const serverEntry = () => built('server.js');

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export const randomAppKey = () => randomBytes(32).toString('base64');

export interface ServerProcess {
  readonly url: string;
  readonly child: ChildProcess;
  /** Exit code or signal once it has exited, else null. */
  exited(): string | null;
}

/** Every line any server of this test file wrote (stdout and stderr). */
export class ServerLogs {
  readonly lines: string[] = [];
  text(): string {
    return this.lines.join('');
  }
  /** No secret used by the tests appears in any log line. */
  expectNoSecrets(secrets: Iterable<string>): void {
    const text = this.text();
    expect(text.length).toBeGreaterThan(0);
    for (const secret of secrets) {
      if (secret.length < 6) continue;
      expect(text.includes(secret), `a secret reached the server log: ${secret.slice(0, 3)}…`).toBe(false);
    }
  }
}

function spawnServer(
  port: number,
  env: Record<string, string>,
  logs: ServerLogs,
  nodeArgs: readonly string[] = [],
): ChildProcess {
  const child = spawn(process.execPath, [...nodeArgs, serverEntry()], {
    env: {
      PATH: process.env.PATH,
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'info',
      THROTTLE_API: '0',
      THROTTLE_WEB: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => logs.lines.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => logs.lines.push(chunk.toString()));
  return child;
}

export async function startServer(
  port: number,
  env: Record<string, string>,
  logs: ServerLogs,
  timeoutMs = 90_000,
  nodeArgs: readonly string[] = [],
): Promise<ServerProcess> {
  const child = spawnServer(port, env, logs, nodeArgs);
  const url = `http://127.0.0.1:${port}`;
  const exited = () =>
    child.exitCode !== null ? `code ${child.exitCode}` : child.signalCode !== null ? child.signalCode : null;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited()) throw new Error(`server exited (${exited()}): ${logs.text().slice(-2000)}`);
    try {
      if ((await fetch(`${url}/up`)).ok) return { url, child, exited };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start: ${logs.text().slice(-2000)}`);
}

/** A start expected to fail: the exit code (or signal), how long the process ran, what it wrote. */
export interface FailedStart {
  readonly exit: string;
  readonly ms: number;
  readonly output: string;
}

/** Starts a server that should stop by itself; SIGKILL and a failure if it still runs after the timeout. */
export async function startExpectingExit(
  port: number,
  env: Record<string, string>,
  logs: ServerLogs,
  timeoutMs = 60_000,
): Promise<FailedStart> {
  const started = Date.now();
  const own = new ServerLogs();
  const child = spawnServer(port, env, own);
  const exit = await new Promise<string>((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    // 'close': the process has exited and its output is all read.
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      resolve(code !== null ? `code ${code}` : `signal ${signal}`);
    });
  });
  logs.lines.push(...own.lines);
  return { exit, ms: Date.now() - started, output: own.text() };
}

/** SIGKILL, resolved once the process is gone. */
export function killHard(server: ServerProcess): Promise<void> {
  return new Promise((resolve) => {
    if (server.exited()) return resolve();
    server.child.once('exit', () => resolve());
    server.child.kill('SIGKILL');
  });
}

/** SIGTERM (graceful stop), then SIGKILL after a while. */
export async function stopServer(server: ServerProcess): Promise<void> {
  if (server.exited()) return;
  const gone = new Promise<void>((resolve) => server.child.once('exit', () => resolve()));
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 10_000);
  await gone;
  clearTimeout(timer);
}

/** A JSON API call with a Bearer token (fetch, loopback only). */
export function bearerFetch(base: string, token: string) {
  return (method: string, route: string, body?: unknown) =>
    fetch(`${base}${route}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(30_000),
    });
}
