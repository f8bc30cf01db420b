// Date-times compare as points in time, not as text: `2024-01-01T01:00:00+01:00 eq 2024-01-01T00:00:00Z` is true
// (OData 4.01 URL Conventions §5.1.1.1 comparison operators on Edm.DateTimeOffset values).

/** A point in time: whole seconds since 1970-01-01T00:00:00Z plus the fractional digits, exactly as written. */
export interface Instant {
  readonly seconds: number;
  /** Fractional-second digits without trailing zeros ("" for a whole second). */
  readonly fraction: string;
}

// OData `dateTimeOffsetValue` (URL Conventions §5.1.1.14.1, ABNF) and RFC 3339 `date-time` (the JSON values):
// seconds optional in OData, `T`/`Z` case-insensitive in RFC 3339. Years are bounded so seconds stay exact.
const DATE_TIME =
  /^(-?\d{4,8})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,64}))?)?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/;

/** Parses an ISO 8601 / RFC 3339 date-time with an offset; undefined when malformed or not a calendar date. */
export function parseInstant(text: string): Instant | undefined {
  const match = DATE_TIME.exec(text);
  if (match === null) return undefined;
  const [, y, mo, d, h, mi, s, fraction, , sign, oh, om] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = s === undefined ? 0 : Number(s);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  let offset = 0;
  if (sign !== undefined) {
    const offsetHours = Number(oh);
    const offsetMinutes = Number(om);
    if (offsetHours > 23 || offsetMinutes > 59) return undefined;
    offset = (sign === "-" ? -1 : 1) * (offsetHours * 3600 + offsetMinutes * 60);
  }
  const seconds = daysFromCivil(year, month, day) * 86_400 + hour * 3600 + minute * 60 + second - offset;
  return { seconds, fraction: (fraction ?? "").replace(/0+$/, "") };
}

/** The instant of a JavaScript Date (millisecond precision). */
export function instantFromDate(date: Date): Instant | undefined {
  const ms = date.getTime();
  if (!Number.isFinite(ms)) return undefined;
  const seconds = Math.floor(ms / 1000);
  return {
    seconds,
    fraction: String(ms - seconds * 1000)
      .padStart(3, "0")
      .replace(/0+$/, ""),
  };
}

/** Negative, zero or positive as `a` is before, at or after `b`. */
export function compareInstants(a: Instant, b: Instant): number {
  if (a.seconds !== b.seconds) return a.seconds < b.seconds ? -1 : 1;
  // Equal-length digit strings order like the numbers they spell.
  const width = Math.max(a.fraction.length, b.fraction.length);
  const fa = a.fraction.padEnd(width, "0");
  const fb = b.fraction.padEnd(width, "0");
  return fa === fb ? 0 : fa < fb ? -1 : 1;
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

// Days since 1970-01-01 in the proleptic Gregorian calendar (H. Hinnant's days_from_civil), exact for any year,
// unlike Date.UTC, which maps years 0-99 to 1900-1999.
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}
