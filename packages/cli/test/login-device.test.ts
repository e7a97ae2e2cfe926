/**
 * `twofold login --device` against the built server: the tool prints the page and the code, the
 * signed-in user approves or denies them over HTTP as the web page `/connect` does, and the tool
 * stores the token it is given. The server's clock can be moved (libfaketime) to let a code expire.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { movableClockEnv } from '../../contract/test/faketime.js';
import { startTestServer, type TestServer } from '../../contract/test/test-server.js';

const main = fileURLToPath(new URL('../dist/main.js', import.meta.url));
let server: TestServer;
let home: string;
let clock: ReturnType<typeof movableClockEnv>;

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

interface Login {
  readonly child: ChildProcessWithoutNullStreams;
  /** The page and the code the tool printed, once it has. */
  readonly shown: Promise<{ page: string; userCode: string }>;
  readonly done: Promise<Run>;
}

const configFile = () => path.join(home, 'config/twofold/config.json');

/** `twofold login <url> --device ...` without a stored login or TWOFOLD_* variables. */
function login(args: readonly string[]): Login {
  const child = spawn(process.execPath, [main, 'login', server.url, '--device', ...args], {
    env: {
      PATH: `${path.dirname(process.execPath)}:/usr/bin:/bin`,
      HOME: home,
      XDG_CONFIG_HOME: path.join(home, 'config'),
    },
    cwd: home,
  });
  let stdout = '';
  let stderr = '';
  let resolveShown: (value: { page: string; userCode: string }) => void = () => undefined;
  const shown = new Promise<{ page: string; userCode: string }>((resolve) => (resolveShown = resolve));
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    const page = /^ {2}(http\S+\/connect\?code=\S+)$/m.exec(stderr)?.[1];
    const userCode = /shows the code ([A-Z]{4}-[A-Z]{4})/.exec(stderr)?.[1];
    if (page && userCode) resolveShown({ page, userCode });
  });
  const done = new Promise<Run>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
  child.stdin.end();
  const endedFirst = done.then((run) => {
    throw new Error(`the tool ended before showing a code: ${run.stderr}`);
  });
  const shownOrEnded = Promise.race([shown, endedFirst]);
  shownOrEnded.catch(() => undefined); // a test that expects no code does not wait for one
  return { child, shown: shownOrEnded, done };
}

/** What the web page does for the signed-in user: the pairing shown, then the decision. */
async function decide(userCode: string, decision: 'approve' | 'deny', name?: string) {
  const shown = await server.asUser('GET', `/api/v1/device-authorizations/${userCode}`);
  expect(shown.status).toBe(200);
  const pending = (await shown.json()) as { client_name: string; scope: string };
  if (decision === 'approve') {
    const confirmed = await server.asUser('POST', '/user/confirm', { password: server.password });
    expect(confirmed.status).toBe(200);
  }
  const body = decision === 'approve' ? (name === undefined ? {} : { name }) : undefined;
  const decided = await server.asUser('POST', `/api/v1/device-authorizations/${userCode}/${decision}`, body);
  expect(decided.status, await decided.text()).toBe(204);
  return pending;
}

const tokenNames = async () =>
  ((await (await server.asUser('GET', '/oauth/personal-access-tokens')).json()) as { name: string }[]).map(
    (token) => token.name,
  );

beforeAll(async () => {
  if (!existsSync(main)) throw new Error('build the CLI first (pnpm build)');
  home = mkdtempSync(path.join(tmpdir(), 'twofold-cli-device-'));
  clock = movableClockEnv(path.join(home, 'server-clock'));
  server = await startTestServer(clock.env);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  if (home) rmSync(home, { recursive: true, force: true });
});

describe('login --device', () => {
  it('prints the page and the code, waits for the approval, stores the token and says its scope', async () => {
    const run = login([]);
    const { page, userCode } = await run.shown;
    expect(page).toBe(`${server.url}/connect?code=${userCode}`);
    const pending = await decide(userCode, 'approve', 'Terminal at home');
    expect(pending).toMatchObject({ scope: 'codes', client_name: expect.stringMatching(/^twofold CLI on /) });

    const { code, stdout, stderr } = await run.done;
    expect(code, stderr).toBe(0);
    expect(stdout).toBe('');
    expect(stderr).toContain(`or open ${server.url}/connect and type the code there`);
    expect(stderr).toMatch(
      /Logged in to .* as Tester \(token scope: codes: the accounts without their secrets, and their codes\), listed as "Terminal at home"/,
    );
    expect(statSync(configFile()).mode & 0o777).toBe(0o600);
    const stored = JSON.parse(readFileSync(configFile(), 'utf8')) as { url: string; token: string };
    expect(stored.url).toBe(server.url);
    expect(stderr).not.toContain(stored.token);
    expect(await tokenNames()).toContain('Terminal at home');

    // The stored token works for the next commands, within its scope.
    const whoami = await fetch(`${server.url}/api/v1/user`, {
      headers: { Authorization: `Bearer ${stored.token}`, Accept: 'application/json' },
    });
    expect(whoami.status).toBe(200);
    expect(whoami.headers.get('x-token-scope')).toBe('codes');
  });

  it('asks for a read token with --scope read; a denial stores nothing (exit 3)', async () => {
    const before = readFileSync(configFile(), 'utf8');
    const run = login(['--scope', 'read']);
    const { userCode } = await run.shown;
    expect(await decide(userCode, 'deny')).toMatchObject({ scope: 'read' });
    const { code, stderr } = await run.done;
    expect(code).toBe(3);
    expect(stderr).toContain('twofold: The connection was denied in the web app: nothing was saved.\n');
    expect(readFileSync(configFile(), 'utf8')).toBe(before);
  });

  it('a full token is never paired (exit 64, nothing started)', async () => {
    const run = login(['--scope', 'full']);
    const { code, stderr } = await run.done;
    expect(code).toBe(64);
    expect(stderr).toMatch(/A pairing gives a "codes" or a "read" token, never a "full" one/);
  });

  it('Ctrl-C stops waiting: exit 130, nothing saved, the pairing left unapproved', async () => {
    const before = readFileSync(configFile(), 'utf8');
    const run = login([]);
    const { userCode } = await run.shown;
    run.child.kill('SIGINT');
    const { code, stderr } = await run.done;
    expect(code).toBe(130);
    expect(stderr).toContain('twofold: Stopped: nothing was saved.\n');
    expect(readFileSync(configFile(), 'utf8')).toBe(before);
    expect((await server.asUser('GET', `/api/v1/device-authorizations/${userCode}`)).status).toBe(200);
  });

  // Last: the server's clock stays ten minutes ahead.
  it('stops when the code expires, with what to do next (exit 1)', async () => {
    const before = readFileSync(configFile(), 'utf8');
    const run = login([]);
    const { userCode } = await run.shown;
    await clock.move('+601s', server.url);
    const { code, stderr } = await run.done;
    expect(code).toBe(1);
    expect(stderr).toContain(
      `twofold: The code expired before it was approved: nothing was saved. Run \`twofold login ${server.url} --device\` again for a new code.\n`,
    );
    expect(readFileSync(configFile(), 'utf8')).toBe(before);
    expect((await server.asUser('GET', `/api/v1/device-authorizations/${userCode}`)).status).toBe(404);
  });
});
