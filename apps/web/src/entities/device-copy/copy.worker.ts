import { scrypt } from 'hash-wasm';
import type { ScryptRequest } from '@twofold/vault';

/** The copy's scrypt, off the main thread (copy-kdf.ts). */
self.onmessage = (event: MessageEvent<{ id: number; request: ScryptRequest }>) => {
  const { id, request } = event.data;
  scrypt({
    password: request.password,
    salt: request.salt,
    costFactor: request.N,
    blockSize: request.r,
    parallelism: request.p,
    hashLength: request.length,
    outputType: 'binary',
  }).then(
    (key) => self.postMessage({ id, key }, { transfer: [key.buffer] }),
    () => self.postMessage({ id, key: null }),
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
