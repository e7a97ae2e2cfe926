import { statfs } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';

/** Below this much free space in DATA_DIR, writes are refused (507) before they start. */
export const WRITE_RESERVE_BYTES = 1024 * 1024;
/** Settings → About warns below either of these. */
export const LOW_SPACE_BYTES = 100 * 1024 * 1024;
export const LOW_SPACE_RATIO = 0.05;
/** A full disk is logged at most once in this window. */
const LOG_INTERVAL_MS = 60_000;
/** A full-disk episode ends after this long without a failed write, once space is free. */
const EPISODE_QUIET_MS = 60_000;

export interface DiskSpace {
  readonly freeBytes: number;
  readonly totalBytes: number;
  /** Below 100 MB or 5 %: time to free some space. */
  readonly low: boolean;
  /** No room left for a write (below the reserve, or a write just failed for lack of space). */
  readonly full: boolean;
}

/** What a full-disk watch tells the alerts (structurally the alerts port's `raise`). */
export type DiskAlert = (event: { readonly kind: 'disk_full' }) => void;

const FULL_CODES = new Set(['ENOSPC', 'EDQUOT']);

/**
 * Whether an error (or one of its causes) says the disk is full: Node's ENOSPC/EDQUOT, PostgreSQL's
 * `disk_full` (53100), or an embedded database's message for the same system error.
 */
export function isDiskFull(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 8; depth += 1) {
    if (typeof current !== 'object') return false;
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (FULL_CODES.has(code) || code === '53100')) return true;
    if (typeof message === 'string' && /no space left on device|could not extend file/i.test(message))
      return true;
    current = cause;
  }
  return false;
}

interface DiskWatchOptions {
  readonly dir: string;
  readonly clock: Clock;
  readonly log: FastifyBaseLogger;
  readonly raise: DiskAlert;
  /** Test seam: where the free space is read (the file system by default). */
  readonly measure?: (dir: string) => Promise<{ freeBytes: number; totalBytes: number }>;
}

async function measureDir(dir: string): Promise<{ freeBytes: number; totalBytes: number }> {
  const stats = await statfs(dir);
  return { freeBytes: stats.bavail * stats.bsize, totalBytes: stats.blocks * stats.bsize };
}

/**
 * The free space of DATA_DIR (database, icons, backups, mail): read on demand (one statfs).
 * A failed write for lack of space is logged at most once a minute and raises one `disk_full`
 * alert per episode; the episode ends by itself a minute after the last failure once space is
 * free again (no restart). Writes are let through again as soon as space is free.
 */
export class DiskWatch {
  /** When the current full-disk episode last saw a failed or refused write (none: no episode). */
  private lastFullAt: number | undefined;
  private lastLogAt = -Infinity;

  constructor(private readonly options: DiskWatchOptions) {}

  /** The space now (one statfs call); never throws (an unreadable folder: unknown). */
  async space(): Promise<DiskSpace | undefined> {
    const now = this.options.clock.now().getTime();
    let measured: { freeBytes: number; totalBytes: number };
    try {
      measured = await (this.options.measure ?? measureDir)(this.options.dir);
    } catch {
      return undefined;
    }
    const roomy = measured.freeBytes >= WRITE_RESERVE_BYTES;
    if (!roomy) this.reportFull();
    if (roomy && this.lastFullAt !== undefined && now - this.lastFullAt >= EPISODE_QUIET_MS) {
      this.lastFullAt = undefined;
      this.options.log.info({ freeBytes: measured.freeBytes }, 'data disk has free space again');
    }
    return {
      ...measured,
      low: measured.freeBytes < LOW_SPACE_BYTES || measured.freeBytes < measured.totalBytes * LOW_SPACE_RATIO,
      full: !roomy || this.lastFullAt !== undefined,
    };
  }

  /** Whether a write may start: false when DATA_DIR is (nearly) full. Unknown space: true. */
  async canWrite(): Promise<boolean> {
    const space = await this.space();
    return space === undefined || space.freeBytes >= WRITE_RESERVE_BYTES;
  }

  /** A write failed, or was refused, for lack of space. */
  reportFull(error?: unknown): void {
    const now = this.options.clock.now().getTime();
    if (this.lastFullAt === undefined) this.options.raise({ kind: 'disk_full' });
    this.lastFullAt = now;
    if (now - this.lastLogAt < LOG_INTERVAL_MS) return;
    this.lastLogAt = now;
    const code = (error as { code?: unknown } | undefined)?.code;
    this.options.log.error(
      { dir: this.options.dir, ...(typeof code === 'string' ? { code } : {}) },
      'data disk full: writes are refused until space is freed',
    );
  }
}
