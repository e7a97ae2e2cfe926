/**
 * A real Twofold server for end-to-end tests of the SDK and the CLI: the built API
 * (apps/api/dist) on an embedded PGlite database in a temporary DATA_DIR, on a free port,
 * with one registered user and a personal access token made over HTTP like a person would.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));
const serverEntry = path.join(repositoryRoot, 'apps/api/dist/server.js');

export interface TestServer {
  readonly url: string;
  /** The registered user's password (what the identity confirmation asks for). */
  readonly password: string;
  /** A personal access token of the registered user. */
  readonly token: string;
  /** Creates one more token (each test that revokes or corrupts one can have its own), `full` unless `scope`. */
  readonly newToken: (name: string, scope?: 'codes' | 'read' | 'full') => Promise<string>;
  /** A request of the signed-in user's web session: the sensitive settings refuse every token. */
  readonly asUser: (method: string, route: string, body?: unknown) => Promise<Response>;
  /** Stops the server process, keeping its data: the server cannot be reached until `resume`. */
  readonly halt: () => Promise<void>;
  /** Starts the server again on the same address and data. */
  readonly resume: () => Promise<void>;
  readonly stop: () => Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitUntilUp(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the test server exited early:\n${output()}`);
    try {
      // A probe that hangs (a server still compiling under load) must not outlast the deadline.
      const response = await fetch(`${url}/up`, { signal: AbortSignal.timeout(5_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the test server did not start in time:\n${output()}`);
}

/** A cookie jar just big enough for the session routes (register, tokens). */
class Session {
  private readonly cookies = new Map<string, string>();
  constructor(private readonly url: string) {}

  private remember(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
  }

  async send(method: string, route: string, body?: unknown): Promise<Response> {
    if (!this.cookies.has('XSRF-TOKEN')) this.remember(await fetch(`${this.url}/refresh-csrf`));
    const headers: Record<string, string> = {
      Accept: 'application/json',
      Cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      'X-XSRF-TOKEN': decodeURIComponent(this.cookies.get('XSRF-TOKEN') ?? ''),
    };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await fetch(`${this.url}${route}`, {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    this.remember(response);
    return response;
  }
}

/** `env` adds to the server's environment (e.g. `WEB_DIR`, a copy of the web app to tamper with). */
export async function startTestServer(env: Readonly<Record<string, string>> = {}): Promise<TestServer> {
  if (!existsSync(serverEntry)) throw new Error(`build the API first: ${serverEntry} is missing`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'twofold-e2e-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const launch = () =>
    spawn(process.execPath, [serverEntry], {
      env: {
        PATH: process.env.PATH ?? '',
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_URL: url,
        LOG_LEVEL: 'warn',
        THROTTLE_API: '10000',
        THROTTLE_WEB: '10000',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  let child: ChildProcess;
  const start = () => {
    child = launch();
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  };
  start();
  const halt = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  };
  const resume = async () => {
    start();
    await waitUntilUp(url, child, () => output);
  };
  const stop = async () => {
    await halt();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilUp(url, child!, () => output);
    const session = new Session(url);
    const password = 'correct horse battery staple';
    const registered = await session.send('POST', '/user', {
      name: 'Tester',
      email: 'tester@example.com',
      password,
      password_confirmation: password,
    });
    if (registered.status !== 201)
      throw new Error(`register: ${registered.status} ${await registered.text()}`);
    const newToken = async (name: string, scope?: 'codes' | 'read' | 'full') => {
      const made = await session.send('POST', '/oauth/personal-access-tokens', {
        name,
        ...(scope ? { scope } : {}),
      });
      if (made.status !== 200) throw new Error(`token: ${made.status} ${await made.text()}`);
      return ((await made.json()) as { accessToken: string }).accessToken;
    };
    const asUser = (method: string, route: string, body?: unknown) => session.send(method, route, body);
    return { url, password, token: await newToken('e2e'), newToken, asUser, halt, resume, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
