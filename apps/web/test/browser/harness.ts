import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { faketimeEnv } from '../../../../packages/contract/test/faketime';

const here = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(here, '../../../..');
const serverEntry = path.join(repoRoot, 'apps/api/dist/server.js');
const webIndex = path.join(repoRoot, 'apps/web/dist/index.html');
/** Screenshots of every screen land here (ignored by git), to be looked at. */
export const artifactsDir = path.join(repoRoot, 'test-artifacts');

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data folder the built server set up once for the run (empty-install.ts), never used since. */
    readonly emptyInstall?: string;
  }
}

/** The run's empty install; none outside Vitest (the benches run the harness under tsx). */
function emptyInstall(): string | undefined {
  try {
    return inject('emptyInstall');
  } catch {
    return undefined;
  }
}

/** A new install's data folder: a copy of the run's empty install, or an empty folder without one. */
function newDataDir(): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'twofold-browser-'));
  const template = emptyInstall();
  if (template) cpSync(template, dataDir, { recursive: true });
  return dataDir;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  /** http://localhost:PORT — a host name, not an IP: WebAuthn refuses IP addresses. */
  readonly url: string;
  readonly port: number;
  readonly dataDir: string;
  /** What the server printed (for assertions on logs and for debugging failures). */
  readonly output: () => string;
  /** Stops the process and removes the data folder, unless asked to keep it. */
  readonly stop: (options?: { keepData?: boolean }) => Promise<void>;
}

/**
 * Starts the real server (built apps/api + apps/web) on an embedded database in a fresh data
 * folder, and waits until it answers /up. `faketime` (`+120s`, `-90s`) runs it with its clock
 * that far off the true time (libfaketime; the start fails when it is missing).
 */
export async function startServer(
  env: Record<string, string> = {},
  at: { port?: number; dataDir?: string; faketime?: string } = {},
): Promise<RunningServer> {
  if (!existsSync(serverEntry) || !existsSync(webIndex)) {
    throw new Error('Build first: the browser tests run the built server and web app (pnpm build).');
  }
  const port = at.port ?? (await freePort());
  const dataDir = at.dataDir ?? newDataDir();
  const url = `http://localhost:${port}`;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      APP_ENV: 'test',
      ...(at.faketime ? faketimeEnv(at.faketime) : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));

  // A loaded machine (two browser files at a time on two cores) can take this long to start it.
  const deadline = Date.now() + 100_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output}`);
    try {
      const response = await fetch(`${url}/up`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start within 100 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }

  return {
    url,
    port,
    dataDir,
    output: () => output,
    stop: async (options = {}) => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      if (!options.keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ResettableServer {
  /** Stable across resets: the same port, so the same origin for the browser. */
  readonly url: string;
  readonly dataDir: string;
  readonly output: () => string;
  /** Back to a new install (no user, no data, default settings): call it before each test. */
  readonly reset: () => Promise<void>;
  readonly stop: () => Promise<void>;
}

/**
 * One server for a whole test file, with a cheap reset between its tests. The reset is tried
 * through the API first: when the user signs in with one of `credentials`, it deletes the user
 * (which deletes every account, group, icon, token, device, setting and sign-in throttle with
 * it), leaving the same server running on an empty database, in well under a second. What the API
 * cannot undo (an unknown password, demo or proxy mode) falls back to a new server process on the
 * same port (so the same origin) with a new data folder, or a new copy of `env.DATA_DIR` when the
 * file prepared one.
 */
export async function startResettableServer(
  env: Record<string, string> = {},
  credentials: readonly Credentials[] = KNOWN_USERS,
): Promise<ResettableServer> {
  const { DATA_DIR: preparedDir, ...rest } = env;
  const copyPrepared = (): { dataDir?: string } => {
    if (!preparedDir) return {};
    const dataDir = mkdtempSync(path.join(tmpdir(), 'twofold-browser-'));
    cpSync(preparedDir, dataDir, { recursive: true });
    return { dataDir };
  };
  let running = await startServer(rest, copyPrepared());
  const port = running.port;
  let previousOutput = '';
  // Nothing has run on a server that was just started: its first reset has nothing to undo.
  let untouched = true;
  return {
    url: running.url,
    get dataDir() {
      return running.dataDir;
    },
    output: () => previousOutput + running.output(),
    reset: async () => {
      if (untouched) {
        untouched = false;
        return;
      }
      if (!env.AUTHENTICATION_GUARD && (await wipeThroughApi(running.url, credentials))) return;
      previousOutput += running.output();
      await running.stop();
      running = await startServer(rest, { port, ...copyPrepared() });
    },
    stop: () => running.stop(),
  };
}

export interface Credentials {
  readonly email: string;
  readonly password: string;
}

/** The users the journeys register (accounts-helpers' signUp and identity's USER). */
export const KNOWN_USERS: readonly Credentials[] = [
  { email: 'jane@example.com', password: 'correct horse battery' },
  { email: 'ada@example.com', password: 'correct horse battery' },
];

/** A tiny cookie jar over fetch: enough for a session cookie and the CSRF token. */
function apiClient(baseUrl: string) {
  const cookies = new Map<string, string>();
  const call = async (method: string, route: string, body?: unknown): Promise<Response> => {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (cookies.size > 0) headers.Cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const xsrf = cookies.get('XSRF-TOKEN');
    if (xsrf) headers['X-XSRF-TOKEN'] = decodeURIComponent(xsrf);
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await fetch(`${baseUrl}${route}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair!.indexOf('=');
      cookies.set(pair!.slice(0, index).trim(), pair!.slice(index + 1).trim());
    }
    return response;
  };
  return call;
}

