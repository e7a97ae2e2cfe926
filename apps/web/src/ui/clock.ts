import { useSyncExternalStore } from 'react';

/**
 * One shared clock for every countdown on screen: a single timer, aligned on the second, runs while
 * at least one component listens. Components read it through selectors (`useSecond`, `useStep`):
 * React re-renders a component only when its selected value changes, so a list of codes re-renders
 * each row once per period and only the small countdowns every second.
 */
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setTimeout> | undefined;

function tick(): void {
  for (const listener of listeners) listener();
  schedule();
}

function schedule(): void {
  timer = setTimeout(tick, 1000 - (Date.now() % 1000) + 5);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) schedule();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) clearTimeout(timer);
  };
}

/** The current Unix time in whole seconds, updated every second. */
export function useSecond(): number {
  return useSyncExternalStore(subscribe, () => Math.floor(Date.now() / 1000));
}

/** The current time step of a period (Unix seconds / period, rounded down): changes once per period. */
export function useStep(period: number): number {
  return useSyncExternalStore(subscribe, () => Math.floor(Date.now() / 1000 / period));
}
