import { describe, expect, it } from 'vitest';
import { formatMegabytes, formatSize } from './byte-size';

describe('byte sizes', () => {
  it('picks bytes, kilobytes or megabytes', () => {
    expect(formatSize(512, 'en')).toBe('512 byte');
    expect(formatSize(12_800, 'en')).toBe('12.5 kB');
    expect(formatSize(3 * 1024 * 1024 + 100_000, 'en')).toBe('3.1 MB');
  });

  it("speaks the interface's language, number and unit", () => {
    expect(formatSize(12_800, 'de')).toBe('12,5 kB');
    expect(formatSize(3 * 1024 * 1024 + 100_000, 'ru')).toMatch(/^3,1\sМБ$/);
    expect(formatSize(3 * 1024 * 1024 + 100_000, 'ar')).toContain('م.ب');
    expect(formatMegabytes(2_000 * 1024 * 1024, 'fr')).toMatch(/^2\s000\sMo$/);
  });
});
