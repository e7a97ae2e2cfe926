import type { EncryptedVault } from '@twofold/vault';
import type { SealedContent } from './copy-crypto';

/**
 * The copy in IndexedDB: one record. Readable in it are only the copy's id, the public key, the
 * vault header (slots: salts, nonces, wrapped keys) and the count of
 * wrong passphrases; everything about the accounts is inside `content`, encrypted.
 */
export interface StoredCopy {
  readonly id: string;
  readonly publicKey: JsonWebKey;
  /** An Aegis vault whose db holds the device's private key. */
  readonly keyVault: EncryptedVault;
  readonly content: SealedContent;
  readonly failures: number;
}

const DATABASE = 'twofold-device-copy';
const STORE = 'copy';
const KEY = 'current';

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB'));
  });
}

async function run<T>(
  mode: IDBTransactionMode,
  action: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const database = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const transaction = database.transaction(STORE, mode);
      const request = action(transaction.objectStore(STORE));
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB'));
    });
  } finally {
    database.close();
  }
}

export async function readCopy(): Promise<StoredCopy | undefined> {
  return (
    (await run('readonly', (store) => store.get(KEY) as IDBRequest<StoredCopy | undefined>)) ?? undefined
  );
}

export async function writeCopy(copy: StoredCopy): Promise<void> {
  await run('readwrite', (store) => store.put(copy, KEY));
}

/** Erases the copy: the database goes, not only its record. */
export function deleteCopyDatabase(): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.deleteDatabase(DATABASE);
    request.onsuccess = () => resolve();
    request.onblocked = () => resolve();
    request.onerror = () => reject(request.error ?? new Error('IndexedDB'));
  });
}
