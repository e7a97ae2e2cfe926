import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DataDirInUseError,
  LOCK_FILE_NAME,
  lockDataDir,
  pidNamespace,
  processStart,
  type LockHolder,
} from './data-dir-lock.js';
import { built } from '../test/server-process.js';

/* The lock that keeps a second process off an embedded database's folder. */

let dataDir = '';
let file = '';
const children: ChildProcess[] = [];

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'twofold-lock-'));
  file = path.join(dataDir, LOCK_FILE_NAME);
});
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

function writeLock(holder: Partial<LockHolder> & { pid: number }): string {
  const text = `${JSON.stringify({
    start: null,
    ns: pidNamespace(),
    host: hostname(),
    since: '2026-01-01T00:00:00.000Z',
    token: 'x',
    ...holder,
  })}\n`;
  writeFileSync(file, text);
  return text;
}

/** A pid that ran a moment ago and has exited. */
function deadPid(): number {
  const result = spawnSync(process.execPath, ['-e', '']);
  return result.pid;
}

/** A process that keeps running until the test ends. */
async function livePid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
  children.push(child);
  await new Promise((resolve) => child.once('spawn', resolve));
  return child.pid!;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function takeWithWarnings(): { lock: ReturnType<typeof lockDataDir>; warnings: string[] } {
  const warnings: string[] = [];
  const lock = lockDataDir(dataDir, { warn: (message) => warnings.push(message) });
  return { lock, warnings };
}

