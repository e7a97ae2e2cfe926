import type { Deps } from '../shared/deps.js';
import type { Caller } from '../http/fastify-types.js';
import type { CodeLogRow } from './code-log.queries.js';
import { writeRows, type WriteState } from './code-log.flush.js';

/*
 * The code log is written off the request's path: entries wait in memory and are inserted
 * together once a second (a list `withOtp` is one batch), so a busy OTP route costs one insert a
 * second rather than one per code: on the embedded database every insert runs on the main thread.
 * The codes one requester (kind, token, address) reads of one account within a minute are one row
 * with a count, merged as they come, so a request adds a count, not an object, and what waits
 * stays small under any load. The hot path builds no string: entries wait grouped by requester
 * and minute (the last group is reused while the same requester asks in the same minute), then by
 * account id; the token's name is read at the write. Each row carries the account's names as they
 * were read, so the row says which account it was after the account is deleted for good.
 * The groups of the current minute stay after a write, so that a later read in the minute raises
 * the written row's count instead of adding a row. Reading the log, and closing the app, write
 * what waits first. A failed write is never thrown (a code must not be refused because its log
 * row could not be stored) and never loses other rows: what it did not write stays for the next
 * write (code-log.flush.ts), up to CODE_LOG_BUFFER_MAX rows.
 */

/** How long entries wait before they are written; tests lengthen it and write by hand. */
export const codeLogTiming = { flushEveryMs: 1000 };
/** Distinct rows waiting at most before an early write (a few MB). */
const FULL_BATCH = 20_000;
/** Reads of one account by one requester within this window share a row. */
export const MERGE_WINDOW_MS = 60_000;

/** The entries of one requester (kind, token, address) in one minute. */
interface Group {
  readonly minute: number;
  readonly kind: Caller['kind'];
  readonly tokenId: string | null;
  readonly ip: string;
  /** Time-based codes, by account id. */
  readonly byAccount: Map<number, CodeLogRow>;
  /** HOTP codes (one row per counter), and any account whose type changed within the minute. */
  readonly others: Map<string, CodeLogRow>;
}

interface Pending extends WriteState {
  groups: Map<string, Group>;
  last: Group | null;
  /** Rows in `groups` (written ones of the current minute included). */
  size: number;
  flushing: Promise<void>;
  scheduled: boolean;
  closed: boolean;
}

/** A code the server computed for a stored account, with the account's names as it has them. */
export interface LoggedCode {
  readonly accountId: number;
  readonly otpType: string;
  readonly counter: number | null;
  readonly service: string | null;
  readonly account: string;
}

const pendingByDeps = new WeakMap<Deps, Pending>();

function pendingOf(deps: Deps): Pending {
  let pending = pendingByDeps.get(deps);
  if (!pending) {
    pending = {
      groups: new Map(),
      last: null,
      size: 0,
      flushing: Promise.resolve(),
      scheduled: false,
      closed: false,
      dropped: 0,
      refused: 0,
      failedWrites: 0,
      failing: false,
      full: false,
      writtenSinceCap: Number.POSITIVE_INFINITY,
    };
    pendingByDeps.set(deps, pending);
  }
  return pending;
}

function groupOf(pending: Pending, minute: number, kind: Caller['kind'], tokenId: string | null, ip: string) {
  const last = pending.last;
  if (last && last.minute === minute && last.kind === kind && last.tokenId === tokenId && last.ip === ip) {
    return last;
  }
  const key = `${minute}|${kind}|${tokenId}|${ip}`;
  let group = pending.groups.get(key);
  if (!group) {
    group = { minute, kind, tokenId, ip, byAccount: new Map(), others: new Map() };
    pending.groups.set(key, group);
  }
  pending.last = group;
  return group;
}

/** Whether one more row may wait; when not, the code is counted as dropped (one warning). */
function roomFor(deps: Deps, pending: Pending): boolean {
  if (pending.size < deps.config.CODE_LOG_BUFFER_MAX) return true;
  pending.dropped += 1;
  if (!pending.full) {
    pending.full = true;
    deps.log.warn(
      { max: deps.config.CODE_LOG_BUFFER_MAX },
      'code log: the rows waiting for the database reached CODE_LOG_BUFFER_MAX; further codes are dropped from the log until a write succeeds',
    );
  }
  return false;
}

