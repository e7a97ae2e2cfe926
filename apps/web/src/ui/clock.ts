import { useSyncExternalStore } from 'react';

/**
 * One shared clock for every code and countdown on screen, set to the server's time.
 *
 * Codes are computed for the server's moment, not the device's: a phone whose clock is a minute
 * off would otherwise show codes that no service accepts, while the code window (computed by the
 * server) shows right ones. The offset is learned from the `Date` header of API answers (sent with
 * `Cache-Control: no-store`, so never a stale copy). That header counts whole seconds and arrives
 * after some latency, so a gap under 1.5 s is taken for rounding, not skew.
 *
 * A single timer, aligned on the server's second, runs while at least one component listens.
 * Components read the clock through selectors (`useSecond`, `useStep`): React re-renders a
 * component only when its selected value changes, so a list of codes re-renders each row once per
 * period and only the small countdowns every second.
 */
const SKEW_THRESHOLD_MS = 1500;
/** A learned offset is kept until a new reading differs from it by more than this (no flicker). */
const SKEW_HYSTERESIS_MS = 1000;

let offsetMs = 0;
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setTimeout> | undefined;

/** The server's current time in milliseconds (the device's clock, corrected when it is off). */
export function serverNow(): number {
  return Date.now() + offsetMs;
}

/**
 * Takes in a reading of the server's clock: `serverMs` read from an answer that arrived at
 * `receivedAt` (device milliseconds), with a resolution of `resolutionMs` (1000 for the `Date`
 * header, whose seconds are rounded down).
 */
export function learnServerTime(serverMs: number, receivedAt: number, resolutionMs = 1000): void {
  if (!Number.isFinite(serverMs)) return;
  const reading = serverMs + resolutionMs / 2 - receivedAt;
  let next = offsetMs;
  if (Math.abs(reading) < SKEW_THRESHOLD_MS) next = 0;
  else if (Math.abs(reading - offsetMs) > SKEW_HYSTERESIS_MS) next = Math.round(reading);
  if (next === offsetMs) return;
  offsetMs = next;
  for (const listener of listeners) listener();
}

function tick(): void {
  for (const listener of listeners) listener();
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
