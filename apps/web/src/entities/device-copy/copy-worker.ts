import type { ScryptRequest } from '@twofold/vault';
import type { CopyContent } from './copy-content';
import { iconsOf } from './copy-icons';
import type { StoredCopy } from './copy-store';
import { openCopy, type OpenedCopy } from './open-copy';

/**
 * The copy's worker (copy.worker.ts): the passphrase's scrypt (hash-wasm's WebAssembly, about
 * twice as fast as the JavaScript one) and the opening of the copy's records, both off the page's
 * main thread, so that the unlock leaves the page free to draw. It is started by `warmCopyWorker`
 * when a screen that asks for the passphrase appears, so that its start and the WebAssembly's
 * compilation happen while the user types; it ends (and its 32 MiB with it) after a minute without
 * work. Where no worker can run, or it fails, a task answers null and the caller does it here.
 */
export type CopyWorkerTask =
  | { readonly kind: 'scrypt'; readonly request: ScryptRequest }
  | { readonly kind: 'open'; readonly privateKey: CryptoKey; readonly stored: StoredCopy };

const IDLE_MS = 60_000;
let worker: Worker | null = null;
let idle: ReturnType<typeof setTimeout> | undefined;
let nextId = 0;
const waiting = new Map<number, (result: unknown) => void>();

function endWhenIdle(): void {
  clearTimeout(idle);
  idle = setTimeout(() => {
    if (waiting.size === 0) releaseCopyWorker();
  }, IDLE_MS);
}

function started(): Worker | null {
  if (worker) return worker;
  if (typeof Worker !== 'function') return null;
  try {
    worker = new Worker(new URL('./copy.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return null;
  }
  worker.onmessage = (event: MessageEvent<{ id: number; result: unknown }>) => {
    const { id, result } = event.data;
    waiting.get(id)?.(result);
    waiting.delete(id);
    endWhenIdle();
  };
  worker.onerror = () => releaseCopyWorker();
  return worker;
}

/** Starts the worker ahead of the passphrase. */
export function warmCopyWorker(): void {
  if (started()) endWhenIdle();
}

/** Ends the worker; a task still running answers null (its caller does it here). */
function releaseCopyWorker(): void {
  clearTimeout(idle);
  worker?.terminate();
  worker = null;
  for (const settle of waiting.values()) settle(null);
  waiting.clear();
}

/** The task's result from the worker; null where it cannot run there (see above). */
export function inCopyWorker(task: Extract<CopyWorkerTask, { kind: 'scrypt' }>): Promise<Uint8Array | null>;
export function inCopyWorker(task: Extract<CopyWorkerTask, { kind: 'open' }>): Promise<OpenedCopy | null>;
export function inCopyWorker(task: CopyWorkerTask): Promise<unknown> {
  const target = started();
  if (!target) return Promise.resolve(null);
  const id = (nextId += 1);
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    try {
      target.postMessage({ id, task });
    } catch {
      // Not cloneable here (a key this browser cannot hand to a worker): done on the page instead.
      waiting.delete(id);
      resolve(null);
    }
  });
}

/** The stored copy opened with its device key, in the worker; here where it cannot (same result or error). */
export async function openOffThread(privateKey: CryptoKey, stored: StoredCopy): Promise<CopyContent> {
  let opened = await inCopyWorker({ kind: 'open', privateKey, stored });
  if (opened) performance.mark('twofold:copy-opened-in-worker'); // read by the browser tests
  opened ??= await openCopy(privateKey, stored);
  const { content, logos } = opened;
  // A copy made before the logos were kept apart has them in its content.
  return content.iconDigests ? { ...content, icons: iconsOf(content.iconDigests, logos) } : content;
}
