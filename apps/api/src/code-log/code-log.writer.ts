import type { Deps } from '../shared/deps.js';
import type { Caller } from '../http/fastify-types.js';
import { insertCodeLog, type CodeLogRow } from './code-log.queries.js';

/*
 * The code log is written off the request's path: entries wait in memory and are inserted
 * together once a second (a list `withOtp` is one batch), so a busy OTP route costs one insert a
 * second rather than one per code: on the embedded database every insert runs on the main thread.
 * Identical entries of one second (same account, caller, address) are merged as they come, so a
 * request adds a count, not an object, and what waits stays small under any load. The hot path
 * builds no string: entries wait grouped by requester and second (the last group is reused while
 * the same requester asks in the same second), then by account id; the token's name is read at
 * the write. Reading the log, and closing the app, write what waits first. A failed write is
 * logged, never thrown: a code must not be refused because its log row could not be stored.
 */

/** How long entries wait before they are written; a test lengthens it to make merging certain. */
export const codeLogTiming = { flushEveryMs: 1000 };
/** Distinct rows waiting at most before an early write (a few MB). */
const FULL_BATCH = 20_000;

/** The entries of one requester (kind, token, address) in one second. */
interface Group {
  readonly second: number;
  readonly kind: Caller['kind'];
  readonly tokenId: string | null;
  readonly ip: string;
  /** Time-based codes, by account id. */
  readonly byAccount: Map<number, CodeLogRow>;
  /** HOTP codes (one row per counter), and any account whose type changed within the second. */
  readonly others: Map<string, CodeLogRow>;
}

interface Pending {
  groups: Map<string, Group>;
  last: Group | null;
  size: number;
  flushing: Promise<void>;
  scheduled: boolean;
}

const pendingByDeps = new WeakMap<Deps, Pending>();

function pendingOf(deps: Deps): Pending {
  let pending = pendingByDeps.get(deps);
  if (!pending) {
    pending = { groups: new Map(), last: null, size: 0, flushing: Promise.resolve(), scheduled: false };
    pendingByDeps.set(deps, pending);
  }
  return pending;
}

function groupOf(pending: Pending, second: number, kind: Caller['kind'], tokenId: string | null, ip: string) {
  const last = pending.last;
  if (last && last.second === second && last.kind === kind && last.tokenId === tokenId && last.ip === ip) {
    return last;
  }
  const key = `${second}|${kind}|${tokenId}|${ip}`;
  let group = pending.groups.get(key);
  if (!group) {
    group = { second, kind, tokenId, ip, byAccount: new Map(), others: new Map() };
    pending.groups.set(key, group);
  }
  pending.last = group;
  return group;
}

/** A code generated for stored accounts: who asked and from where (never the code). */
export function logCodes(
  deps: Deps,
  requester: { caller: Caller | null; ip: string },
  codes: readonly { accountId: number; otpType: string; counter: number | null }[],
): void {
  const caller = requester.caller;
  if (!caller || codes.length === 0 || !deps.config.OTP_LOG) return;
  const pending = pendingOf(deps);
  const generatedAt = deps.clock.now();
  const tokenId = caller.kind === 'token' ? caller.tokenId : null;
  const group = groupOf(
    pending,
    Math.floor(generatedAt.getTime() / 1000),
    caller.kind,
    tokenId,
    requester.ip,
  );
  for (const code of codes) {
    if (code.counter === null) {
      const row = group.byAccount.get(code.accountId);
      if (row === undefined) {
        group.byAccount.set(code.accountId, newRow(code, generatedAt, group));
        pending.size += 1;
        continue;
      }
      if (row.entry.otpType === code.otpType) {
        row.times += 1;
        continue;
      }
    }
    const key = `${code.accountId}|${code.otpType}|${code.counter}`;
    const row = group.others.get(key);
    if (row) {
      row.times += 1;
      continue;
    }
    group.others.set(key, newRow(code, generatedAt, group));
    pending.size += 1;
  }
  if (pending.size >= FULL_BATCH) {
    void flushCodeLog(deps);
    return;
  }
  if (pending.scheduled) return;
  pending.scheduled = true;
  setTimeout(() => void flushCodeLog(deps), codeLogTiming.flushEveryMs).unref();
}

function newRow(
  code: { accountId: number; otpType: string; counter: number | null },
  generatedAt: Date,
  group: Group,
): CodeLogRow {
  return {
    entry: {
      accountId: code.accountId,
      otpType: code.otpType,
      counter: code.counter,
      generatedAt,
      requesterKind: group.kind,
      tokenId: group.tokenId,
      ipAddress: group.ip,
    },
    times: 1,
  };
}

/** Writes what waits (also before the log is read, and when the app closes). */
export function flushCodeLog(deps: Deps): Promise<void> {
  const pending = pendingOf(deps);
  pending.scheduled = false;
  const rows: CodeLogRow[] = [];
  for (const group of pending.groups.values()) {
    for (const row of group.byAccount.values()) rows.push(row);
    for (const row of group.others.values()) rows.push(row);
  }
  pending.groups.clear();
  pending.last = null;
  pending.size = 0;
  pending.flushing = pending.flushing.then(async () => {
    try {
      await insertCodeLog(deps.db, rows);
    } catch (error) {
      deps.log.error({ err: error, rows: rows.length }, 'code log rows could not be written');
    }
  });
  return pending.flushing;
}
