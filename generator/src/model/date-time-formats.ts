/**
 * How the model knows a date-time string: its schema's `format` is JSON Schema's `date-time` (RFC 3339) or the
 * spec's `iso8601-date-time` (the reference's `datetime`: ISO 8601, offset optional; the spec's `DateTime` schema).
 * Entity shapes call such a property `date-time`, so the sandbox's `$filter` compares it as a point in time.
 */
export const dateTimeFormats: ReadonlySet<string> = new Set(["date-time", "iso8601-date-time"]);

export function isDateTimeFormat(format: unknown): boolean {
  return typeof format === "string" && dateTimeFormats.has(format);
}
