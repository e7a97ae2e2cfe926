import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { DeriveKey, KdfRequest } from '@twofold/import';

/*
 * Key derivation for imports, off the event loop: two worker threads, one for memory-heavy
 * derivations (at least HEAVY_BYTES, run one at a time in arrival order) and one for the light
 * ones (PBKDF2, Proton's 19 MiB Argon2id, small scrypt), so a 1 GiB Ente derivation never delays
 * a light import nor any other request. Workers start on first use, do not keep the process
 * alive, and are replaced when one dies (e.g. out of memory).
 */

const HEAVY_BYTES = 64 * 1024 * 1024;

type Pending = { resolve: (key: Uint8Array) => void; reject: (error: Error) => void };

/**
 * The worker: the compiled .js in the built server; under tsx or vitest (this module is then
 * TypeScript) a bootstrap registers tsx's loader in the worker before importing the .ts file.
 */
function spawnWorker(): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./kdf-worker.js', import.meta.url));
  // tsx's ESM API (its `import` condition), which registers the TypeScript loader in this thread.
  const tsxPackage = createRequire(import.meta.url).resolve('tsx/package.json');
  const tsx = pathToFileURL(path.join(path.dirname(tsxPackage), 'dist/esm/api/index.mjs')).href;
  const entry = new URL('./kdf-worker.ts', import.meta.url).href;
  const bootstrap = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(bootstrap, { eval: true });
}

/** One worker thread answering derivation jobs in order. */
class KdfThread {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  derive(request: KdfRequest): Promise<Uint8Array> {
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage({ id, request });
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await worker.terminate();
  }

  private start(): Worker {
    const worker = spawnWorker();
    worker.unref();
    worker.on('message', (message: { id: number; key?: Uint8Array; error?: string }) => {
      const job = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (this.pending.size === 0) worker.unref();
      if (!job) return;
      if (message.key) job.resolve(new Uint8Array(message.key));
      else job.reject(new Error(`key derivation failed (${message.error ?? 'unknown'})`));
    });
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const job of this.pending.values()) job.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`key derivation worker exited (${code})`)));
    this.worker = worker;
    return worker;
  }
}

export interface KdfPool {
  readonly deriveKey: DeriveKey;
  close(): Promise<void>;
}

/** A worker-backed `DeriveKey`: heavy jobs serialised on their own thread, light jobs on another. */
export function createKdfPool(): KdfPool {
  const heavy = new KdfThread();
  const light = new KdfThread();
  // The import package (its WASM KDFs, libsodium) loads with the first heavy derivation, not at start.
  let heavyQueue: Promise<DeriveKey> | undefined;
  const queued = () =>
    (heavyQueue ??= import('@twofold/import').then(({ serializeHeavy }) =>
      serializeHeavy((request) => heavy.derive(request), { heavyBytes: HEAVY_BYTES }),
    ));
  return {
    deriveKey: async (request) =>
      request.memoryBytes >= HEAVY_BYTES ? (await queued())(request) : light.derive(request),
    close: async () => {
      await Promise.all([heavy.close(), light.close()]);
    },
  };
}

let shared: KdfPool | undefined;

/** The process-wide pool: one memory-heavy derivation at a time across every app instance. */
export function sharedKdfPool(): KdfPool {
  shared ??= createKdfPool();
  return shared;
}
