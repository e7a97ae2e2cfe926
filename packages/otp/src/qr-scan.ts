import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import jsqr from 'jsqr';

/** The part of a jsQR result we use: its segments, so that byte segments can be re-decoded. */
export interface ScanChunk {
  readonly type: string;
  readonly text?: string;
  readonly bytes?: readonly number[];
}

/** A raw jsQR hit, or null when no code was found. */
export type ScanHit = { readonly data: string; readonly chunks: readonly ScanChunk[] } | null;

/** RGBA pixels to scan. The buffer is transferred to the worker: do not use it afterwards. */
export interface ScanJob {
  readonly data: Uint8Array;
  readonly width: number;
  readonly height: number;
}

/** jsQR on RGBA pixels, light-on-dark codes included (some apps draw them inverted). */
export function scanPixels(job: ScanJob): ScanHit {
  const pixels = new Uint8ClampedArray(job.data.buffer, job.data.byteOffset, job.width * job.height * 4);
  // jsqr is CommonJS: its default export is `module.exports`, whose `default` is the function.
  const hit = jsqr.default(pixels, job.width, job.height, { inversionAttempts: 'attemptBoth' });
  return hit === null ? null : { data: hit.data, chunks: hit.chunks };
}

// The worker is plain CommonJS evaluated from a string, so it runs the same from src (tests, tsx)
// and from dist, without a build step of its own.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const loaded = require(workerData.jsqr);
const jsQR = typeof loaded === 'function' ? loaded : loaded.default;
parentPort.on('message', (job) => {
  let hit = null;
  let error = null;
  try {
    const pixels = new Uint8ClampedArray(job.buffer, job.byteOffset, job.width * job.height * 4);
    const found = jsQR(pixels, job.width, job.height, { inversionAttempts: 'attemptBoth' });
    if (found) hit = { data: found.data, chunks: found.chunks };
  } catch (caught) {
    error = String((caught && caught.message) || caught);
  }
  parentPort.postMessage({ id: job.id, hit, error });
});
`;

interface Reply {
  readonly id: number;
  readonly hit: ScanHit;
  readonly error: string | null;
}

interface Pending {
  readonly resolve: (hit: ScanHit) => void;
  readonly reject: (error: Error) => void;
  readonly timer: NodeJS.Timeout;
  readonly worker: Worker;
}

/** One long-lived worker thread that runs jsQR, so that scanning never blocks the event loop. */
class ScanWorker {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  private start(): Worker {
    const jsqr = createRequire(import.meta.url).resolve('jsqr');
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { jsqr } });
    worker.on('message', (reply: Reply) => {
      const job = this.pending.get(reply.id);
      if (job === undefined) return;
      this.settle(reply.id);
      if (reply.error === null) job.resolve(reply.hit);
      else job.reject(new Error(reply.error));
    });
    const failAll = (error: Error): void => {
      if (this.worker === worker) this.worker = null;
      for (const [id, job] of this.pending) {
        if (job.worker !== worker) continue;
        this.settle(id);
        job.reject(error);
      }
    };
    worker.on('error', failAll);
    worker.on('exit', (code) => failAll(new Error(`QR worker exited with code ${code}`)));
    worker.unref();
    return worker;
  }

  private settle(id: number): void {
    const job = this.pending.get(id);
    if (job !== undefined) clearTimeout(job.timer);
    this.pending.delete(id);
    // An idle worker must not keep the process alive.
    if (this.pending.size === 0) this.worker?.unref();
  }

  scan(job: ScanJob, timeoutMs: number): Promise<ScanHit> {
    const worker = (this.worker ??= this.start());
    const id = this.nextId++;
    return new Promise<ScanHit>((resolve, reject) => {
      const timer = setTimeout(() => {
        // A stuck scan: drop the worker; the next scan starts a fresh one.
        void this.close();
        reject(new Error('QR scan timed out'));
      }, timeoutMs);
      this.pending.set(id, { resolve, reject, timer, worker });
      worker.ref();
      const data = job.data;
      // Transfer the pixels instead of copying them when they own their whole buffer.
      const owned = data.byteOffset === 0 && data.byteLength === data.buffer.byteLength;
      const buffer = owned ? data.buffer : data.slice().buffer;
      worker.postMessage(
        { id, buffer, byteOffset: 0, width: job.width, height: job.height },
        buffer instanceof ArrayBuffer ? [buffer] : [],
      );
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker !== null) await worker.terminate();
  }
}

const shared = new ScanWorker();

/** Scans pixels in the shared worker thread. Rejects when the worker fails or times out. */
export function scanPixelsInWorker(job: ScanJob, timeoutMs = 20_000): Promise<ScanHit> {
  return shared.scan(job, timeoutMs);
}

/** Stops the QR worker thread (for a graceful shutdown); the next scan starts a new one. */
export function closeQrWorker(): Promise<void> {
  return shared.close();
}
