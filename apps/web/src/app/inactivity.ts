import { useEffect, useEffectEvent } from 'react';

/** What counts as the person being active. */
const ACTIVITY_EVENTS = ['click', 'mousedown', 'scroll', 'keypress', 'load'] as const;

/**
 * While the person is active, at least one signed-in request a minute: the server locks a session
 * it has not heard from, and background refreshes alone must not count as activity.
 */
export const KEEP_ALIVE_INTERVAL = 60_000;

/**
 * The auto-lock timer: when `kickUserAfter` (minutes) is above 0, `onExpire` runs after that long
 * without activity (0 is never; -1, 'on copy', is `lib/lock-on-copy.ts`'s). While the person is
 * active, `keepAlive` runs about once a minute so the server's own inactivity check (a backstop
 * one minute later than ours) sees the same activity.
 * Background refreshes do not reset the timer: only the events above do.
 */
export function useInactivityLock(
  kickUserAfter: number,
  onExpire: () => void,
  keepAlive: () => Promise<unknown>,
): void {
  // The latest callbacks are called, without restarting the timer when they change.
  const expireNow = useEffectEvent(() => onExpire());
  const ping = useEffectEvent(() => keepAlive());
  useEffect(() => {
    if (kickUserAfter <= 0) return;
    const delay = kickUserAfter * 60_000;
    let lastActivity = Date.now();
    let lastPing = Date.now();
    let expired = false;
    let timer = setTimeout(expire, delay);

    function expire() {
      expired = true;
      expireNow();
    }

    function onActivity() {
      if (expired) return;
      lastActivity = Date.now();
      clearTimeout(timer);
      timer = setTimeout(expire, delay);
    }

    // Checked every few seconds rather than on each event: one request a minute at most.
    const pinger = setInterval(() => {
      if (expired) return;
      const now = Date.now();
      if (lastActivity > lastPing && now - lastPing >= KEEP_ALIVE_INTERVAL) {
        lastPing = now;
        void ping().catch(() => undefined);
      }
    }, 5_000);

    for (const event of ACTIVITY_EVENTS)
      window.addEventListener(event, onActivity, { passive: true, capture: true });
    return () => {
      clearTimeout(timer);
      clearInterval(pinger);
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, onActivity, { capture: true });
    };
  }, [kickUserAfter]);
}
