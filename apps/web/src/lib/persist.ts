import type { QueryClient } from '@tanstack/react-query';
import { deviceCopyId } from '../api/client';

/**
 * Accounts, groups and settings are kept in localStorage so the accounts screen shows them at once
 * on the next visit, then refreshes them.
 */
const STORAGE_KEY = 'twofold.queryCache';
/** About 122 days: an older copy is dropped rather than shown as the current lists. */
export const CACHE_LIFETIME = 10_540_800_000;
const PERSISTED = new Set(['accounts', 'groups', 'settings']);
/**
 * With the device's encrypted copy on, nothing that names an account is kept in clear: the lists
 * live inside the copy only.
 */
const PERSISTED_WITH_COPY = new Set(['settings']);
const persisted = () => (deviceCopyId() === null ? PERSISTED : PERSISTED_WITH_COPY);

interface Stored {
  readonly savedAt: number;
  readonly entries: Record<string, unknown>;
}

/** What was restored from the previous visit, for the 'Some data have changed' comparison. */
const restored = new Map<string, unknown>();

function read(): Stored | null {
  try {
    const text = localStorage.getItem(STORAGE_KEY);
    if (!text) return null;
    const stored = JSON.parse(text) as Stored;
    if (typeof stored.savedAt !== 'number' || Date.now() - stored.savedAt > CACHE_LIFETIME) {
      localStorage.removeItem(STORAGE_KEY);
      return null;
    }
    return stored;
  } catch {
    return null;
  }
}

export function installQueryPersistence(client: QueryClient): void {
  const stored = read();
  if (stored) {
    for (const [name, data] of Object.entries(stored.entries)) {
      if (!persisted().has(name) || data === undefined) continue;
      // Marked as old: the first screen that reads it fetches it again.
      client.setQueryData([name], data, { updatedAt: 1 });
      restored.set(name, data);
    }
  }
  let scheduled = false;
  client.getQueryCache().subscribe((event) => {
    const name: unknown = (event.query.queryKey as readonly unknown[])[0];
    if (event.type !== 'updated' || typeof name !== 'string' || !PERSISTED.has(name)) return;
    // A mutation invalidates what it changed; a query nobody watches is not refetched at once, so
    // its stored copy is dropped too, lest the next visit take it for news ('Some data have changed').
    if ((event.action.type !== 'success' && event.action.type !== 'invalidate') || scheduled) return;
    scheduled = true;
    queueMicrotask(() => {
      scheduled = false;
      const entries: Record<string, unknown> = {};
      for (const key of persisted()) {
        const data = client.getQueryData([key]);
        if (data !== undefined && client.getQueryState([key])?.isInvalidated !== true) entries[key] = data;
      }
      try {
        localStorage.setItem(STORAGE_KEY, JSON.stringify({ savedAt: Date.now(), entries } satisfies Stored));
      } catch {
        // Storage full or disabled: the cache is only a speed-up.
      }
    });
  });
}

/** The data restored from the previous visit, until the accounts screen has compared it. */
export function restoredData(name: string): unknown {
  return restored.get(name);
}

/** Later visits of the accounts screen in this page use live data only. */
export function forgetRestored(): void {
  restored.clear();
}

/** Drops the stored lists at once (the device's copy was turned on: they name accounts). */
export function forgetStoredLists(): void {
  localStorage.removeItem(STORAGE_KEY);
}
