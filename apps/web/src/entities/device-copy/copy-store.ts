import type { CopyPasskey, DeviceCopy } from '@twofold/vault';

export type { CopyPasskey };

/**
 * The copy in IndexedDB: one record, in the format of `@twofold/vault` (`DeviceCopy`: only the
 * copy's id, the public key, the key vault's header and counts are readable; the accounts are
 * sealed in `content`).
 */
export type StoredCopy = DeviceCopy;

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

/**
 * Changes the stored copy in one transaction (read and write together), so that a refresh and a
 * new slot written at the same time both stay. Nothing stored: nothing written.
 */
export async function updateCopy(change: (copy: StoredCopy) => StoredCopy): Promise<void> {
  const database = await open();
  try {
    await new Promise<void>((resolve, reject) => {
      const transaction = database.transaction(STORE, 'readwrite');
      const store = transaction.objectStore(STORE);
      const request = store.get(KEY) as IDBRequest<StoredCopy | undefined>;
      request.onsuccess = () => {
        if (request.result) store.put(change(request.result), KEY);
      };
      transaction.oncomplete = () => resolve();
      transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB'));
    });
  } finally {
    database.close();
  }
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
