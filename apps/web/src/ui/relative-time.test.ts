import { describe, expect, it } from 'vitest';
import { exactTime, relativeTime } from './relative-time';

const NOW = Date.UTC(2026, 10, 25, 12, 0);
const at = (ms: number) => new Date(NOW + ms);

describe('relative times', () => {
  it('names the largest unit the gap reaches, in the past and the future', () => {
    expect(relativeTime(at(-20_000), NOW, 'en')).toBe('this minute');
    expect(relativeTime(at(-5 * 60_000), NOW, 'en')).toBe('5 minutes ago');
    expect(relativeTime(at(-3 * 3_600_000), NOW, 'en')).toBe('3 hours ago');
    expect(relativeTime(at(-26 * 3_600_000), NOW, 'en')).toBe('yesterday');
    expect(relativeTime(at(364 * 86_400_000), NOW, 'en')).toBe('in 12 months');
    expect(relativeTime(at(365 * 86_400_000), NOW, 'en')).toBe('in 12 months');
    expect(relativeTime(at(2 * 365 * 86_400_000), NOW, 'en')).toBe('in 2 years');
  });

  it("speaks the interface's language", () => {
    expect(relativeTime(at(-3 * 3_600_000), NOW, 'fr')).toBe('il y a 3 heures');
    expect(relativeTime(at(-2 * 86_400_000), NOW, 'de')).toBe('vorgestern');
  });

  it('gives the exact moment in the timezone preference', () => {
    expect(exactTime(at(0), 'en', 'UTC')).toBe('Nov 25, 2026, 12:00 PM');
    expect(exactTime(at(0), 'en', 'Asia/Tokyo')).toBe('Nov 25, 2026, 9:00 PM');
  });
});
