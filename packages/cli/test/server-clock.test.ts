/**
 * The `twofold` binary against a server whose clock is two minutes ahead (the built API run under
 * libfaketime), the tool itself on the true time: it warns on stderr, before the code.
 */
import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faketimeEnv } from '../../contract/test/faketime.js';
import { startTestServer, type TestServer } from '../../contract/test/test-server.js';

const main = fileURLToPath(new URL('../dist/main.js', import.meta.url));
const SECRET = 'JBSWY3DPEHPK3PXP';
const AHEAD_S = 120;
let server: TestServer;
let home: string;

/** RFC 6238 (SHA-1, 6 digits, 30 s) at a Unix time in seconds, with Node's own HMAC. */
function totp(seconds: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of SECRET) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(seconds / 30)));
  const hmac = createHmac('sha1', key).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0xf;
  return String((hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

function twofold(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [main, ...args], {
      env: {
        PATH: `${path.dirname(process.execPath)}:/usr/bin:/bin`,
        HOME: home,
        XDG_CONFIG_HOME: path.join(home, 'config'),
        TWOFOLD_URL: server.url,
        TWOFOLD_TOKEN: server.token,
      },
      cwd: home,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end();
  });
}

/** `2 min 1 s` -> 121. */
function seconds(text: string): number {
  const match = /(?:(\d+) min )?(\d+) s\b/.exec(text);
  return Number(match?.[1] ?? 0) * 60 + Number(match?.[2] ?? NaN);
}

beforeAll(async () => {
  if (!existsSync(main)) throw new Error('build the CLI first (pnpm build)');
  home = mkdtempSync(path.join(tmpdir(), 'twofold-cli-clock-'));
  server = await startTestServer(faketimeEnv(`+${AHEAD_S}s`));
}, 120_000);

afterAll(async () => {
  await server?.stop();
  if (home) rmSync(home, { recursive: true, force: true });
});

describe("the server's clock 2 min ahead", () => {
  it('alone, the tool says the clocks differ; with a second device that agrees, that the server is 2 min ahead', async () => {
    const added = await twofold(['add', `otpauth://totp/GitHub:alice?secret=${SECRET}&issuer=GitHub`]);
    expect(added.code, added.stderr).toBe(0);

    // The only device heard: it cannot tell whose clock is wrong.
    const status = await twofold(['status']);
    expect(status.code).toBe(0);
    expect(status.stderr).toMatch(
      /^Warning: this machine's clock and the server's differ by .*; one of them is wrong\.$/m,
    );
    expect(Math.abs(seconds(status.stderr) - AHEAD_S)).toBeLessThanOrEqual(5);
    const before = Date.now() / 1000;
    const code = await twofold(['code', 'alice']);
    const after = Date.now() / 1000;
    expect(code.code).toBe(0);
    expect(code.stderr).toMatch(/one of them is wrong/);
    // The code is the server's: computed for its (wrong) time.
    expect([before, after].map((at) => totp(at + AHEAD_S))).toContain(code.stdout.trim());

    // Another device on the true time (a browser profile): two agree, the server is wrong.
    const browser = await fetch(`${server.url}/api/v1/status`, {
      headers: {
        Authorization: `Bearer ${server.token}`,
        Accept: 'application/json',
        'X-Client-Time': String(Date.now()),
        'X-Client-Id': 'browser-profile-0001',
      },
    });
    expect(browser.status).toBe(200);
    for (const args of [['status'], ['code', 'alice']]) {
      const run = await twofold(args);
      expect(run.code).toBe(0);
      expect(run.stderr).toMatch(
        /^Warning: the server's clock is .* ahead: codes it computes are wrong \(this one too\)\. Fix the server's time \(NTP\)\.$/m,
      );
      expect(Math.abs(seconds(run.stderr) - AHEAD_S)).toBeLessThanOrEqual(5);
      expect(run.stderr).not.toMatch(/one of them is wrong/);
    }
    expect((await twofold(['status'])).stdout).toMatch(
      /^Server clock: 2 min \d+ s ahead$|^Server clock: 1 min 5\d s ahead$/m,
    );
  });
});
