import type { Clock } from '../clock.js';

/** Devices whose clocks differ by at most this much agree with each other. */
export const AGREEMENT_MS = 5_000;
/** The server's clock is taken to be wrong when agreeing devices differ from it by more than this. */
export const SKEW_THRESHOLD_MS = 15_000;
/** Readings older than this are forgotten. */
export const READING_WINDOW_MS = 10 * 60_000;
/** At most this many devices are remembered (the oldest reading goes first). */
const MAX_DEVICES = 64;
/** At least this many distinct devices must agree before the server's clock is doubted. */
export const MIN_DEVICES = 2;

/** What a clock watch tells the alerts: an offset when a skew appears, null when it is gone. */
export type ClockAlert = (event: { readonly kind: 'clock_skew'; readonly offsetMs: number | null }) => void;

export interface ClockAssessment {
  /**
   * How far the server's clock is ahead of the devices that agree (negative: behind), when the
   * server's clock is taken to be wrong; else null.
   */
  readonly serverOffsetMs: number | null;
  /** Distinct devices heard within the window. */
  readonly devices: number;
}

export interface DeviceView {
  /** This device's clock minus the server's, in ms. */
  readonly offsetMs: number;
  /** Whether this device agrees with the other devices that make the consensus (null: no consensus). */
  readonly agrees: boolean | null;
}

interface Reading {
  readonly offsetMs: number;
  readonly at: number;
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/**
 * The largest group of readings that agree with each other (all within AGREEMENT_MS); between groups
 * of the same size, the one closest to the server's time (a tie never blames the server).
 */
function consensus(offsets: readonly number[]): number[] {
  const sorted = [...offsets].sort((a, b) => a - b);
  let best: number[] = [];
  for (let start = 0; start < sorted.length; start += 1) {
    let end = start;
    while (end + 1 < sorted.length && sorted[end + 1]! - sorted[start]! <= AGREEMENT_MS) end += 1;
    const group = sorted.slice(start, end + 1);
    const closer = best.length > 0 && Math.abs(median(group)) < Math.abs(median(best));
    if (group.length > best.length || (group.length === best.length && closer)) best = group;
  }
  return best;
}

/**
 * The server's clock, checked against the clocks of the devices that use it. Browsers and the CLI
 * send their time (`X-Client-Time`) with a device id (`X-Client-Id`); the watch keeps each device's
 * latest reading for ten minutes. When at least two devices agree with each other and differ from
 * the server by more than 15 s, the server's clock is taken to be wrong by their median; it is
 * cleared when the devices heard last agree with the server again. A change of that verdict raises
 * one alert (a skew appeared, or it is gone).
 */
export class ClockWatch {
  private readonly readings = new Map<string, Reading>();
  private assessment: ClockAssessment = { serverOffsetMs: null, devices: 0 };
  /** The server's clock minus an outside time source's (time-check.ts); undefined: none heard. */
  private referenceMs: number | undefined;

  constructor(
    private readonly clock: Clock,
    private readonly raise: ClockAlert,
  ) {}

  /** Takes in a device's clock reading (`clientMs`, read when it sent the request). */
  record(deviceId: string, clientMs: number): void {
    const now = this.clock.now().getTime();
    this.readings.delete(deviceId);
    this.readings.set(deviceId, { offsetMs: clientMs - now, at: now });
    while (this.readings.size > MAX_DEVICES) this.readings.delete(this.readings.keys().next().value!);
    this.reassess(now);
  }

  /**
   * Takes in the server's offset from an outside time source (SNTP, a `Date` header), or
   * undefined when there is none (switched off, or it did not answer). While there is one, it
   * decides alone whether the server's clock is wrong, and a device agrees when its clock is
   * within 5 s of that source's.
   */
  reference(offsetMs: number | undefined): void {
    this.referenceMs = offsetMs;
    this.reassess(this.clock.now().getTime());
  }

  /** The current verdict (as of the last reading). */
  status(): ClockAssessment {
    return this.assessment;
  }

  /** How a device's last reading stands against the server and the other devices. */
  device(deviceId: string): DeviceView | undefined {
    const reading = this.readings.get(deviceId);
    if (!reading) return undefined;
    if (this.referenceMs !== undefined)
      return {
        offsetMs: reading.offsetMs,
        agrees: Math.abs(reading.offsetMs + this.referenceMs) <= AGREEMENT_MS,
      };
    const group = consensus(this.fresh().map((item) => item.offsetMs));
    const agrees = group.length >= MIN_DEVICES ? group.includes(reading.offsetMs) : null;
    return { offsetMs: reading.offsetMs, agrees };
  }

  private fresh(): Reading[] {
    const since = this.clock.now().getTime() - READING_WINDOW_MS;
    return [...this.readings.values()].filter((reading) => reading.at >= since);
  }

  private reassess(now: number): void {
    for (const [id, reading] of this.readings)
      if (reading.at < now - READING_WINDOW_MS) this.readings.delete(id);
    const offsets = [...this.readings.values()].map((reading) => reading.offsetMs);
    const group = consensus(offsets);
    const before = this.assessment.serverOffsetMs;
    let serverOffsetMs = before;
    if (group.length >= MIN_DEVICES) {
      const middle = median(group);
      serverOffsetMs = Math.abs(middle) > SKEW_THRESHOLD_MS ? -Math.round(middle) : null;
    } else if (group.length === 1 && Math.abs(group[0]!) <= SKEW_THRESHOLD_MS) {
      // A lone device is not enough to blame the server, but one that agrees with it ends a skew.
      serverOffsetMs = null;
    }
    if (this.referenceMs !== undefined)
      serverOffsetMs = Math.abs(this.referenceMs) > SKEW_THRESHOLD_MS ? this.referenceMs : null;
    this.assessment = { serverOffsetMs, devices: offsets.length };
    if (before === null && serverOffsetMs !== null)
      this.raise({ kind: 'clock_skew', offsetMs: serverOffsetMs });
    if (before !== null && serverOffsetMs === null) this.raise({ kind: 'clock_skew', offsetMs: null });
  }
}
