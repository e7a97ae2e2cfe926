import { sealContent } from '@twofold/vault';

/** Seals the copy's content off the main thread: the JSON, the encryption and the base64 of 1,000 accounts. */
interface SealRequest {
  readonly publicKey: JsonWebKey;
  readonly content: unknown;
}

self.onmessage = (event: MessageEvent<SealRequest>) => {
  const { publicKey, content } = event.data;
  sealContent(publicKey, content).then(
    (sealed) => self.postMessage({ sealed }),
    () => self.postMessage({ sealed: null }),
  );
};
