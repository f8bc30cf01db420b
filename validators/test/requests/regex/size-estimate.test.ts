import fc from "fast-check";
import { RE2JS } from "re2js";
import { describe, expect, it } from "vitest";
import { compileSafeRegex, MAX_PROGRAM_SIZE } from "../../../src/node.js";
import { estimateProgramSize } from "../../../src/requests/rules/regex/size-estimate.js";
import { toRe2Syntax } from "../../../src/requests/rules/regex/dialect.js";

describe("estimateProgramSize: a lower bound read from the text", () => {
  it("never exceeds the size of the program RE2 compiles, so refusing on it refuses nothing RE2 would run", () => {
    const tokens = [
      "a",
      "b",
      ".",
      "\\d",
      "\\w",
      "[a1]",
      "[^b]",
      "[]x]",
      "(",
      ")",
      "(?:",
      "(?i)",
      "(?i:",
      "(?P<n>",
      "|",
      "*",
      "+",
      "?",
      "{2,}",
      "{0,40}",
      "{3}",
      "{1,20}",
      "{0,}",
      "^",
      "$",
      "\\p{L}",
      "\\u0041",
      "x",
      "ab",
    ];
    let compared = 0;
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...tokens), { maxLength: 24 }), (parts) => {
        const pattern = parts.join("");
        let size: number;
        try {
          size = RE2JS.compile(toRe2Syntax(pattern)).programSize();
        } catch {
          return; // not a pattern RE2 runs
        }
        compared++;
        expect(estimateProgramSize(pattern, Number.MAX_SAFE_INTEGER), pattern).toBeLessThanOrEqual(size);
      }),
      { numRuns: 5000 },
    );
    expect(compared).toBeGreaterThan(1000);
  });

  it("is close for counted repeats, which is what it is for", () => {
    for (const [pattern, size] of [
      ["a{1000}", 1002],
      ["[a-z]{0,400}[0-9]", 803],
      ["^.{1,256}$", 515],
      ["(?:a?){150}a{150}", 452],
    ] as const) {
      expect(RE2JS.compile(pattern).programSize()).toBe(size);
      expect(estimateProgramSize(pattern, Number.MAX_SAFE_INTEGER)).toBeGreaterThan(size * 0.95);
    }
  });

  it("refuses a rule whose repeats are too large before compiling it", () => {
    for (const pattern of ["a{1000}", "[a-z]{0,400}[0-9]", `${"[a-z]{1000}".repeat(40)}`]) {
      expect(estimateProgramSize(pattern, MAX_PROGRAM_SIZE)).toBeGreaterThan(MAX_PROGRAM_SIZE);
      expect(compileSafeRegex(pattern)).toEqual(expect.objectContaining({ ok: false, reason: "too_complex" }));
    }
  });
});
