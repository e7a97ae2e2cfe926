import type { Deps } from '../shared/deps.js';
import type { Caller } from '../http/fastify-types.js';
import { insertCodeLog, type CodeLogEntry } from './code-log.queries.js';

/*
 * The code log is written off the request's path: entries wait in memory and are inserted
 * together once a second (a list `withOtp` is one batch), so a busy OTP route costs one insert a
 * second rather than one per code: on the embedded database every insert runs on the main thread. Reading the log, and closing
 * the app, write what waits first. A failed write is logged, never thrown: a code must not be
 * refused because its log row could not be stored.
 */

const FLUSH_EVERY_MS = 1000;
/** Entries waiting at most (a few MB); the insert merges identical ones, so it stays small. */
const FULL_BATCH = 20_000;

interface Pending {
  entries: CodeLogEntry[];
  flushing: Promise<void>;
  scheduled: boolean;
}

const pendingByDeps = new WeakMap<Deps, Pending>();

function pendingOf(deps: Deps): Pending {
  let pending = pendingByDeps.get(deps);
  if (!pending) {
    pending = { entries: [], flushing: Promise.resolve(), scheduled: false };
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
  for (const code of codes) {
    pending.entries.push({
      ...code,
      generatedAt,
      requesterKind: caller.kind,
      tokenId: caller.kind === 'token' ? caller.tokenId : null,
      ipAddress: requester.ip,
    });
  }
  if (pending.entries.length >= FULL_BATCH) {
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
  const entries = pending.entries.splice(0);
  pending.flushing = pending.flushing.then(async () => {
    try {
      await insertCodeLog(deps.db, entries);
    } catch (error) {
      deps.log.error({ err: error, rows: entries.length }, 'code log rows could not be written');
    }
  });
  return pending.flushing;
}
