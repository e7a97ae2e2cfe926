/** The `twofold` binary (dist/main.js) against a real server: the built API on PGlite. */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../contract/test/test-server.js';

const main = fileURLToPath(new URL('../dist/main.js', import.meta.url));
let server: TestServer;
let home: string;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the tool with a private config folder; `env` adds to (or, with `undefined`, removes from) its environment. */
function twofold(
  args: string[],
  options: { env?: Record<string, string | undefined>; input?: string } = {},
): Promise<Run> {
  const env: Record<string, string> = {
    PATH: `${path.join(home, 'bin')}:${path.dirname(process.execPath)}:/usr/bin:/bin`,
    HOME: home,
    XDG_CONFIG_HOME: path.join(home, 'config'),
    TWOFOLD_URL: server.url,
    TWOFOLD_TOKEN: server.token,
  };
  for (const [name, value] of Object.entries(options.env ?? {})) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [main, ...args], { env, cwd: home });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.input ?? '');
  });
}

const anonymous = { TWOFOLD_URL: undefined, TWOFOLD_TOKEN: undefined };

beforeAll(async () => {
  if (!existsSync(main)) throw new Error('build the CLI first (pnpm build)');
  home = mkdtempSync(path.join(tmpdir(), 'twofold-cli-'));
  server = await startTestServer();
}, 120_000);

afterAll(async () => {
  await server?.stop();
  if (home) rmSync(home, { recursive: true, force: true });
});

describe('login', () => {
  it('refuses a bad token (exit 3) and stores nothing', async () => {
    const run = await twofold(['login', server.url], { env: anonymous, input: 'not-a-token\n' });
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/refused the token/);
    expect(run.stderr).not.toContain('not-a-token');
    expect(existsSync(path.join(home, 'config/twofold/config.json'))).toBe(false);
  });

  it('checks the token, stores URL and token in a 0600 file, and later commands use it', async () => {
    const run = await twofold(['login', `${server.url}/`], { env: anonymous, input: `${server.token}\n` });
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/Logged in to .* as Tester/);
    expect(run.stdout + run.stderr).not.toContain(server.token);
    const file = path.join(home, 'config/twofold/config.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ url: server.url, token: server.token });
    expect((await twofold(['ls', '--json'], { env: anonymous })).code).toBe(0);
  });

  it('login --scope refuses a token of another scope, and a refused command prints the server message', async () => {
    const codes = await server.newToken('extension', 'codes');
    const file = path.join(home, 'config/twofold/config.json');
    const before = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
    const wrong = await twofold(['login', server.url, '--scope', 'read'], {
      env: anonymous,
      input: `${codes}\n`,
    });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/This is a "codes" token, not "read"/);
    expect(wrong.stdout + wrong.stderr).not.toContain(codes);
    expect(existsSync(file) ? readFileSync(file, 'utf8') : undefined).toEqual(before);

    const right = await twofold(['login', server.url, '--scope', 'codes'], {
      env: anonymous,
      input: `${codes}\n`,
    });
    expect(right.code).toBe(0);
    expect(right.stderr).toMatch(/as Tester \(token scope: codes\)/);
    const refused = await twofold(['export', '--format', 'otpauth'], { env: anonymous });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('it needs the "read" scope or a wider one');
    expect(
      (await twofold(['login', server.url, '--scope', 'all'], { env: anonymous, input: `${codes}\n` })).code,
    ).toBe(64);
    // Back to the full token for the next tests.
    expect((await twofold(['login', server.url], { env: anonymous, input: `${server.token}\n` })).code).toBe(
      0,
    );
  });

  it('TWOFOLD_TOKEN overrides the stored token', async () => {
    const run = await twofold(['ls'], { env: { TWOFOLD_URL: undefined, TWOFOLD_TOKEN: 'wrong' } });
    expect(run.code).toBe(3);
  });

  it('exit 4 when the server cannot be reached, 64 on a wrong command line', async () => {
    const unreachable = await twofold(['ls'], { env: { TWOFOLD_URL: 'http://127.0.0.1:9' } });
    expect(unreachable.code).toBe(4);
    expect(unreachable.stderr).toMatch(/Cannot reach the server at http:\/\/127\.0\.0\.1:9\./);
    expect((await twofold(['ls', '--nope'])).code).toBe(64);
    expect((await twofold(['code'])).code).toBe(64);
  });
});

