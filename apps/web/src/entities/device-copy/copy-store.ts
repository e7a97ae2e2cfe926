import type { EncryptedVault } from '@twofold/vault';
import type { SealedContent } from './copy-crypto';

/**
 * A passkey that opens the copy: its credential and the salt its PRF is asked with (neither is
 * secret: the PRF output, which only the authenticator can give, derives the raw slot's key).
 */
export interface CopyPasskey {
  /** The uuid of the raw slot in the key vault. */
  readonly slot: string;
  /** base64url, as WebAuthn names credentials. */
  readonly credentialId: string;
  /** base64. */
  readonly salt: string;
}

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
  /** Absent on copies made before passkeys could open them. */
  readonly passkeys?: readonly CopyPasskey[];
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