describe('the data folder lock', () => {
  it('records this process, refuses a second holder and is gone once released', () => {
    const { lock, warnings } = takeWithWarnings();
    expect(warnings).toEqual([]);
    const holder = JSON.parse(readFileSync(file, 'utf8')) as LockHolder;
    expect(holder).toMatchObject({ pid: process.pid, host: hostname(), ns: pidNamespace() });
    if (process.platform === 'linux') expect(holder.start).toBe(processStart(process.pid));
    expect(() => lockDataDir(dataDir)).toThrow(DataDirInUseError);
    lock.release();
    expect(existsSync(file)).toBe(false);
    lock.release(); // idempotent
    lockDataDir(dataDir).release();
  });

  it('creates a missing folder', () => {
    const nested = path.join(dataDir, 'a', 'b');
    const lock = lockDataDir(nested);
    expect(existsSync(path.join(nested, LOCK_FILE_NAME))).toBe(true);
    lock.release();
  });

  it('takes over the lock of a process that is gone, and says so naming its pid', () => {
    const pid = deadPid();
    writeLock({ pid });
    const { lock, warnings } = takeWithWarnings();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(`pid ${pid}`);
    expect(warnings[0]).toContain(dataDir);
    expect((JSON.parse(readFileSync(file, 'utf8')) as LockHolder).pid).toBe(process.pid);
    // Nothing is left beside the lock.
    expect(readdirSync(dataDir)).toEqual([LOCK_FILE_NAME]);
    lock.release();
  });

  it('refuses a folder whose holder still runs, naming the folder and the pid', async () => {
    const pid = await livePid();
    const text = writeLock({ pid, start: processStart(pid) });
    let refusal: unknown;
    try {
      lockDataDir(dataDir);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(DataDirInUseError);
    expect((refusal as Error).message).toContain(dataDir);
    expect((refusal as Error).message).toContain(`pid ${pid}`);
    expect(readFileSync(file, 'utf8')).toBe(text);
  });

  it.runIf(process.platform === 'linux')(
    'takes over when the pid now belongs to another process',
    async () => {
      const pid = await livePid();
      writeLock({ pid, start: '1' });
      const { lock, warnings } = takeWithWarnings();
      expect(warnings[0]).toContain('another process');
      lock.release();
    },
  );

  it.runIf(process.platform === 'linux')(
    'takes over the lock of a killed process not yet reaped (a zombie)',
    async () => {
      // `sleep 0` exits at once, and its parent (now `sleep 30`) never reaps it.
      const parent = spawn('sh', ['-c', 'sleep 0 & echo $!; exec sleep 30'], {
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      children.push(parent);
      const pid = Number(
        await new Promise<string>((resolve) =>
          parent.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString())),
        ),
      );
      const deadline = Date.now() + 5_000;
      while (Date.now() < deadline && !readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z '))
        await sleep(20);
      writeLock({ pid });
      const { lock, warnings } = takeWithWarnings();
      expect(warnings[0]).toContain(`pid ${pid}, is no longer running`);
      lock.release();
    },
  );

  it("takes over a lock left by an earlier run with this process's pid (a container's pid 1)", () => {
    writeLock({ pid: process.pid, start: '1', token: 'earlier run' });
    const { lock, warnings } = takeWithWarnings();
    expect(warnings[0]).toContain(`pid ${process.pid}`);
    lock.release();
  });

  it('trusts a lock from another host while it is touched, and takes it over after 30 s of silence', () => {
    writeLock({ pid: 1, host: 'other-container' });
    expect(() => lockDataDir(dataDir)).toThrow(/pid 1 on other-container/);
    const old = new Date(Date.now() - 45_000);
    utimesSync(file, old, old);
    const { lock, warnings } = takeWithWarnings();
    expect(warnings[0]).toContain('other-container');
    lock.release();
  });

  it.runIf(process.platform === 'linux')(
    'trusts a lock from another pid namespace (a container) while it is touched, whatever its pid',
    () => {
      // The pid is not running here, but it was recorded in another namespace: it says nothing.
      writeLock({ pid: deadPid(), ns: 'pid:[1]' });
      expect(() => lockDataDir(dataDir)).toThrow(DataDirInUseError);
      const old = new Date(Date.now() - 45_000);
      utimesSync(file, old, old);
      const { lock, warnings } = takeWithWarnings();
      expect(warnings[0]).toContain('in another container');
      lock.release();
    },
  );

  it('takes over an unreadable lock file that stays unreadable', () => {
    writeFileSync(file, '');
    const old = new Date(Date.now() - 60_000);
    utimesSync(file, old, old);
    const { lock, warnings } = takeWithWarnings();
    expect(warnings[0]).toContain('unreadable');
    lock.release();
  });

  it('never removes a lock that another process holds now', () => {
    const lock = lockDataDir(dataDir);
    const other = writeLock({ pid: 1, token: 'someone else' });
    lock.release();
    expect(readFileSync(file, 'utf8')).toBe(other);
  });

  it('does not take over a lock that another starter took over first', async () => {
    writeLock({ pid: deadPid() });
    const pid = await livePid();
    let winner = '';
    let refusal: unknown;
    try {
      lockDataDir(dataDir, {
        // Another starter judged the same lock stale and replaced it with its own, just before us.
        beforeTakeOver: () => {
          if (winner === '') winner = writeLock({ pid, start: processStart(pid), token: 'winner' });
        },
      });
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(DataDirInUseError);
    expect((refusal as Error).message).toContain(`pid ${pid}`);
    expect(readFileSync(file, 'utf8')).toBe(winner);
    expect(readdirSync(dataDir)).toEqual([LOCK_FILE_NAME]);
  });

  /** Waits for a condition, checked every 10 ms (the lock's heartbeat here is 20 ms). */
  async function until(condition: () => boolean): Promise<void> {
    const deadline = Date.now() + 10_000;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error('condition not met within 10 s');
      await sleep(10);
    }
  }

  it('creates its file again when it is deleted while held, with a warning', async () => {
    const warnings: string[] = [];
    const lost: unknown[] = [];
    const lock = lockDataDir(dataDir, {
      warn: (message) => warnings.push(message),
      heartbeatMs: 20,
      onLost: (holder) => lost.push(holder),
    });
    const text = readFileSync(file, 'utf8');
    rmSync(file);
    await until(() => existsSync(file));
    expect(readFileSync(file, 'utf8')).toBe(text);
    expect(warnings).toEqual([
      `The lock file ${file} was deleted while this process held the data folder: created again.`,
    ]);
    // A start from another process now finds the folder taken, as before the deletion.
    const moduleUrl = pathToFileURL(built('db/data-dir-lock.js')).href;
    const probe = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import(${JSON.stringify(moduleUrl)}).then(({ lockDataDir }) => { try { lockDataDir(${JSON.stringify(dataDir)}); console.log('won'); } catch (error) { console.log(error.name); } })`,
      ],
      { cwd: path.dirname(fileURLToPath(import.meta.url)) },
    );
    expect(probe.stdout.toString().trim()).toBe('DataDirInUseError');
    expect(lost).toEqual([]);
    lock.release();
    expect(existsSync(file)).toBe(false);
  }, 30_000);

  it('reports the folder lost when another process wrote its lock there, and leaves that lock alone', async () => {
    const lost: (LockHolder | null)[] = [];
    const lock = lockDataDir(dataDir, { heartbeatMs: 20, onLost: (holder) => lost.push(holder) });
    // Another process took the folder while the file was gone: its lock replaces ours in one step.
    const other = await livePid();
    const replacement = path.join(dataDir, 'other.lock');
    writeFileSync(replacement, `${JSON.stringify({ pid: other, host: hostname(), token: 'other' })}\n`);
    renameSync(replacement, file);
    const theirs = readFileSync(file, 'utf8');
    await until(() => lost.length > 0);
    expect(lost).toEqual([expect.objectContaining({ pid: other, token: 'other' })]);
    // Reported once, and the other's lock is never touched, by the heartbeat or by the release.
    await sleep(100);
    expect(lost).toHaveLength(1);
    lock.release();
    expect(readFileSync(file, 'utf8')).toBe(theirs);
  });

  it('lets exactly one of several processes starting together take over a stale lock', async () => {
    writeLock({ pid: deadPid() });
    const contender = path.join(dataDir, 'contender.mjs');
    const moduleUrl = pathToFileURL(built('db/data-dir-lock.js')).href;
    writeFileSync(
      contender,
      [
        `import { lockDataDir } from ${JSON.stringify(moduleUrl)};`,
        'const goAt = Number(process.argv[2]);',
        'while (Date.now() < goAt) {}',
        'try {',
        // Every contender judges the lock stale before any of them moves it.
        `  lockDataDir(${JSON.stringify(dataDir)}, { beforeTakeOver: () => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300) });`,
        "  console.log('won');",
        "} catch (error) { console.log(error.name === 'DataDirInUseError' ? 'refused' : String(error)); }",
        'setTimeout(() => process.exit(0), 3000);',
      ].join('\n'),
    );
    const goAt = Date.now() + 6_000;
    const outcomes = await Promise.all(
      [1, 2, 3, 4].map(
        () =>
          new Promise<string>((resolve) => {
            const child = spawn(process.execPath, [contender, String(goAt)], {
              cwd: path.dirname(fileURLToPath(import.meta.url)),
            });
            children.push(child);
            let output = '';
            child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
            child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
            child.once('exit', () => resolve(output.trim()));
          }),
      ),
    );
    expect(outcomes.sort()).toEqual(['refused', 'refused', 'refused', 'won']);
  }, 60_000);
});
