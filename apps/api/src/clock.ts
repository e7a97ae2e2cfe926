/** Time, injected so tests can pin it (TOTP codes, expiries, lockouts). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** Unix time in whole seconds. */
export function unixSeconds(clock: Clock): number {
  return Math.floor(clock.now().getTime() / 1000);
}
