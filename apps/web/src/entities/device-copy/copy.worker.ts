import { scrypt } from 'hash-wasm';
import type { ScryptRequest } from '@twofold/vault';
import type { CopyWorkerTask } from './copy-worker';
import { openCopy } from './open-copy';

/** The copy's scrypt and its opening, off the main thread (copy-worker.ts). */
function derive(request: ScryptRequest): Promise<Uint8Array> {
  return scrypt({
    password: request.password,
    salt: request.salt,
    costFactor: request.N,
    blockSize: request.r,
    parallelism: request.p,
    hashLength: request.length,
    outputType: 'binary',
  });
}

self.onmessage = (event: MessageEvent<{ id: number; task: CopyWorkerTask }>) => {
  const { id, task } = event.data;
  if (task.kind === 'scrypt') {
    derive(task.request).then(
      (key) => self.postMessage({ id, result: key }, { transfer: [key.buffer] }),
      () => self.postMessage({ id, result: null }),
    );
    return;
  }
  openCopy(task.privateKey, task.stored).then(
    (opened) => self.postMessage({ id, result: opened }),
    () => self.postMessage({ id, result: null }),
  );
};

// Compiles the WebAssembly at once, while the passphrase is being typed.
void scrypt({
  password: 'warm-up',
  salt: new Uint8Array(16),
  costFactor: 2,
  blockSize: 1,
  parallelism: 1,
  hashLength: 16,
  outputType: 'binary',
}).catch(() => undefined);
