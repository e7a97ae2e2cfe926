/**
 * From the largest unit down: the first one the gap reaches names it (`3 hours ago`, `in 11 months`).
 * Years start at two: a token's year of life reads `in 12 months`, not a vague `next year`.
 */
const UNITS: readonly (readonly [Intl.RelativeTimeFormatUnit, number, number])[] = [
  ['year', 2 * 365 * 86_400_000, 365 * 86_400_000],
  ['month', 30 * 86_400_000, 30 * 86_400_000],
  ['day', 86_400_000, 86_400_000],
  ['hour', 3_600_000, 3_600_000],
  ['minute', 60_000, 60_000],
];

/** A moment said relative to `now` in the interface language: `yesterday`, `in 11 months`, `this minute`. */
export function relativeTime(date: Date, now: number, locale: string): string {
  const gap = date.getTime() - now;
  const [unit, , size] = UNITS.find(([, from]) => Math.abs(gap) >= from) ?? ['minute', 0, 60_000];
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  // Math.trunc: 20 hours ago is not yet "yesterday" in hours' terms, it is "20 hours ago".
  return format.format(Math.trunc(gap / size) || 0, unit);
}

/** The exact moment in the user's timezone preference, for a relative time's tooltip. */
export function exactTime(date: Date, locale: string, timeZone: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(date);
}