/** A code generated for stored accounts: who asked and from where (never the code). */
export function logCodes(
  deps: Deps,
  requester: { caller: Caller | null; ip: string },
  codes: readonly LoggedCode[],
): void {
  const caller = requester.caller;
  if (!caller || codes.length === 0 || !deps.config.OTP_LOG) return;
  const pending = pendingOf(deps);
  const generatedAt = deps.clock.now();
  const tokenId = caller.kind === 'token' ? caller.tokenId : null;
  const minute = Math.floor(generatedAt.getTime() / MERGE_WINDOW_MS);
  const group = groupOf(pending, minute, caller.kind, tokenId, requester.ip);
  for (const code of codes) {
    if (code.counter === null) {
      const row = group.byAccount.get(code.accountId);
      if (row === undefined) {
        if (!roomFor(deps, pending)) continue;
        group.byAccount.set(code.accountId, newRow(code, generatedAt, group));
        pending.size += 1;
        continue;
      }
      if (row.entry.otpType === code.otpType) {
        row.times += 1;
        row.lastAt = generatedAt;
        continue;
      }
    }
    const key = `${code.accountId}|${code.otpType}|${code.counter}`;
    const row = group.others.get(key);
    if (row) {
      row.times += 1;
      row.lastAt = generatedAt;
      continue;
    }
    if (!roomFor(deps, pending)) continue;
    group.others.set(key, newRow(code, generatedAt, group));
    pending.size += 1;
  }
  // While writes fail, the retry timer writes: a full batch does not hammer the database.
  if (pending.size >= FULL_BATCH && !pending.failing) {
    void flushCodeLog(deps);
    return;
  }
  schedule(deps, pending);
}

function schedule(deps: Deps, pending: Pending): void {
  if (pending.scheduled || pending.closed) return;
  pending.scheduled = true;
  setTimeout(() => void flushCodeLog(deps), codeLogTiming.flushEveryMs).unref();
}

function newRow(code: LoggedCode, generatedAt: Date, group: Group): CodeLogRow {
  return {
    entry: {
      accountId: code.accountId,
      otpType: code.otpType,
      counter: code.counter,
      service: code.service,
      account: code.account,
      generatedAt,
      requesterKind: group.kind,
      tokenId: group.tokenId,
      ipAddress: group.ip,
    },
    times: 1,
    lastAt: generatedAt,
    written: 0,
    id: null,
  };
}

/** The rows with codes the database does not have yet, oldest first, each with its group. */
function unwritten(pending: Pending): Map<CodeLogRow, Group> {
  const rows = new Map<CodeLogRow, Group>();
  for (const group of pending.groups.values()) {
    for (const row of group.byAccount.values()) if (row.times !== row.written) rows.set(row, group);
    for (const row of group.others.values()) if (row.times !== row.written) rows.set(row, group);
  }
  return rows;
}

/** Removes a group (or one row of it) from memory. */
function forget(pending: Pending, group: Group, row?: CodeLogRow): void {
  if (row) {
    const key = `${row.entry.accountId}|${row.entry.otpType}|${row.entry.counter}`;
    if (group.byAccount.get(row.entry.accountId) === row) group.byAccount.delete(row.entry.accountId);
    else group.others.delete(key);
    pending.size -= 1;
    return;
  }
  pending.groups.delete(`${group.minute}|${group.kind}|${group.tokenId}|${group.ip}`);
  pending.size -= group.byAccount.size + group.others.size;
  if (pending.last === group) pending.last = null;
}

/**
 * Writes what waits (also before the log is read, and when the app closes); the groups of past
 * minutes, written, leave memory. A failed write leaves everything for the next (a timer retries).
 */
export function flushCodeLog(deps: Deps): Promise<void> {
  const pending = pendingOf(deps);
  pending.scheduled = false;
  pending.flushing = pending.flushing.then(async () => {
    // Taken when the write starts: whatever waited until then goes with it.
    const rows = unwritten(pending);
    const done = await writeRows(deps, pending, [...rows.keys()], (row) =>
      forget(pending, rows.get(row)!, row),
    );
    if (!done) {
      schedule(deps, pending);
      return;
    }
    const minute = Math.floor(deps.clock.now().getTime() / MERGE_WINDOW_MS);
    for (const group of [...pending.groups.values()]) {
      if (group.minute >= minute) continue;
      const rest = [...group.byAccount.values(), ...group.others.values()];
      if (rest.every((row) => row.times === row.written)) forget(pending, group);
    }
  });
  return pending.flushing;
}

/** The last write when the app closes: no retry is scheduled after it. */
export async function closeCodeLog(deps: Deps): Promise<void> {
  await flushCodeLog(deps);
  pendingOf(deps).closed = true;
}

/** What the log holds in memory and what it lost, since the app started. */
export function codeLogStatus(deps: Deps) {
  const pending = pendingOf(deps);
  return {
    /** Rows with codes waiting for the database (the next write, or kept by a failed one). */
    waiting: unwritten(pending).size,
    /** Codes not logged because CODE_LOG_BUFFER_MAX rows were already waiting. */
    dropped: pending.dropped,
    /** Rows the database refused on their own (each tried alone), dropped without the others. */
    refused: pending.refused,
    /** Writes that failed (each kept its rows for the next). */
    failed_writes: pending.failedWrites,
  };
}
