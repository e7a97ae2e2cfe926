import { afterEach, describe, expect, it, vi } from 'vitest';
import { learnServerTime, serverNow } from './clock';

/** The device's clock, fixed for the test. */
const DEVICE = 1_800_000_000_000;

describe('the server clock', () => {
  afterEach(() => {
    // Back to no offset: a reading equal to the device's time.
    learnServerTime(Date.now() - 500, Date.now());
    vi.useRealTimers();
  });

  it('keeps the device time when the Date header only differs by rounding and latency', () => {
    vi.useFakeTimers({ now: DEVICE });
    // The header counts whole seconds: 0.9 s behind is rounding, 1.2 s ahead latency and rounding.
    learnServerTime(DEVICE - 900, DEVICE);
    expect(serverNow()).toBe(DEVICE);
    learnServerTime(DEVICE + 700, DEVICE);
    expect(serverNow()).toBe(DEVICE);
  });

  it('follows the server when the device is clearly off, in either direction', () => {
    vi.useFakeTimers({ now: DEVICE });
    // The server is 90 s ahead: its header says DEVICE + 90 s (rounded down to the second).
    learnServerTime(DEVICE + 90_000, DEVICE);
    expect(serverNow()).toBe(DEVICE + 90_500);
    learnServerTime(DEVICE - 60_000, DEVICE);
    expect(serverNow()).toBe(DEVICE - 59_500);
  });

  it('does not move for readings within a second of the offset it holds (no flicker)', () => {
    vi.useFakeTimers({ now: DEVICE });
    learnServerTime(DEVICE + 30_000, DEVICE);
    const held = serverNow();
    learnServerTime(DEVICE + 30_000 + 800, DEVICE);
    expect(serverNow()).toBe(held);
    learnServerTime(DEVICE + 32_000, DEVICE);
    expect(serverNow()).toBe(DEVICE + 32_500);
  });

  it('ignores a header that is not a date', () => {
    vi.useFakeTimers({ now: DEVICE });
    learnServerTime(Date.parse('not a date'), DEVICE);
    expect(serverNow()).toBe(DEVICE);
  });
});
