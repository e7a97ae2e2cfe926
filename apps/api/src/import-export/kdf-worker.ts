import { parentPort } from 'node:worker_threads';
import { defaultDeriveKey, type KdfRequest } from '@twofold/import';

/*
 * The key-derivation worker thread. Argon2id (hash-wasm) computes on the thread that calls it, so
 * running it here keeps a 1 GiB derivation away from the server's event loop. The main side
 * (kdf-pool.ts) sends one request at a time per worker; errors travel back as a message, never
 * with the password.
 */

interface Job {
  readonly id: number;
  readonly request: KdfRequest;
}

parentPort?.on('message', (job: Job) => {
  defaultDeriveKey(job.request).then(
    (key) => parentPort?.postMessage({ id: job.id, key }),
    (error: unknown) =>
      parentPort?.postMessage({ id: job.id, error: error instanceof Error ? error.name : 'Error' }),
  );
});
