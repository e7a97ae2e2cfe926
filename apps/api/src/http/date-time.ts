/*
 * The one reading of a date-time the API accepts (every schema string with `format: 'date-time'`
 * goes through the validator's check of it): RFC 3339 (`2026-07-05T12:00:00Z`, an offset or
 * fractions of a second allowed), a real calendar date and time, and an instant from 1970 to the
 * end of 9999. Anything else is refused as a field error before it reaches `new Date()` or the
 * database, whose timestamps stop at other bounds than JavaScript's.
 */

/** The first and last instants accepted (UTC). */
export const DATE_TIME_MIN = Date.UTC(1970, 0, 1);
export const DATE_TIME_MAX = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

const RFC_3339 =
  /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(?:[Zz]|([+-])(\d{2}):(\d{2}))$/;

/** The instant (ms since 1970) of an RFC 3339 date-time within range, else undefined. */
export function parseDateTime(text: string): number | undefined {
  const match = RFC_3339.exec(text);
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const [fraction = '', sign, offsetHours = '00', offsetMinutes = '00'] = match.slice(7);
  if (month < 1 || month > 12) return undefined;
  // The Gregorian calendar repeats every 400 years: the same year of 2000..2399 has the same days.
  const daysInMonth = new Date(Date.UTC(2000 + (year % 400), month, 0)).getUTCDate();
  if (day < 1 || day > daysInMonth) return undefined;
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  if (Number(offsetHours) > 23 || Number(offsetMinutes) > 59) return undefined;
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, Math.floor(Number(`0.${fraction || '0'}`) * 1000));
  const offset = (Number(offsetHours) * 60 + Number(offsetMinutes)) * 60_000 * (sign === '-' ? -1 : 1);
  const instant = date.getTime() - offset;
  return instant >= DATE_TIME_MIN && instant <= DATE_TIME_MAX ? instant : undefined;
}

/** True for a date-time the API accepts (see `parseDateTime`). */
export const isDateTime = (text: string): boolean => parseDateTime(text) !== undefined;
