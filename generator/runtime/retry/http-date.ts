/**
 * HTTP-dates (RFC 9110 §5.6.7), as `Retry-After` may carry one: the preferred IMF-fixdate
 * (`Sun, 06 Nov 1994 08:49:37 GMT`) and the obsolete RFC 850 and asctime forms a recipient must accept.
 */

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const IMF_FIXDATE = /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), (\d{2}) ([A-Z][a-z]{2}) (\d{4}) (\d{2}):(\d{2}):(\d{2}) GMT$/;
const RFC850_DATE =
  /^(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), (\d{2})-([A-Z][a-z]{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2}) GMT$/;
const ASCTIME_DATE = /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) ([A-Z][a-z]{2}) ([ \d]\d) (\d{2}):(\d{2}):(\d{2}) (\d{4})$/;

/**
 * Parses an HTTP-date (RFC 9110 §5.6.7): IMF-fixdate, and the obsolete RFC 850 and asctime forms recipients must
 * accept. Returns epoch milliseconds, or undefined.
 */
export function parseHttpDate(value: string): number | undefined {
  const text = value.trim();
  let day: string | undefined, month: string | undefined, year: number, time: [string, string, string];
  let match = IMF_FIXDATE.exec(text);
  if (match) {
    [, day, month] = match;
    year = Number(match[3]);
    time = [match[4]!, match[5]!, match[6]!];
  } else if ((match = RFC850_DATE.exec(text))) {
    [, day, month] = match;
    // RFC 9110: a two-digit year more than 50 years in the future is in the past century.
    const twoDigits = Number(match[3]);
    const currentYear = new Date().getUTCFullYear();
    year = 2000 + twoDigits > currentYear + 50 ? 1900 + twoDigits : 2000 + twoDigits;
    time = [match[4]!, match[5]!, match[6]!];
  } else if ((match = ASCTIME_DATE.exec(text))) {
    month = match[1];
    day = match[2]!.trim();
    year = Number(match[6]);
    time = [match[3]!, match[4]!, match[5]!];
  } else {
    return undefined;
  }
  const monthIndex = MONTHS.indexOf(month ?? "");
  if (monthIndex < 0) return undefined;
  const ms = Date.UTC(year, monthIndex, Number(day), Number(time[0]), Number(time[1]), Number(time[2]));
  const check = new Date(ms);
  if (Number.isNaN(ms) || check.getUTCDate() !== Number(day) || check.getUTCHours() !== Number(time[0]))
    return undefined;
  return ms;
}
