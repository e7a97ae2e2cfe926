import type { Deps } from '../shared/deps.js';
import type { Caller } from '../http/fastify-types.js';
import { insertCodeLog, type CodeLogRow } from './code-log.queries.js';

/*
 * The code log is written off the request's path: entries wait in memory and are inserted
 * together once a second (a list `withOtp` is one batch), so a busy OTP route costs one insert a
 * second rather than one per code: on the embedded database every insert runs on the main thread.
 * Identical entries of one second (same account, caller, address) are merged as they come, so a
 * request adds a count, not an object, and what waits stays small under any load. Reading the log,
 * and closing the app, write what waits first. A failed write is logged, never thrown: a code must
 * not be refused because its log row could not be stored.
 */

const FLUSH_EVERY_MS = 1000;
/** Distinct rows waiting at most before an early write (a few MB). */
const FULL_BATCH = 20_000;

interface Pending {
  rows: Map<string, CodeLogRow>;
  flushing: Promise<void>;
  scheduled: boolean;
}

const pendingByDeps = new WeakMap<Deps, Pending>();

function pendingOf(deps: Deps): Pending {
  let pending = pendingByDeps.get(deps);
  if (!pending) {
    pending = { rows: new Map(), flushing: Promise.resolve(), scheduled: false };
    pendingByDeps.set(deps, pending);
  }
  return pending;
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
  const common = `${Math.floor(generatedAt.getTime() / 1000)}|${caller.kind}|${tokenId}|${requester.ip}`;
  for (const code of codes) {
    const key = `${code.accountId}|${code.otpType}|${code.counter}|${common}`;
    const row = pending.rows.get(key);
    if (row) {
      row.times += 1;
      continue;
    }
    pending.rows.set(key, {
      entry: { ...code, generatedAt, requesterKind: caller.kind, tokenId, ipAddress: requester.ip },
      times: 1,
    });
  }
  if (pending.rows.size >= FULL_BATCH) {
    void flushCodeLog(deps);
    return;
  }
  if (pending.scheduled) return;
  pending.scheduled = true;
  setTimeout(() => void flushCodeLog(deps), FLUSH_EVERY_MS).unref();
}

/** Writes what waits (also before the log is read, and when the app closes). */
export function flushCodeLog(deps: Deps): Promise<void> {
  const pending = pendingOf(deps);
  pending.scheduled = false;
  const rows = [...pending.rows.values()];
  pending.rows.clear();
  pending.flushing = pending.flushing.then(async () => {
    try {
      await insertCodeLog(deps.db, rows);
    } catch (error) {
      deps.log.error({ err: error, rows: rows.length }, 'code log rows could not be written');
    }
  });
  return pending.flushing;
}
