import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { ClockWatch } from './clock-watch.js';
import { measureOffset, type TimeSource } from './time-source.js';

/** How often the outside time source is asked. */
export const TIME_CHECK_INTERVAL_MS = 10 * 60_000;

export interface TimeCheckOptions {
  readonly clock: Clock;
  readonly watch: ClockWatch;
  readonly log: FastifyBaseLogger;
  /** The source in force (the `timeCheck` setting, else `TIME_CHECK`), read at each check. */
  readonly source: () => Promise<TimeSource>;
}

/**
 * The optional outside check of the server's clock (off by default): at start, every ten minutes
 * and when the setting changes, it asks the SNTP server or web address configured and hands the
 * measured offset to the clock watch, whose verdict feeds the banner, the status route and the
 * alerts. A source that does not answer is logged (at most once until it answers again) and
 * leaves the verdict to the devices.
 */
export class TimeCheck {
  private timer: NodeJS.Timeout | undefined;
  private failing = false;
  private running: Promise<number | undefined> | undefined;

  constructor(private readonly options: TimeCheckOptions) {}

  /** Asks the source once; the offset measured (undefined: off, or no answer). */
  check(): Promise<number | undefined> {
    this.running ??= this.run().finally(() => (this.running = undefined));
    return this.running;
  }

  /** Checks now and then every ten minutes (the timer never keeps the process alive). */
  start(): void {
    if (this.timer) return;
    void this.check();
    this.timer = setInterval(() => void this.check(), TIME_CHECK_INTERVAL_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private async run(): Promise<number | undefined> {
    const { clock, watch, log } = this.options;
    let source: TimeSource;
    try {
      source = await this.options.source();
    } catch {
      return undefined;
    }
    if (source.kind === 'off') {
      watch.reference(undefined);
      return undefined;
    }
    try {
      const offsetMs = await measureOffset(source, clock);
      this.failing = false;
      watch.reference(offsetMs);
      return offsetMs;
    } catch (error) {
      if (!this.failing)
        log.warn(
          { source: source.kind, reason: error instanceof Error ? error.message : String(error) },
          'the time check got no answer from its time source; the devices decide meanwhile',
        );
      this.failing = true;
      watch.reference(undefined);
      return undefined;
    }
  }
}
