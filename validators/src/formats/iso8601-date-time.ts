/**
 * `format: iso8601-date-time`: the reference's `datetime`, "ISO 8601 date-time string". ISO 8601-1:2019 §5.4.2
 * combines a complete date — calendar (`2024-01-01`), ordinal (`2024-001`) or week (`2024-W01-1`) — with the time
 * designator `T` and a time of day, to the hour, minute or second, with a decimal fraction (`.` or `,`, any length)
 * on its last component, and an optional UTC designator `Z` or offset (`±hh`, `±hh:mm`; `±hhmm` in basic format).
 * The whole expression is in the extended format (`2024-01-01T09:30:00Z`) or the basic format (`20240101T093000Z`),
 * never a mix (§5.4.2). So every RFC 3339 date-time is one, and so is a local time without an offset, as .NET writes
 * an unspecified DateTime (`2024-01-01T09:30:00.1234567`).
 *
 * Not accepted, as ISO 8601-1 does not admit them in a date-time either, or only by agreement the reference does not
 * state: a reduced date (`2024-01T09:30`), a date alone or a time alone, expanded years (`+002024-…`), `24:00` (no
 * longer in ISO 8601-1:2019), a space for `T`, and a mix of basic and extended format. `T` and `Z` may be lower-case
 * (RFC 3339 §5.6), a second may be 60 (a leap second, RFC 3339 §5.7). Beyond the syntax, the day exists: in its
 * month, in its year (day 366 of a leap year only) and week 53 only in a year that has one (ISO 8601-1 §3.2.2).
 */

// Extended format: YYYY-MM-DD | YYYY-DDD | YYYY-Www-D, then T hh[:mm[:ss]][,f] and Z | ±hh[:mm].
const EXTENDED =
  /^(\d{4})-(?:(\d{2})-(\d{2})|(\d{3})|W(\d{2})-(\d))[Tt](\d{2})(?::(\d{2})(?::(\d{2}))?)?(?:[.,]\d+)?(?:[Zz]|[+-](\d{2})(?::(\d{2}))?)?$/;
// Basic format: YYYYMMDD | YYYYDDD | YYYYWwwD, then T hh[mm[ss]][,f] and Z | ±hh[mm].
const BASIC =
  /^(\d{4})(?:(\d{2})(\d{2})|(\d{3})|W(\d{2})(\d))[Tt](\d{2})(?:(\d{2})(\d{2})?)?(?:[.,]\d+)?(?:[Zz]|[+-](\d{2})(\d{2})?)?$/;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/** Gregorian leap year (ISO 8601-1 §3.2.1: the proleptic Gregorian calendar). */
function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

/** Day of the week of 1 January, ISO numbering (1 = Monday … 7 = Sunday). */
function weekdayOfNewYear(year: number): number {
  const day = new Date(Date.UTC(2000, 0, 1));
  day.setUTCFullYear(year);
  return day.getUTCDay() === 0 ? 7 : day.getUTCDay();
}

/** A year has 53 ISO weeks when it starts on a Thursday, or is a leap year starting on a Wednesday. */
function weeksInYear(year: number): number {
  const first = weekdayOfNewYear(year);
  return first === 4 || (first === 3 && isLeapYear(year)) ? 53 : 52;
}

/** Whether the date part names a day that exists: calendar, ordinal or week date. */
function dateExists(year: number, parts: readonly (string | undefined)[]): boolean {
  const [month, day, ordinal, week, weekday] = parts;
  if (month !== undefined && day !== undefined) {
    const m = Number(month);
    if (m < 1 || m > 12) return false;
    const days = m === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[m - 1]!;
    const d = Number(day);
    return d >= 1 && d <= days;
  }
  if (ordinal !== undefined) {
    const d = Number(ordinal);
    return d >= 1 && d <= (isLeapYear(year) ? 366 : 365);
  }
  const w = Number(week);
  const wd = Number(weekday);
  return w >= 1 && w <= weeksInYear(year) && wd >= 1 && wd <= 7;
}

/** hh 00–23, mm 00–59, ss 00–60 (a leap second); absent components are fine. */
function timeExists(hour: string | undefined, minute: string | undefined, second: string | undefined): boolean {
  return (
    Number(hour) <= 23 &&
    (minute === undefined || Number(minute) <= 59) &&
    (second === undefined || Number(second) <= 60)
  );
}

/** Offset hours 00–23, minutes 00–59. */
function offsetExists(hours: string | undefined, minutes: string | undefined): boolean {
  return (hours === undefined || Number(hours) <= 23) && (minutes === undefined || Number(minutes) <= 59);
}

/** Whether `text` is an ISO 8601 date-time (basic or extended format) whose day exists (false for a non-string). */
export function isIso8601DateTime(text: unknown): boolean {
  if (typeof text !== "string") return false;
  const match = EXTENDED.exec(text) ?? BASIC.exec(text);
  if (match === null) return false;
  const year = Number(match[1]);
  return (
    dateExists(year, match.slice(2, 7)) &&
    timeExists(match[7], match[8], match[9]) &&
    offsetExists(match[10], match[11])
  );
}
