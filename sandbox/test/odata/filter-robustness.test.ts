import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_FILTER_DEPTH, MAX_FILTER_LENGTH, parseFilter, type ODataQueryErrorCode } from "../../src/odata/index.js";
import { rows, shape } from "./fixtures.js";

const CODES: readonly ODataQueryErrorCode[] = [
  "invalid_filter_syntax",
  "unknown_property",
  "type_mismatch",
  "unsupported_filter",
  "query_too_complex",
];

// A bound on the CPU time (not the wall time, which a loaded CI machine stretches) of one parse and evaluation: it
// catches exponential or runaway parsing, the slowest inputs found take about 0.2 s. Speed proper is `make bench`'s.
const MAX_CPU_MS = 2000;

/** Parses and applies `text`, failing the test if anything throws or takes too long. */
function check(text: string): void {
  const started = process.cpuUsage();
  const parsed = parseFilter(text, shape);
  if (parsed.ok) {
    for (const row of rows) expect(typeof parsed.value(row)).toBe("boolean");
  } else {
    expect(CODES).toContain(parsed.error.code);
    expect(parsed.error.target).toBe("$filter");
    expect(typeof parsed.error.message).toBe("string");
  }
  const used = process.cpuUsage(started);
  expect((used.user + used.system) / 1000, JSON.stringify(text.slice(0, 200))).toBeLessThan(MAX_CPU_MS);
}

// Fragments of OData syntax (valid and broken), so that random sequences reach deep into the parser.
const fragment = fc.constantFrom(
  "(",
  ")",
  "((",
  "))",
  " ",
  "  ",
  "\t",
  "not ",
  "NOT ",
  " and ",
  " or ",
  " eq ",
  " ne ",
  " gt ",
  " le ",
  " in ",
  " has ",
  " add ",
  "-",
  "--",
  "Amount",
  "CurrencyCode",
  "Beneficiary/Name",
  "Beneficiary/",
  "/",
  "Fees/any(f:",
  "f/Amount",
  "'EUR'",
  "'",
  "''",
  "'O''Brien'",
  "null",
  "true",
  "INF",
  "NaN",
  "1",
  "-1",
  "2.5",
  "1e10",
  "1.5e10",
  "2024-01-01T00:00:00Z",
  "2024-01-01",
  "contains(",
  "tolower(",
  "substring(",
  "length(",
  "year(",
  ",",
  "$it",
  "$root",
  "@p",
  "%20",
  "%27",
  "[",
  "]",
  "{",
  "}",
  '"',
  ":",
  "duration'P1D'",
  "01234567-89ab-cdef-0123-456789abcdef",
  "\n",
  "\u0000",
  "😀",
  "__proto__",
  "constructor",
);

describe("$filter never throws and never hangs", () => {
  it("arbitrary strings return a result or an error value", () => {
    fc.assert(fc.property(fc.string({ unit: "binary", maxLength: 300 }), check), { numRuns: 500 });
  });

  it("random sequences of OData fragments return a result or an error value", () => {
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 120 }), (parts) => check(parts.join(""))),
      { numRuns: 500 },
    );
  });

  it("long repetitions of fragments up to the length limit return quickly", () => {
    const unit = fc.array(fragment, { minLength: 1, maxLength: 6 }).map((parts) => parts.join(""));
    fc.assert(
      fc.property(unit, fc.string({ maxLength: 10 }), (repeated, tail) => {
        const body = repeated.repeat(Math.floor((MAX_FILTER_LENGTH - tail.length) / repeated.length));
        check(body + tail);
      }),
      { numRuns: 60 },
    );
  });

  it.each([
    ["deepest accepted nesting", `${"(".repeat(MAX_FILTER_DEPTH)}Amount eq 1${")".repeat(MAX_FILTER_DEPTH)}`],
    ["unbalanced nesting", "(".repeat(MAX_FILTER_LENGTH)],
    ["nested functions", `${"tolower(".repeat(MAX_FILTER_DEPTH)}CurrencyCode${")".repeat(MAX_FILTER_DEPTH)} eq 'x'`],
    ["negations", `${"-".repeat(MAX_FILTER_LENGTH - 12)}Amount eq 1`],
    ["nots", `${"not ".repeat(490)}IsCrossCurrency`],
    ["long and-chain", Array.from({ length: 150 }, (_, i) => `Amount ne ${i}`).join(" and ")],
    ["long path", `${"Beneficiary/".repeat(160)}Name eq 'x'`],
    [
      "groups at the depth limit",
      `${"(".repeat(MAX_FILTER_DEPTH - 1)}Amount eq 1${")".repeat(MAX_FILTER_DEPTH - 1)} or `.repeat(20),
    ],
    ["string of quotes", `CurrencyCode eq '${"''".repeat(990)}'`],
  ])("hostile input: %s", (_name, text) => {
    check(text.slice(0, MAX_FILTER_LENGTH));
  });

  it("accepts the deepest allowed nesting and rejects one level more as too complex", () => {
    const nested = (depth: number): string => `${"(".repeat(depth)}Amount eq 100${")".repeat(depth)}`;
    const accepted = parseFilter(nested(MAX_FILTER_DEPTH), shape);
    expect(accepted.ok && rows.filter(accepted.value).map((row) => row.Id)).toEqual([1]);
    const rejected = parseFilter(nested(MAX_FILTER_DEPTH + 1), shape);
    expect(rejected.ok ? undefined : rejected.error.code).toBe("query_too_complex");
  });

  it("accepts a filter of the maximum length and rejects a longer one", () => {
    const padded = `Amount eq 100${" ".repeat(MAX_FILTER_LENGTH - 13)}`;
    expect(parseFilter(padded, shape).ok).toBe(true);
    const longer = parseFilter(`${padded} `, shape);
    expect(longer.ok ? undefined : longer.error.code).toBe("query_too_complex");
  });
});
