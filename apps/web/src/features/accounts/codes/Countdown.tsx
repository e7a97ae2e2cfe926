import { useSecond } from '../../../ui/clock';

const RADIUS = 9;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/**
 * Seconds left in the code's period, as a number in a shrinking ring. It re-renders every second
 * on its own (the row around it does not) and is hidden from assistive technology, which would
 * otherwise hear it tick.
 */
export function Countdown({ period }: { readonly period: number }) {
  const now = useSecond();
  const left = period - (now % period);
  return (
    <span className={`countdown${left <= 5 ? ' countdown-ending' : ''}`} aria-hidden="true">
      <svg viewBox="0 0 24 24" width="28" height="28">
        <circle className="countdown-track" cx="12" cy="12" r={RADIUS} />
        <circle
          className="countdown-ring"
          cx="12"
          cy="12"
          r={RADIUS}
          strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={CIRCUMFERENCE * (1 - left / period)}
          transform="rotate(-90 12 12)"
        />
      </svg>
      <span className="countdown-seconds">{left}</span>
    </span>
  );
}
