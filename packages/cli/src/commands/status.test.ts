import { describe, expect, it } from 'vitest';
import { duration, warnings } from './status.js';

const disk = { free_bytes: 500 * 1024 * 1024, total_bytes: 1024 * 1024 * 1024, low: false, full: false };

describe('status warnings', () => {
  it("the server's clock known wrong: how much, which way, and that its codes are wrong", () => {
    const lines = warnings({
      clock: { server_offset_ms: 123_000, device_offset_ms: -123_000, device_agrees: true },
      disk,
    });
    expect(lines).toEqual([
      "Warning: the server's clock is 2 min 3 s ahead: codes it computes are wrong (this one too). Fix the server's time (NTP).",
    ]);
    expect(
      warnings({
        clock: { server_offset_ms: -90_000, device_offset_ms: 90_000, device_agrees: true },
        disk,
      })[0],
    ).toMatch(/1 min 30 s behind/);
  });

  it('a lone machine off: one of the two clocks is wrong; in step: nothing', () => {
    const off = { server_offset_ms: null, device_offset_ms: 130_000, device_agrees: null };
    expect(warnings({ clock: off, disk })).toEqual([
      "Warning: this machine's clock and the server's differ by 2 min 10 s; one of them is wrong.",
    ]);
    expect(warnings({ clock: { ...off, device_offset_ms: 400 }, disk })).toEqual([]);
  });

  it('a full or nearly full data disk', () => {
    const clock = { server_offset_ms: null, device_offset_ms: 0, device_agrees: null };
    expect(warnings({ clock, disk: { ...disk, full: true, low: true } })[0]).toMatch(/is full/);
    expect(warnings({ clock, disk: { ...disk, low: true } })[0]).toMatch(/almost full/);
    expect(duration(59_600)).toBe('1 min 0 s');
  });
});
