import { checkScryptRequest, nobleScrypt, type ScryptRequest, type VaultKdf } from '@twofold/vault';

/**
 * The copy's scrypt (unlock, turning the copy on, a new passphrase): hash-wasm's WebAssembly
 * scrypt in a worker. It is about twice as fast as the JavaScript one, so the passphrase opens the
 * copy sooner on a phone, and the page keeps drawing meanwhile. The parameters and the result are
 * the same: copies made either way open either way. The worker is started by `warmCopyKdf` when a
 * screen that asks for the passphrase appears, so that its start and the WebAssembly's compilation
 * happen while the user types; it ends (and its 32 MiB with it) after a minute without work.
 * Where no worker can run, the vault's own scrypt runs here.
 */
const IDLE_MS = 60_000;
let worker: Worker | null = null;
let idle: ReturnType<typeof setTimeout> | undefined;
let nextId = 0;
const waiting = new Map<number, (key: Uint8Array | null) => void>();

function endWhenIdle(): void {
  clearTimeout(idle);
  idle = setTimeout(() => {
    if (waiting.size === 0) releaseCopyKdf();
  }, IDLE_MS);
}

function started(): Worker | null {
  if (worker) return worker;
  if (typeof Worker !== 'function') return null;
  try {
    worker = new Worker(new URL('./kdf.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return null;
  }
  worker.onmessage = (event: MessageEvent<{ id: number; key: Uint8Array | null }>) => {
    const { id, key } = event.data;
    waiting.get(id)?.(key);
    waiting.delete(id);
    endWhenIdle();
  };
  worker.onerror = () => releaseCopyKdf();
  return worker;
}

/** Starts the worker ahead of the passphrase. */
export function warmCopyKdf(): void {
  if (started()) endWhenIdle();
}

/** Ends the worker; a derivation still running falls back to the vault's scrypt. */
function releaseCopyKdf(): void {
  clearTimeout(idle);
  worker?.terminate();
  worker = null;
  for (const settle of waiting.values()) settle(null);
  waiting.clear();
}

function inWorker(request: ScryptRequest): Promise<Uint8Array | null> {
  const target = started();
  if (!target) return Promise.resolve(null);
  const id = (nextId += 1);
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    target.postMessage({ id, request });
  });
}

export const copyKdf: VaultKdf = async (request) => {
  checkScryptRequest(request);
  const key = await inWorker(request);
  if (!(key instanceof Uint8Array) || key.length !== request.length) return nobleScrypt(request);
  // Tells the browser tests that the worker derived it (the page's policy let it compile).
  performance.mark('twofold:copy-kdf-worker');
  return key;
};
