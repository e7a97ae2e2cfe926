import { randomBytes } from 'node:crypto';
import {
  closeSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { isRunning, pidNamespace, processStart } from './process-info.js';

export { pidNamespace, processStart } from './process-info.js';

/*
 * One process per embedded database. PGlite keeps the whole database in the memory of the process
 * that opened it and writes it back on its own terms: two processes on one DATA_DIR both answer,
 * hand out the same ids, and whatever one of them wrote is lost when the other flushes. So the
 * server takes this lock before it opens PGlite, and a second start on the same folder stops.
 *
 * - The lock is a file, `DATA_DIR/twofold.lock`, created with O_EXCL (only one creator can win),
 *   holding the holder's pid, its start time (Linux: /proc/<pid>/stat, which tells a reused pid
 *   from the holder), its host name and pid namespace (Linux), and a random token (which tells
 *   this lock from any other).
 * - A lock whose holder is gone (SIGKILL, power cut, OOM killer) is stale and taken over, with a
 *   warning naming the old pid: seen from the same host and pid namespace, the pid no longer runs,
 *   runs another program (other start time), or is this very process. From another host or pid
 *   namespace (a folder shared between machines or containers; a container started again) the
 *   pid means nothing here, so the holder touches its file every 5 s and a lock untouched for
 *   30 s is stale.
 * - Take-over is race-safe: one starter at a time (an O_EXCL take-over mutex beside the lock)
 *   reads the file again and removes it only if it is still the one judged stale, then goes on to
 *   the O_EXCL create. Of several starters, one wins.
 * - The holder checks its file at every heartbeat. Deleted by hand while the server runs, it is
 *   created again (with a warning), so a later start still finds the folder taken. Found holding
 *   another process's lock (one started while the file was gone), the holder reports the folder
 *   lost (`onLost`): two processes now have the database open, and the server stops at once,
 *   leaving the newcomer's lock in place.
 * - Released on a graceful stop and on every exit that runs JavaScript (`release` is
 *   synchronous, for an 'exit' handler). Only the holder's own file is ever removed.
 */

export const LOCK_FILE_NAME = 'twofold.lock';
/** The default heartbeat; a holder on another host beats at most every 10 s (stale after 30 s). */
export const HEARTBEAT_MS = 5_000;
const FOREIGN_STALE_MS = 30_000;
/** A take-over mutex older than this was left by a starter that died while holding it. */
const TAKEOVER_MUTEX_STALE_MS = 10_000;
/** A lock file being written by its creator can be read empty for an instant. */
const UNREADABLE_GRACE_MS = 2_000;

export interface LockHolder {
  readonly pid: number;
  /** Start time of the process (clock ticks since boot, Linux), null where unknown. */
  readonly start: string | null;
  readonly host: string;
  /** The pid namespace the pid belongs to (Linux: `pid:[inode]`), null where unknown. */
  readonly ns: string | null;
  /** When the holder took the lock (ISO 8601). */
  readonly since: string;
  readonly token: string;
}

export interface DataDirLock {
  /** The lock file. */
  readonly file: string;
  /** Removes the lock file if it is still this process's own. Idempotent and synchronous. */
  release(): void;
}

/** Another process holds the folder: the start must stop before opening the database. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly file: string,
    readonly holder: LockHolder,
  ) {
    super(
      `the data folder ${dataDir} is in use by another Twofold process (pid ${holder.pid}` +
        `${holder.host === hostname() ? '' : ` on ${holder.host}`}, since ${holder.since}). ` +
        'The embedded database allows one process only: stop that process first, or use PostgreSQL ' +
        `(DATABASE_URL) to run several. If no such process runs, delete ${file}.`,
    );
    this.name = 'DataDirInUseError';
  }
}

export interface LockOptions {
  /** Where the take-over of a stale lock is reported. */
  readonly warn?: (message: string) => void;
  /** Tests: runs between judging a lock stale and moving it aside (where starters race). */
  readonly beforeTakeOver?: () => void;
  /** How often the holder checks its file (ms); 5 s by default. */
  readonly heartbeatMs?: number;
  /**
   * Called once when the lock file holds another process's lock (null: unreadable): the folder is
   * no longer this process's, and it must stop using the database at once.
   */
  readonly onLost?: (holder: LockHolder | null) => void;
}

/** Folders locked by this process (a second lock in the same process is refused too). */
const heldHere = new Set<string>();

/** Takes the lock of `dataDir` (created when missing) or throws DataDirInUseError. */
export function lockDataDir(dataDir: string, options: LockOptions = {}): DataDirLock {
  const folder = path.resolve(dataDir);
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, LOCK_FILE_NAME);
  const me = ownHolder();
  const text = `${JSON.stringify(me)}\n`;
  for (let attempt = 0; attempt < 50; attempt += 1) {
    if (heldHere.has(file)) throw new DataDirInUseError(folder, file, me);
    if (createExclusive(file, text)) return held(file, text, options);
    const seen = readLock(file);
    if (seen === undefined) continue; // released meanwhile
    let reason: string | null;
    if (seen.holder === null) {
      if (Date.now() - seen.mtimeMs < UNREADABLE_GRACE_MS) {
        sleepSync(50); // its creator is writing it
        continue;
      }
      reason = 'left an unreadable lock file';
    } else {
      reason = staleReason(seen.holder, seen.mtimeMs);
      if (reason === null) throw new DataDirInUseError(folder, file, seen.holder);
    }
    options.beforeTakeOver?.();
    if (removeIfUnchanged(file, seen.text)) {
      const pid = seen.holder ? `pid ${seen.holder.pid}` : 'an unknown process';
      options.warn?.(`Taking over the lock of the data folder ${folder}: its holder, ${pid}, ${reason}.`);
    }
  }
  throw new Error(`Could not take the lock ${file}: it keeps changing hands`);
}

