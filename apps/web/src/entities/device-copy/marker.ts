/**
 * Whether this device keeps an encrypted copy of the accounts, and whether the app runs from it.
 * Small and read at start: the copy's own code (vault, IndexedDB, unlock screen) loads only when
 * one of these says it is needed. The stored value is the copy's id on the server: it names no
 * account.
 */
const MARKER_KEY = 'twofold.deviceCopy';

export function deviceCopyId(): string | null {
  try {
    return localStorage.getItem(MARKER_KEY);
  } catch {
    return null;
  }
}

export function markDeviceCopy(id: string | null): void {
  if (id === null) localStorage.removeItem(MARKER_KEY);
  else localStorage.setItem(MARKER_KEY, id);
}

/** Kept across a sign-out when the user keeps the copy (lib/session.ts). */
export const DEVICE_COPY_MARKER = MARKER_KEY;

/** When the app reads the copy instead of the server: the time of its last refresh. */
let offlineFrom: number | null = null;
const listeners = new Set<() => void>();

export function offlineCopyTime(): number | null {
  return offlineFrom;
}

export function setOfflineCopyTime(refreshedAt: number | null): void {
  offlineFrom = refreshedAt;
  for (const listener of listeners) listener();
}

export function onOfflineChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A screen that needs the server was opened while the app reads from the copy. */
export class ServerNeededError extends Error {
  constructor() {
    super('This screen needs the server');
    this.name = 'ServerNeededError';
  }
}
