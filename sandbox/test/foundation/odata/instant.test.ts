import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compareInstants, parseInstant } from "../../../src/foundation/odata/instant.js";

describe("parseInstant", () => {
  it.each([
    "2024-01-01T00:00:00Z",
    "2024-01-01T00:00Z",
    "2024-02-29T23:59:59.123456789012+14:00",
    "2000-02-29T12:00:00-05:30",
    "0001-01-01T00:00:00Z",
    "9999-12-31T23:59:59.9999999Z",
    "2024-01-01t00:00:00z",
  ])("accepts %s", (text) => {
    expect(parseInstant(text)).toBeDefined();
  });

  it.each([
    "2024-01-01",
    "2024-01-01T00:00:00",
    "2023-02-29T00:00:00Z",
    "1900-02-29T00:00:00Z",
    "2024-04-31T00:00:00Z",
    "2024-13-01T00:00:00Z",
    "2024-00-10T00:00:00Z",
    "2024-01-01T24:00:00Z",
    "2024-01-01T00:60:00Z",
    "2024-01-01T00:00:60Z",
    "2024-01-01T00:00:00+24:00",
    "2024-01-01 00:00:00Z",
    " 2024-01-01T00:00:00Z",
    "",
  ])("rejects %s", (text) => {
    expect(parseInstant(text)).toBeUndefined();
  });

  it("agrees with Date on millisecond instants written with any offset", () => {
    const instant = fc.tuple(
      fc.integer({ min: Date.parse("0001-01-02T00:00:00Z"), max: Date.parse("9999-12-30T00:00:00Z") }),
      fc.integer({ min: -23 * 60 - 59, max: 23 * 60 + 59 }),
    );
    fc.assert(
      fc.property(instant, instant, ([a, offsetA], [b, offsetB]) => {
        const pa = parseInstant(write(a, offsetA));
        const pb = parseInstant(write(b, offsetB));
        expect(pa).toBeDefined();
        expect(pb).toBeDefined();
        if (pa === undefined || pb === undefined) return;
        expect(Math.sign(compareInstants(pa, pb))).toBe(Math.sign(a - b));
        expect(pa.seconds).toBe(Math.floor(a / 1000));
      }),
    );
  });

  it("orders fractional seconds by their value, not their length", () => {
    const at = (fraction: string) => parseInstant(`2024-01-01T00:00:00.${fraction}Z`);
    const [a, b, c] = [at("5"), at("50"), at("4999999")];
    expect(a && b && compareInstants(a, b)).toBe(0);
    expect(c && a && compareInstants(c, a)).toBe(-1);
  });
});

/** `ms` as an ISO 8601 date-time in the local time of `offsetMinutes`, with that offset. */
function write(ms: number, offsetMinutes: number): string {
  const local = new Date(ms + offsetMinutes * 60_000);
  const iso = local.toISOString();
  const abs = Math.abs(offsetMinutes);
  const offset = `${offsetMinutes < 0 ? "-" : "+"}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
  return iso.slice(0, -1) + offset;
}