function held(file: string, text: string, options: LockOptions): DataDirLock {
  heldHere.add(file);
  let released = false;
  // The heartbeat: a sign of life for starters on other hosts or in other containers, and the
  // check that the file is still there and still this process's.
  const heartbeat = setInterval(() => {
    const outcome = beat(file, text);
    if (outcome === 'recreated') {
      options.warn?.(
        `The lock file ${file} was deleted while this process held the data folder: created again.`,
      );
    } else if (typeof outcome === 'object') {
      clearInterval(heartbeat);
      options.onLost?.(outcome.holder);
    }
  }, options.heartbeatMs ?? HEARTBEAT_MS);
  heartbeat.unref();
  return {
    file,
    release() {
      if (released) return;
      released = true;
      clearInterval(heartbeat);
      heldHere.delete(file);
      try {
        if (isStillOurs(file, text)) unlinkSync(file);
      } catch {
        // already gone
      }
    },
  };
}

/**
 * One heartbeat: touches the holder's file, creates it again when it is gone, or reports the
 * lock another process wrote there. A file that cannot be read or written now waits for the next.
 */
function beat(
  file: string,
  text: string,
): 'touched' | 'recreated' | 'failed' | { holder: LockHolder | null } {
  try {
    const seen = readLock(file);
    if (seen?.text === text) {
      const now = new Date();
      utimesSync(file, now, now);
      return 'touched';
    }
    if (seen === undefined && createExclusive(file, text)) return 'recreated';
    // Someone else's lock (written meanwhile, or in the instant between the read and the create).
    const other = seen ?? readLock(file);
    return other === undefined ? 'failed' : { holder: other.holder };
  } catch {
    return 'failed';
  }
}

function ownHolder(): LockHolder {
  return {
    pid: process.pid,
    start: processStart(process.pid),
    host: hostname(),
    ns: pidNamespace(),
    since: new Date().toISOString(),
    token: randomBytes(12).toString('hex'),
  };
}

/** O_EXCL create with the whole content; false when the file exists. */
function createExclusive(file: string, text: string): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'wx', 0o644);
  } catch (error) {
    if (errnoOf(error) === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
  return true;
}

interface SeenLock {
  readonly text: string;
  readonly holder: LockHolder | null;
  readonly mtimeMs: number;
}

/** The lock file as it is now; undefined when there is none. */
function readLock(file: string): SeenLock | undefined {
  try {
    const mtimeMs = statSync(file).mtimeMs;
    const text = readFileSync(file, 'utf8');
    return { text, holder: parseHolder(text), mtimeMs };
  } catch (error) {
    if (errnoOf(error) === 'ENOENT') return undefined;
    throw error;
  }
}

export function parseHolder(text: string): LockHolder | null {
  try {
    const value = JSON.parse(text) as Partial<LockHolder>;
    if (!Number.isInteger(value.pid) || (value.pid as number) <= 0) return null;
    return {
      pid: value.pid as number,
      start: typeof value.start === 'string' ? value.start : null,
      host: typeof value.host === 'string' ? value.host : '',
      ns: typeof value.ns === 'string' ? value.ns : null,
      since: typeof value.since === 'string' ? value.since : 'an unknown time',
      token: typeof value.token === 'string' ? value.token : '',
    };
  } catch {
    return null;
  }
}

/** Why the holder no longer holds the folder, or null when it may still run. */
function staleReason(holder: LockHolder, mtimeMs: number): string | null {
  if (holder.host !== hostname() || holder.ns !== pidNamespace()) {
    const silentMs = Date.now() - mtimeMs;
    if (silentMs <= FOREIGN_STALE_MS) return null;
    const where = holder.host === hostname() ? 'in another container' : `on ${holder.host || 'another host'}`;
    return `${where}, gave no sign of life for ${Math.round(silentMs / 1000)} s`;
  }
  if (holder.pid === process.pid) return 'was an earlier run with the pid of this process';
  if (!isRunning(holder.pid)) return 'is no longer running';
  const start = processStart(holder.pid);
  if (holder.start !== null && start !== null && start !== holder.start) {
    return 'is no longer running (its pid now belongs to another process)';
  }
  return null;
}

/**
 * Removes the lock judged stale, one starter at a time: the take-over mutex (`<lock>.takeover`,
 * O_EXCL) is held while the file is read again and removed, so a live lock is never moved. (Moving
 * the file aside and linking a live one back left an instant in which a third starter could create
 * its lock beside the first.) False when another starter holds the mutex or the file changed.
 */
function removeIfUnchanged(file: string, text: string): boolean {
  const mutex = `${file}.takeover`;
  if (!createExclusive(mutex, `${process.pid}\n`)) {
    clearAbandonedMutex(mutex);
    sleepSync(20);
    return false;
  }
  try {
    if (!isStillOurs(file, text)) return false;
    unlinkSync(file);
    return true;
  } finally {
    rmSync(mutex, { force: true });
  }
}

/** A starter killed between taking the mutex and releasing it (microseconds) leaves it behind. */
function clearAbandonedMutex(mutex: string): void {
  try {
    if (Date.now() - statSync(mutex).mtimeMs > TAKEOVER_MUTEX_STALE_MS) unlinkSync(mutex);
  } catch {
    // gone meanwhile: the next attempt takes it
  }
}

function isStillOurs(file: string, text: string): boolean {
  try {
    return readFileSync(file, 'utf8') === text;
  } catch {
    return false;
  }
}

function errnoOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