describe('accounts', () => {
  it('adds accounts from otpauth URIs and lists them without secrets', async () => {
    for (const uri of [
      'otpauth://totp/GitHub:alice?secret=JBSWY3DPEHPK3PXP&issuer=GitHub',
      'otpauth://totp/GitHub:bob?secret=KRSXG5CTMVRXEZLU&issuer=GitHub',
      'otpauth://hotp/Mail:carol?secret=GEZDGNBVGY3TQOJQ&issuer=Mail&counter=0',
    ]) {
      const run = await twofold(['add', uri]);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toMatch(/^Added /);
      expect(run.stdout).not.toMatch(/JBSWY3DPEHPK3PXP|KRSXG5CTMVRXEZLU|GEZDGNBVGY3TQOJQ/);
    }
    const json = await twofold(['ls', '--json']);
    const accounts = JSON.parse(json.stdout) as { service: string; account: string; secret?: string }[];
    expect(accounts.map((a) => `${a.service}:${a.account}`)).toEqual([
      'GitHub:alice',
      'GitHub:bob',
      'Mail:carol',
    ]);
    expect(accounts.every((a) => a.secret === undefined)).toBe(true);
    const table = await twofold(['ls']);
    expect(table.stdout).toMatch(/ID\s+SERVICE\s+ACCOUNT\s+TYPE\s+TAGS/);
    expect(table.stdout).not.toContain('JBSWY3DPEHPK3PXP');
  });

  it('code: one match prints the code, --next adds the next one', async () => {
    const one = await twofold(['code', 'bob']);
    expect(one.code).toBe(0);
    expect(one.stdout).toMatch(/^\d{6}\n$/);
    const next = await twofold(['code', 'github:alice', '--next']);
    expect(next.stdout).toMatch(/^\d{6} \d{6}\n$/);
    const json = await twofold(['code', 'github:alice', '--json']);
    expect(json.code, json.stderr).toBe(0);
    const document = JSON.parse(json.stdout) as {
      account: { service: string };
      password: string;
      next_password?: string;
      secret?: string;
    };
    expect(document.account.service).toBe('GitHub');
    expect(document.password).toMatch(/^\d{6}$/);
    expect(document.next_password).toMatch(/^\d{6}$/);
    expect(json.stdout).not.toContain('JBSWY3DPEHPK3PXP');
  });

  it("status: the server's clock and data disk; a server on time prints no warning, nor does code", async () => {
    const status = await twofold(['status']);
    expect(status.code).toBe(0);
    expect(status.stdout).toMatch(/^Server clock: right/m);
    expect(status.stdout).toMatch(/^Data disk: \d+ MB free of \d+ MB$/m);
    expect(status.stderr).toBe('');
    const code = await twofold(['code', 'bob']);
    expect(code.stderr).toBe('');
    const json = await twofold(['status', '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject({ clock: { server_offset_ms: null } });
  });

  it('code: several matches are listed with exit 2, no match is exit 1', async () => {
    const several = await twofold(['code', 'github']);
    expect(several.code).toBe(2);
    expect(several.stdout).toBe('');
    expect(several.stderr).toMatch(/2 accounts match "github"/);
    expect(several.stderr).toMatch(/GitHub:alice[\s\S]*GitHub:bob/);
    const none = await twofold(['code', 'nothing-like-this']);
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/No account matches "nothing-like-this"/);
  });

  it('code --copy hands the code to the clipboard tool and does not print it', async () => {
    const clip = path.join(home, 'clipboard.txt');
    const bin = path.join(home, 'bin');
    const fake = path.join(bin, 'wl-copy');
    await import('node:fs').then((fs) => fs.mkdirSync(bin, { recursive: true }));
    writeFileSync(fake, `#!/bin/sh\ncat > '${clip}'\n`);
    chmodSync(fake, 0o755);
    try {
      const run = await twofold(['code', 'mail', '--copy']);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toBe('');
      expect(readFileSync(clip, 'utf8')).toMatch(/^\d{6}$/);
    } finally {
      rmSync(fake);
    }
    const without = await twofold(['code', 'mail', '--copy']);
    expect(without.code).toBe(1);
    expect(without.stderr).toMatch(/No clipboard tool found/);
  });

  it('ls --group: an unknown group is exit 1', async () => {
    const run = await twofold(['ls', '--group', 'Nope']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/No group named "Nope"/);
  });

  it('ls --sort: recently used, most used (codes read here and codes other apps reported viewed), by name', async () => {
    const order = async (sort: string) => {
      const run = await twofold(['ls', '--json', '--sort', sort]);
      expect(run.code, run.stderr).toBe(0);
      return (JSON.parse(run.stdout) as { id: number; service: string; account: string }[]).map(
        (a) => `${a.service}:${a.account}`,
      );
    };
    const ids = new Map(
      (JSON.parse((await twofold(['ls', '--json'])).stdout) as { id: number; account: string }[]).map((a) => [
        a.account,
        a.id,
      ]),
    );
    // Another app (the web app) computed codes itself: carol's 40 times, bob's 20 (ids only).
    const viewed = await fetch(`${server.url}/api/v1/otp-logs/viewed`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${server.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        ids: [
          ...Array<number>(40).fill(ids.get('carol') ?? 0),
          ...Array<number>(20).fill(ids.get('bob') ?? 0),
        ],
      }),
    });
    expect(viewed.status).toBe(204);
    expect(await order('used')).toEqual(['Mail:carol', 'GitHub:bob', 'GitHub:alice']);
    // Then bob's code read here: the last read comes first, then carol (viewed), then alice (read
    // by the tests above, before the report).
    expect((await twofold(['code', 'bob'])).code).toBe(0);
    expect(await order('recent')).toEqual(['GitHub:bob', 'Mail:carol', 'GitHub:alice']);
    expect(await order('name')).toEqual(['GitHub:alice', 'GitHub:bob', 'Mail:carol']);
    const bad = await twofold(['ls', '--sort', 'newest']);
    expect(bad.code).toBe(64);
    expect(bad.stderr).toMatch(/recent, used, name/);
  });

  it('add: a QR code image (the server draws one, the CLI has it decoded)', async () => {
    const listed = JSON.parse((await twofold(['ls', '--json'])).stdout) as { id: number; account: string }[];
    const bob = listed.find((a) => a.account === 'bob');
    const answer = await fetch(`${server.url}/api/v1/twofaccounts/${bob?.id}/qrcode`, {
      headers: { Authorization: `Bearer ${server.token}` },
    });
    const { qrcode } = (await answer.json()) as { qrcode: string };
    const image = path.join(home, 'bob.svg');
    writeFileSync(image, Buffer.from(qrcode.split(',')[1] ?? '', 'base64'));
    const run = await twofold(['add', image, '--force']); // bob is stored already
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^Added GitHub \(bob\)/);
    expect((await twofold(['add', path.join(home, 'missing.png')])).code).toBe(1);
  });
});

