import { useLayoutEffect, useRef, useState, useSyncExternalStore, type CSSProperties } from 'react';
import { serverNow, useSecond, useStep } from '../../../ui/clock';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function onMotionChange(listener: () => void): () => void {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

const prefersReducedMotion = () => window.matchMedia(REDUCED_MOTION).matches;

/** The turn of each half-ring (degrees, from full) once `elapsed` of the period has gone (0 to 1). */
function turns(elapsed: number): { readonly start: number; readonly end: number } {
  return { start: -180 * Math.max(0, elapsed * 2 - 1), end: -180 * Math.min(1, elapsed * 2) };
}

/**
 * The ring of one period, drawn by the compositor: two half-rings, each clipped to its half of
 * the circle, turned by a CSS animation (transform only) that runs once over the period. It
 * starts where the period stands (a negative delay for the part already elapsed), so the page
 * does no work for it frame by frame; a new period mounts a new ring. With reduced motion, no
 * animation: the ring steps once a second with the number (`left`).
 */
function Ring({ period, left }: { readonly period: number; readonly left: number | null }) {
  const [mountedAt] = useState(serverNow);
  const elapsed = (mountedAt / 1000) % period;
  const ring = useRef<HTMLSpanElement>(null);
  const animated = left === null;
  // An animation starts at the first frame the page draws after it is set, which a busy page
  // (a first visit, a slow phone) delays by up to seconds: the ring would lag the number by as
  // much. Its start is pinned to the moment it was mounted, whenever it is drawn.
  useLayoutEffect(() => {
    if (!animated) return;
    const startTime = performance.now() - (serverNow() - mountedAt);
    // (Web Animations are in every browser the app supports; not in every test DOM.)
    const animations = ring.current?.getAnimations?.({ subtree: true }) ?? [];
    for (const animation of animations) animation.startTime = startTime;
  }, [animated, mountedAt]);
  const arc = (half: 'start' | 'end'): CSSProperties =>
    animated
      ? { animationDuration: `${period}s`, animationDelay: `${-elapsed}s` }
      : {
          animation: 'none',
          transform: `rotate(${45 + turns(1 - left / period)[half]}deg)`,
          opacity: turns(1 - left / period)[half] <= -180 ? 0 : 1,
        };
  return (
    <span className="countdown-ring" aria-hidden="true" ref={ring}>
      <span className="countdown-half countdown-half-start">
        <span className="countdown-arc countdown-arc-start" style={arc('start')} />
      </span>
      <span className="countdown-half countdown-half-end">
        <span className="countdown-arc countdown-arc-end" style={arc('end')} />
      </span>
    </span>
  );
}

/**
 * Seconds left in the code's period, as a number in a shrinking ring. The number re-renders every
 * second on its own (the row around it does not); the ring is one animation per period. Hidden
 * from assistive technology, which would otherwise hear it tick.
 */
export function Countdown({ period }: { readonly period: number }) {
  const now = useSecond();
  const step = useStep(period);
  const reduced = useSyncExternalStore(onMotionChange, prefersReducedMotion);
  const left = period - (now % period);
  return (
    <span className={`countdown${left <= 5 ? ' countdown-ending' : ''}`} aria-hidden="true">
      <Ring key={step} period={period} left={reduced ? left : null} />
      <span className="countdown-seconds">{left}</span>
    </span>
  );
}
