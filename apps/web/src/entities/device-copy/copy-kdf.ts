import { checkScryptRequest, nobleScrypt, type VaultKdf } from '@twofold/vault';
import { inCopyWorker } from './copy-worker';

/**
 * The copy's scrypt (unlock, turning the copy on, a new passphrase): in the copy's worker
 * (copy-worker.ts), with hash-wasm's WebAssembly scrypt. The parameters and the result are the same
 * as the vault's own scrypt: copies made either way open either way. Where no worker can run, the
 * vault's scrypt runs here.
 */
export const copyKdf: VaultKdf = async (request) => {
  checkScryptRequest(request);
  const key = await inCopyWorker({ kind: 'scrypt', request });
  if (!(key instanceof Uint8Array) || key.length !== request.length) return nobleScrypt(request);
  // Tells the browser tests that the worker derived it (the page's policy let it compile).
  performance.mark('twofold:copy-kdf-worker');
  return key;
};