describe('import and export', () => {
  it('exports otpauth lines and 2FAuth JSON; --encrypt needs aegis', async () => {
    const lines = await twofold(['export', '--format', 'otpauth']);
    expect(lines.code, lines.stderr).toBe(0);
    expect(lines.stdout.trim().split('\n')).toHaveLength(4);
    expect(lines.stdout).toMatch(/^otpauth:\/\/totp\//);
    const json = await twofold(['export', '--format', 'json', '-o', path.join(home, 'export.json')]);
    expect(json.code).toBe(0);
    expect(statSync(path.join(home, 'export.json')).mode & 0o777).toBe(0o600);
    const exported = JSON.parse(readFileSync(path.join(home, 'export.json'), 'utf8')) as { data: unknown[] };
    expect(exported.data).toHaveLength(4);
    expect((await twofold(['export', '--format', 'json', '--encrypt'])).code).toBe(64);
    expect((await twofold(['export', '--format', 'csv'])).code).toBe(64);
  });

  it('imports an otpauth list, then skips the accounts already stored', async () => {
    const file = path.join(home, 'list.txt');
    writeFileSync(
      file,
      'otpauth://totp/Bank:dave?secret=MFRGGZDFMZTWQ2LK&issuer=Bank\notpauth://totp/Shop:erin?secret=NBSWY3DPO5XXE3DE&issuer=Shop\n',
    );
    const first = await twofold(['import', file]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toBe('Imported 2 account(s).\n');
    const again = await twofold(['import', file]);
    expect(again.stdout).toBe('Imported 0 account(s).\n');
    expect(again.stderr).toMatch(/Skipped 2 already stored/);
    const report = await twofold(['import', file, '--json']);
    expect(report.code, report.stderr).toBe(0);
    expect(JSON.parse(report.stdout)).toEqual({ imported: [], invalid: [], already_stored: 2 });
    const added = await twofold(['add', 'otpauth://totp/Forge:frank?secret=ORSXG5A&issuer=Forge', '--json']);
    expect(added.code, added.stderr).toBe(0);
    const account = JSON.parse(added.stdout) as { id: number; service: string; secret?: string };
    expect(account).toMatchObject({ service: 'Forge', account: 'frank' });
    expect(account.secret).toBeUndefined();
    const garbage = path.join(home, 'garbage.txt');
    writeFileSync(garbage, 'hello');
    const refused = await twofold(['import', garbage]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/Data do not match any supported format/);
  });

  it('an encrypted Aegis vault: a wrong password is exit 1, the right one imports', async () => {
    const vault = path.join(home, 'vault.json');
    const made = await twofold(
      ['export', '--format', 'aegis', '--encrypt', '--password-stdin', '-o', vault],
      {
        input: 'right password\n',
      },
    );
    expect(made.code, made.stderr).toBe(0);
    const wrong = await twofold(['import', vault, '--password-stdin'], { input: 'wrong password\n' });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toBe('twofold: Wrong password, the Aegis data cannot be decrypted\n');
    expect(wrong.stdout + wrong.stderr).not.toContain('wrong password');
    const noPassword = await twofold(['import', vault]);
    expect(noPassword.code).toBe(1);
    expect(noPassword.stderr).toMatch(
      /encrypted: give its password with --password-stdin or --password-file/,
    );
    const right = await twofold(['import', vault, '--password-stdin', '--include-duplicates'], {
      input: 'right password\n',
    });
    expect(right.code, right.stderr).toBe(0);
    expect(right.stdout).toMatch(/^Imported \d+ account\(s\)/);
  });
});

describe('backup', () => {
  it('without a backup password: exit 1 and where to set one; then backs up, lists and downloads', async () => {
    const none = await twofold(['backup']);
    expect(none.code).toBe(1);
    // The hint (where to set one) is said once.
    expect(none.stderr).toBe('twofold: No backup password is set: set one in Settings → Backups first.\n');
    // The backup password is the signed-in user's only (tokens are refused).
    const set = await server.asUser('PUT', '/api/v1/backups/password', { password: 'backup password 1' });
    expect(set.status).toBe(204);

    const madeJson = await twofold(['backup', 'now', '--json']);
    expect(madeJson.code, madeJson.stderr).toBe(0);
    expect(JSON.parse(madeJson.stdout)).toMatchObject({ name: expect.stringMatching(/^twofold-backup-/) });
    const made = await twofold(['backup']);
    expect(made.code, made.stderr).toBe(0);
    const name = /Backed up to (twofold-backup-\S+\.json) \((\d+) account/.exec(made.stdout)?.[1];
    expect(name).toBeDefined();
    const listed = await twofold(['backup', 'ls', '--json']);
    expect(listed.code).toBe(0);
    const entries = JSON.parse(listed.stdout) as { name: string; accounts: number }[];
    expect(entries[0]?.name).toBe(name);
    expect((await twofold(['backup', 'ls'])).stdout).toMatch(
      new RegExp(`^NAME +CREATED +ACCOUNTS +SIZE\n${name}`),
    );

    const file = path.join(home, 'backup.json');
    const got = await twofold(['backup', 'get', name ?? '', '-o', file]);
    expect(got.code, got.stderr).toBe(0);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const vault = JSON.parse(readFileSync(file, 'utf8')) as { version: number; db: unknown; header: object };
    expect(vault.version).toBe(1);
    expect(typeof vault.db).toBe('string'); // encrypted: the accounts are not readable without the password
    const missing = await twofold(['backup', 'get', 'twofold-backup-19700101T000000Z.json']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/No backup named/);
  });
});

describe('messages and exit codes', () => {
  it('login with the API address (…/api/v1) uses the server address and says so', async () => {
    const run = await twofold(['login', `${server.url}/api/v1`], {
      env: anonymous,
      input: `${server.token}\n`,
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(`Using ${server.url}: the server's address, without /api/v1`);
    const stored = JSON.parse(readFileSync(path.join(home, 'config/twofold/config.json'), 'utf8')) as {
      url: string;
    };
    expect(stored.url).toBe(server.url);
  });

  it('an empty token is a usage error (64); an unreachable server is named (4)', async () => {
    const empty = await twofold(['login', server.url], { env: anonymous, input: '\n' });
    expect(empty.code).toBe(64);
    expect(empty.stderr).toBe('twofold: Nothing was entered.\n');
    const away = await twofold(['login', 'http://127.0.0.1:1'], { env: anonymous, input: 'token\n' });
    expect(away.code).toBe(4);
    expect(away.stderr).toBe('twofold: Cannot reach the server at http://127.0.0.1:1.\n');
    const noScheme = await twofold(['login', '2fa.example.com'], { env: anonymous, input: 'token\n' });
    expect(noScheme.code).toBe(64);
    expect(noScheme.stderr).toMatch(/Not a URL: 2fa\.example\.com/);
  });

  it('-o into a missing folder names the path, without a raw ENOENT', async () => {
    const target = path.join(home, 'no-such-folder', 'export.json');
    const run = await twofold(['export', '-o', target]);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      `twofold: Cannot write ${target}: the folder ${path.dirname(target)} does not exist.\n`,
    );
    expect(run.stderr).not.toContain('ENOENT');
  });

  it('add: an account already stored needs --force', async () => {
    const uri = 'otpauth://totp/Dup:zoe?secret=ORSXG5BAMFZWG33VNZ2A&issuer=Dup';
    expect((await twofold(['add', uri])).code).toBe(0);
    const again = await twofold(['add', uri]);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/already stored .*--force/);
    const count = async () =>
      (JSON.parse((await twofold(['ls', '--json'])).stdout) as { service: string }[]).filter(
        (a) => a.service === 'Dup',
      ).length;
    expect(await count()).toBe(1);
    const forced = await twofold(['add', uri, '--force']);
    expect(forced.code, forced.stderr).toBe(0);
    expect(await count()).toBe(2);
  });

  it('add: an otpauth://steam/ URI (as Aegis writes it, any letter case) is a Steam account', async () => {
    const run = await twofold(['add', 'OTPAUTH://Steam/Valve:gabe?secret=MFRGGZDFMZTWQ2LK&issuer=Valve']);
    expect(run.code, run.stderr).toBe(0);
    const accounts = JSON.parse((await twofold(['ls', '--json'])).stdout) as {
      service: string;
      account: string;
      otp_type: string;
    }[];
    expect(accounts.find((a) => a.account === 'gabe')).toMatchObject({
      service: 'Steam',
      otp_type: 'steamtotp',
    });
  });
});

describe('encrypted export then import: passwords as typed', () => {
  const passwords = ['  spaced both ends  ', 'Grüße 東京 🔐', `${'p'.repeat(120)} ${'é'.repeat(79)}`];

  it.each(passwords)('round trip through --password-stdin and --password-file with %j', async (password) => {
    const vault = path.join(home, 'round-trip.json');
    // Only the first line is the password: a repeated line (as `printf 'pw\npw\n'`) is not part of it.
    const made = await twofold(['export', '-f', 'aegis', '--encrypt', '--password-stdin', '-o', vault], {
      input: `${password}\n${password}\n`,
    });
    expect(made.code, made.stderr).toBe(0);
    const fromStdin = await twofold(['import', vault, '--password-stdin', '--include-duplicates'], {
      input: `${password}\r\n`,
    });
    expect(fromStdin.code, fromStdin.stderr).toBe(0);
    expect(fromStdin.stdout).toMatch(/^Imported [1-9]\d* account\(s\)/);
    const file = path.join(home, 'password.txt');
    writeFileSync(file, `${password}\nsecond line\n`);
    const fromFile = await twofold(['import', vault, '--password-file', file]);
    expect(fromFile.code, fromFile.stderr).toBe(0);
    const trimmed = await twofold(['import', vault, '--password-stdin'], { input: `${password.trim()}\n` });
    expect(trimmed.code).toBe(password === password.trim() ? 0 : 1);
  });
});

describe('completion and manual page', () => {
  it('prints bash, zsh and fish scripts built from the commands; another shell is a usage error', async () => {
    const bash = await twofold(['completion', 'bash']);
    expect(bash.code).toBe(0);
    expect(bash.stdout).toContain('complete -o default -F _twofold twofold');
    expect(bash.stdout).toContain(
      "'export|-f'|'export|--format') COMPREPLY=($(compgen -W 'json otpauth aegis'",
    );
    const check = spawnSync('bash', ['-n'], { input: bash.stdout });
    expect(check.status, check.stderr.toString()).toBe(0);
    // The script completes: `twofold ex<Tab>` and `twofold backup <Tab>`.
    const complete = (line: string) =>
      spawnSync(
        'bash',
        [
          '-c',
          `${bash.stdout}\nCOMP_WORDS=(${line}); COMP_CWORD=$((\${#COMP_WORDS[@]}-1)); _twofold; echo "\${COMPREPLY[*]}"`,
        ],
        {
          encoding: 'utf8',
        },
      ).stdout.trim();
    expect(complete('twofold ex')).toBe('export');
    expect(complete("twofold backup ''")).toMatch(/^now ls get/);
    expect((await twofold(['completion', 'zsh'])).stdout).toMatch(/^#compdef twofold\n/);
    const fish = await twofold(['completion', 'fish']);
    expect(fish.stdout).toContain("complete -c twofold -n '__fish_use_subcommand' -a 'export'");
    expect((await twofold(['completion', 'powershell'])).code).toBe(64);
  });

  it('completes account, group and backup names from the server, and nothing when it cannot answer', async () => {
    const names = await twofold(['__complete', 'accounts']);
    expect(names.code, names.stderr).toBe(0);
    expect(names.stdout.split('\n')).toEqual(
      expect.arrayContaining(['GitHub:alice', 'GitHub:bob', 'Mail:carol']),
    );
    const offline = await twofold(['__complete', 'accounts'], { env: { TWOFOLD_URL: 'http://127.0.0.1:9' } });
    expect(offline).toEqual({ code: 0, stdout: '', stderr: '' });
    const loggedOut = await twofold(['__complete', 'groups'], { env: anonymous });
    expect(loggedOut).toEqual({ code: 0, stdout: '', stderr: '' });
    expect((await twofold(['--help'])).stdout).not.toContain('__complete');

    // `twofold code Git<Tab>` in bash: the script asks the tool (a `twofold` on the PATH) for the names.
    const bin = path.join(home, 'bin');
    await import('node:fs').then((fs) => fs.mkdirSync(bin, { recursive: true }));
    writeFileSync(path.join(bin, 'twofold'), `#!/bin/sh\nexec '${process.execPath}' '${main}' "$@"\n`);
    chmodSync(path.join(bin, 'twofold'), 0o755);
    const script = (await twofold(['completion', 'bash'])).stdout;
    const env = {
      PATH: `${bin}:${path.dirname(process.execPath)}:/usr/bin:/bin`,
      HOME: home,
      XDG_CONFIG_HOME: path.join(home, 'config'),
      TWOFOLD_URL: server.url,
      TWOFOLD_TOKEN: server.token,
    };
    const complete = (line: string) =>
      spawnSync(
        'bash',
        [
          '-c',
          `${script}\nCOMP_WORDS=(${line}); COMP_CWORD=$((\${#COMP_WORDS[@]}-1)); _twofold; printf '%s\\n' "\${COMPREPLY[@]}"`,
        ],
        { encoding: 'utf8', env },
      ).stdout.trim();
    expect(complete('twofold code GitHub').split('\n')).toEqual(['GitHub:alice', 'GitHub:bob']);
    expect(complete('twofold code --')).toContain('--json');
    const fish = (await twofold(['completion', 'fish'])).stdout;
    expect(fish).toContain("-a '(twofold __complete accounts 2>/dev/null)'");
    expect((await twofold(['completion', 'zsh'])).stdout).toContain('compinit');
  });

  it('a manual page (section 1) is built from the help pages and declared in package.json', () => {
    const packageDir = path.dirname(path.dirname(main));
    const manifest = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as {
      man: string[];
    };
    expect(manifest.man).toEqual(['./man/twofold.1']);
    const page = readFileSync(path.join(packageDir, 'man/twofold.1'), 'utf8');
    expect(page).toMatch(/^\.TH TWOFOLD 1 /);
    for (const command of ['login', 'export', 'backup get', 'completion']) {
      expect(page).toContain(`.SS twofold ${command}`);
    }
    expect(page).toContain('\\-\\-password\\-file');
  });
});
