import { sealContent, type SealedContent } from '@twofold/vault';

/**
 * `sealContent` in a worker, so that a refresh of a large copy costs the page's main thread only
 * the hand-over of the content. Where a worker cannot start or fails, it seals here instead: the
 * copy is refreshed either way.
 */
export function sealOffThread(publicKey: JsonWebKey, content: unknown): Promise<SealedContent> {
  if (typeof Worker !== 'function') return sealContent(publicKey, content);
  return new Promise<SealedContent | null>((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL('./seal.worker.ts', import.meta.url), { type: 'module' });
    } catch {
      resolve(null);
      return;
    }
    worker.onmessage = (event: MessageEvent<{ sealed: SealedContent | null }>) => {
      worker.terminate();
      resolve(event.data.sealed);
    };
    worker.onerror = () => {
      worker.terminate();
      resolve(null);
    };
    worker.postMessage({ publicKey, content });
  }).then((sealed) => sealed ?? sealContent(publicKey, content));
}
