import type { QueryClient } from '@tanstack/react-query';
import { isServerUnreachable } from '../api/client';
import { appConfigQuery } from '../entities/server/server.api';

/**
 * Where the app reads its data: the server (online), or this device's copy because the server
 * cannot be reached, still locked (its unlock screen shows) or open (the accounts screen reads it;
 * `refreshedAt` is the time of its last refresh).
 */
export type DataMode =
  | { readonly kind: 'online' }
  | { readonly kind: 'offline-locked' }
  | { readonly kind: 'offline-open'; readonly refreshedAt: number };

/** The one data-mode value: given to the router as context, read by routes in `beforeLoad`. */
export interface DataModeStore {
  readonly current: () => DataMode;
  readonly set: (mode: DataMode) => void;
  readonly subscribe: (listener: () => void) => () => void;
}

export function createDataMode(initial: DataMode = { kind: 'online' }): DataModeStore {
  let mode = initial;
  const listeners = new Set<() => void>();
  return {
    current: () => mode,
    set: (next) => {
      mode = next;
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The app's data mode (the router's context holds it). */
export const dataMode = createDataMode();

/** A screen that cannot work from the device's copy was asked for while the server is unreachable. */
export class NeedsServerError extends Error {
  constructor() {
    super('needs the server');
    this.name = 'NeedsServerError';
  }
}

/** A screen that works from the copy was asked for while the copy is locked: its unlock screen shows. */
export class CopyLockedError extends Error {
  constructor() {
    super('copy locked');
    this.name = 'CopyLockedError';
  }
}

/** How long the server has to answer at start before a device with a copy shows its unlock screen. */
export const SERVER_DEADLINE_MS = 800;

/**
 * At start on a device that keeps a copy: the server's first answer races a short deadline. When
 * the server cannot be reached (the request fails, or is still out at the deadline), the mode is
 * offline-locked at once, so the copy's unlock screen is the first screen; when the server answers
 * later while the copy is still locked, the app goes back online (`onOnline` re-runs the routes).
 */
export async function raceServer(
  store: DataModeStore,
  client: QueryClient,
  onOnline: () => void,
  deadlineMs = SERVER_DEADLINE_MS,
): Promise<void> {
  const answer = client.fetchQuery({ ...appConfigQuery, staleTime: 0, retry: false }).then(
    () => 'online' as const,
    (error: unknown) => (isServerUnreachable(error) ? ('unreachable' as const) : ('online' as const)),
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), deadlineMs);
  });
  const first = await Promise.race([answer, deadline]);
  clearTimeout(timer);
  if (first === 'online') return;
  store.set({ kind: 'offline-locked' });
  if (first === 'late') {
    void answer.then((outcome) => {
      if (outcome !== 'online' || store.current().kind !== 'offline-locked') return;
      store.set({ kind: 'online' });
      onOnline();
    });
  }
}
