import { sealBatch, type SealRequest } from './seal-batch';

/** Seals a refresh's records off the main thread (seal-batch.ts). */
self.onmessage = (event: MessageEvent<SealRequest>) => {
  sealBatch(event.data).then(
    (sealed) => self.postMessage({ sealed }),
    () => self.postMessage({ sealed: null }),
  );
};
