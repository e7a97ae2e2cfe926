/**
 * The server's time, as the API's answers tell it: every answer carries a `Date` header (sent with
 * `Cache-Control: no-store`, so never a stale copy), and `client.ts` hands it here.
 *
 * Codes are computed for the server's moment, not the device's: a phone whose clock is a minute
 * off would otherwise show codes that no service accepts, while the code window (computed by the
 * server) shows right ones. That header counts whole seconds and arrives after some latency, so a
 * gap under 1.5 s is taken for rounding, not skew. The clock that screens read is `ui/clock.ts`.
 */
const SKEW_THRESHOLD_MS = 1500;
/** A learned offset is kept until a new reading differs from it by more than this (no flicker). */
const SKEW_HYSTERESIS_MS = 1000;

let offsetMs = 0;
const offsetListeners = new Set<() => void>();

/**
 * The device's clock is trusted over the server's: the server's clock is known to be wrong (its
 * devices agree with each other, not with it) and this device is one of those that agree.
 */
let deviceTrusted = false;

/**
 * The time codes are computed for, in milliseconds: the server's (the device's clock, corrected
 * when it is off), unless the server's own clock is known to be wrong (`trustDeviceClock`).
 */
export function serverNow(): number {
  return Date.now() + (deviceTrusted ? 0 : offsetMs);
}

/** Whether codes follow this device's clock because the server's is known to be wrong. */
export function deviceClockTrusted(): boolean {
  return deviceTrusted;
}

/** Codes follow this device's clock (the server's is wrong) or the server's again. */
export function trustDeviceClock(trusted: boolean): void {
  if (trusted === deviceTrusted) return;
  deviceTrusted = trusted;
  for (const listener of offsetListeners) listener();
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
  for (const listener of offsetListeners) listener();
}

/** Calls `listener` whenever the learned offset changes; returns the unsubscription. */
export function onServerTimeChange(listener: () => void): () => void {
  offsetListeners.add(listener);
  return () => offsetListeners.delete(listener);
}