/**
 * Empties the database through the API: nothing to do without a user; else signs in with the
 * first matching credentials and deletes the user (and with it all data). False when it cannot.
 */
async function wipeThroughApi(baseUrl: string, credentials: readonly Credentials[]): Promise<boolean> {
  const probe = apiClient(baseUrl);
  const name = (await (await probe('GET', '/api/v1/user/name')).json()) as { name: string | null };
  if (name.name === null) return true;
  for (const { email, password } of credentials) {
    const call = apiClient(baseUrl);
    await call('GET', '/refresh-csrf');
    const login = await call('POST', '/user/login', { email, password });
    await login.arrayBuffer();
    if (!login.ok) continue;
    const deleted = await call('DELETE', '/user', { password });
    await deleted.arrayBuffer();
    return deleted.status === 204;
  }
  return false;
}

export interface BrowserSession {
  readonly context: BrowserContext;
  readonly page: Page;
  readonly close: () => Promise<void>;
}

/** Debian's Chromium, headless, with a fresh profile (never a downloaded browser). */
export async function launchBrowser(
  options: { locale?: string; viewport?: { width: number; height: number }; args?: string[] } = {},
): Promise<BrowserSession> {
  const profile = mkdtempSync(path.join(tmpdir(), 'twofold-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    locale: options.locale ?? 'en-US',
    viewport: options.viewport ?? { width: 1280, height: 800 },
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...(options.args ?? []),
    ],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  // The server's Content-Security-Policy must never block the app: a violation fails the file.
  const violations: string[] = [];
  context.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  return {
    context,
    page,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
      if (violations.length > 0) {
        throw new Error(`Content-Security-Policy violations:\n${violations.join('\n')}`);
      }
    },
  };
}

export interface SharedBrowser {
  /** A fresh context (no cookies, no storage) and its page: cheap, one per test. */
  readonly newSession: (options?: {
    locale?: string;
    viewport?: { width: number; height: number };
    /** 'block' keeps the service worker out, so that every request reaches the routes. */
    serviceWorkers?: 'allow' | 'block';
  }) => Promise<BrowserSession>;
  readonly close: () => Promise<void>;
}

/** One headless Chromium for a whole test file; each test opens its own context with `newSession`. */
export async function launchSharedBrowser(options: { args?: string[] } = {}): Promise<SharedBrowser> {
  const browser: Browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...(options.args ?? []),
    ],
  });
  return {
    newSession: async (sessionOptions = {}) => {
      const context = await browser.newContext({
        locale: sessionOptions.locale ?? 'en-US',
        viewport: sessionOptions.viewport ?? { width: 1280, height: 800 },
        serviceWorkers: sessionOptions.serviceWorkers ?? 'allow',
      });
      const page = await context.newPage();
      const violations: string[] = [];
      context.on('console', (message) => {
        if (message.text().includes('Content Security Policy')) violations.push(message.text());
      });
      return {
        context,
        page,
        close: async () => {
          await context.close();
          if (violations.length > 0) {
            throw new Error(`Content-Security-Policy violations:\n${violations.join('\n')}`);
          }
        },
      };
    },
    close: () => browser.close(),
  };
}

/** Saves the current screen at phone (375 px) and desktop (1280 px) widths: `<name>-375.png`, `<name>-1280.png`. */
export async function screenshots(page: Page, name: string): Promise<void> {
  mkdirSync(artifactsDir, { recursive: true });
  const original = page.viewportSize() ?? { width: 1280, height: 800 };
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await page.waitForTimeout(50);
    await page.screenshot({ path: path.join(artifactsDir, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(original);
}
