import { sealBatch, type SealedBatch, type SealRequest } from './seal-batch';

/**
 * A refresh's records sealed in a worker, so that a refresh (or turning the copy on) costs the
 * page's main thread only the hand-over of the accounts. Where a worker cannot start or fails, it
 * seals here instead: the copy is refreshed either way.
 */
export function sealOffThread(request: SealRequest): Promise<SealedBatch> {
  const here = () => sealBatch(request);
  if (typeof Worker !== 'function') return here();
  return new Promise<SealedBatch | null>((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL('./seal.worker.ts', import.meta.url), { type: 'module' });
    } catch {
      resolve(null);
      return;
    }
    worker.onmessage = (event: MessageEvent<{ sealed: SealedBatch | null }>) => {
      worker.terminate();
      resolve(event.data.sealed);
    };
    worker.onerror = () => {
      worker.terminate();
      resolve(null);
    };
    worker.postMessage(request);
  }).then((sealed) => sealed ?? here());
}
