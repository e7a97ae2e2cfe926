import { useSyncExternalStore } from 'react';
import { onServerTimeChange, serverNow } from '../api/server-time';

export { learnServerTime, serverNow } from '../api/server-time';

/**
 * One shared clock for every code and countdown on screen, set to the server's time
 * (`api/server-time.ts` learns it from the API's answers).
 *
 * A single timer, aligned on the server's second, runs while at least one component listens.
 * Components read the clock through selectors (`useSecond`, `useStep`): React re-renders a
 * component only when its selected value changes, so a list of codes re-renders each row once per
 * period and only the small countdowns every second.
 */
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setTimeout> | undefined;

function notifyAll(): void {
  for (const listener of listeners) listener();
}

// A new offset shows at once, not at the next tick.
onServerTimeChange(notifyAll);

function tick(): void {
  notifyAll();
  schedule();
}

function schedule(): void {
  timer = setTimeout(tick, 1000 - (serverNow() % 1000) + 5);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) schedule();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) clearTimeout(timer);
  };
}

/** The server's current Unix time in whole seconds, updated every second. */
export function useSecond(): number {
  return useSyncExternalStore(subscribe, () => Math.floor(serverNow() / 1000));
}

/** The current time step of a period (Unix seconds / period, rounded down): changes once per period. */
export function useStep(period: number): number {
  return useSyncExternalStore(subscribe, () => Math.floor(serverNow() / 1000 / period));
}
