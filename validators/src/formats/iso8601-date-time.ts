/**
 * `format: iso8601-date-time`: the reference's `datetime`, "ISO 8601 date-time string" (ISO 8601-1:2019 §5.4.2),
 * in the complete or reduced extended format a JSON API writes: a calendar date, `T`, the time of day to the
 * minute or second with a decimal fraction of any length, and an optional UTC designator or offset. So both
 * RFC 3339 date-times (`2024-01-01T09:30:00Z`, any RFC 3339 value) and local times without an offset, as .NET
 * writes an unspecified DateTime (`2024-01-01T09:30:00.1234567`), are accepted. Basic format, ordinal and week
 * dates are not. The spec's pattern states the syntax; this also checks that the day exists in its month.
 */

// The syntax, as the spec's `DateTime` pattern states it: T and Z in either case (RFC 3339 §5.6), `.` or `,`
// before the fraction (ISO 8601-1 §3.2.6), a leap second `60` (RFC 3339 §5.7), offsets ±hh or ±hh:mm.
const SYNTAX =
  /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])[Tt]([01]\d|2[0-3]):[0-5]\d(?::(?:[0-5]\d|60)(?:[.,]\d+)?)?(?:[Zz]|[+-](?:[01]\d|2[0-3])(?::[0-5]\d)?)?$/;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/** Gregorian leap year (ISO 8601-1 §3.2.1: the proleptic Gregorian calendar). */
function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

/** Whether `text` is an ISO 8601 extended-format date-time whose day exists in its month (false for a non-string). */
export function isIso8601DateTime(text: unknown): boolean {
  if (typeof text !== "string") return false;
  const match = SYNTAX.exec(text);
  if (match === null) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  const days = month === 2 && isLeapYear(year) ? 29 : (DAYS_IN_MONTH[month - 1] ?? 31);
  return day <= days;
}
