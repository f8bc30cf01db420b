import fc from "fast-check";
import { RE2JS } from "re2js";
import { describe, expect, it } from "vitest";
import {
  compileSafeRegex,
  isSafeRegex,
  MAX_PROGRAM_SIZE,
  MAX_RULE_LENGTH,
  type UnsafeRegexReason,
} from "../../../src/node.js";
import { toRe2Syntax } from "../../../src/requests/rules/regex/dialect.js";

/** Patterns RE2 cannot run, each with the reason it is refused. */
const refused: readonly (readonly [string, UnsafeRegexReason])[] = [
  ["(a)\\1", "backreference"],
  ["(?<n>a+)\\k<n>", "backreference"],
  ["(?=.*\\d).{8,}", "lookaround"],
  ["^(?!0)\\d+$", "lookaround"],
  ["(?<=A)B", "lookaround"],
  ["(?<!A)B", "lookaround"],
  ["^\\d+\\Z", "unsupported_escape"],
  ["\\G\\d", "unsupported_escape"],
  ["(?>a+)b", "syntax"],
  ["a++", "syntax"],
  ["(", "syntax"],
  ["[a-", "syntax"],
  ["a{1001}", "too_complex"],
  ["(a{1000}){1000}", "too_complex"],
  [`[a-z]{${MAX_PROGRAM_SIZE}}`, "too_complex"],
];

/** Patterns a real RequiredAdditionalInformation rule could hold, .NET syntax included. */
const usual: readonly (readonly [string, string, string])[] = [
  ["^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$", "DE89370400440532013000", "DE89"],
  ["^\\d{11}$", "12345678901", "1234567890X"],
  ["^\\d+(\\.\\d+)?$", "12.50", "12."],
  ["^[A-Za-z0-9 ,.'/-]{1,35}$", "Flat 2, 10 Main St.", "a#b"],
  ["^\\d{5}(-\\d{4})?$", "12345-6789", "1234"],
  ["^(CPF|CNPJ)?[0-9]{11,14}$", "CPF12345678901", "RG12345678901"],
  ["\\A\\d+\\z", "123", "123 "],
  ["^\\p{L}+$", "Zoë", "Zoë1"],
  ["(?i)^abc$", "ABC", "abd"],
  ["^[\\u00C0-\\u017F]+$", "éà", "ea"],
  ["^(?<code>P)\\d{4}$", "P1234", "Q1234"],
  ["(a+)+$", "aaaa", "b"],
  ["[0-9]", "x1", "xy"],
  ["", "anything", ""],
];

describe("compileSafeRegex on the linear-time engine", () => {
  it.each(refused)("refuses %s (%s) with a message", (pattern, reason) => {
    const compiled = compileSafeRegex(pattern);
    expect(compiled).toEqual(expect.objectContaining({ ok: false, reason }));
    if (!compiled.ok) expect(compiled.message.length).toBeGreaterThan(10);
  });

  it.each(usual)("runs %s as .NET would (matches %j, not %j)", (pattern, matching, other) => {
    const compiled = compileSafeRegex(pattern);
    expect(compiled.ok).toBe(true);
    if (!compiled.ok) return;
    expect(compiled.regex).toBeInstanceOf(RE2JS); // the RE2 engine, never a backtracking RegExp
    expect(compiled.regex.test(matching)).toBe(true);
    if (pattern !== "") expect(compiled.regex.test(other)).toBe(false);
  });

  it("refuses too long rules and non-strings", () => {
    expect(compileSafeRegex("a".repeat(MAX_RULE_LENGTH + 1))).toEqual(
      expect.objectContaining({ ok: false, reason: "too_long" }),
    );
    expect(isSafeRegex("[ab]".repeat(MAX_RULE_LENGTH / 4))).toBe(true);
    expect(compileSafeRegex(5 as never)).toEqual(expect.objectContaining({ ok: false, reason: "syntax" }));
  });

  it("rewrites \\uXXXX, and only where the backslash is not itself escaped", () => {
    expect(toRe2Syntax("^[\\u00C0-\\u017F]+$")).toBe("^[\\x{00C0}-\\x{017F}]+$");
    expect(toRe2Syntax("\\\\u0041")).toBe("\\\\u0041");
    expect(toRe2Syntax("\\\\\\u0041")).toBe("\\\\\\x{0041}");
    expect(toRe2Syntax("\\u00")).toBe("\\u00");
    expect(toRe2Syntax("plain")).toBe("plain");
  });

  // .NET's \d, \w and \s are Unicode classes (Nd; L, Mn, Nd, Pc; Z and the control spaces); RE2's are ASCII.
  it("reads \\d, \\w and \\s as .NET does: Unicode letters, digits and spaces, inside and outside a class", () => {
    const cases: readonly (readonly [string, string, boolean])[] = [
      ["^\\w+$", "Zoë", true],
      ["^\\w+$", "Łódź", true],
      ["^\\w+$", "a b", false],
      ["^[\\w .-]+$", "José Ñúñez-Ortega", true],
      ["^\\d+$", "١٢٣", true], // Arabic-Indic digits are Nd
      ["^\\d+$", "12a", false],
      ["^\\D+$", "abc", true],
      ["^[^\\d]+$", "١", false],
      ["^a\\sb$", "a\u00A0b", true], // a no-break space is Zs
      ["^\\S+$", "a\u00A0b", false],
      ["^\\W$", "é", false],
      ["\\\\d", "\\d", true], // an escaped backslash, then the letter d
    ];
    for (const [pattern, value, expected] of cases) {
      const compiled = compileSafeRegex(pattern);
      expect(compiled.ok, pattern).toBe(true);
      if (compiled.ok) expect(compiled.regex.test(value), `${pattern} on ${value}`).toBe(expected);
    }
    expect(toRe2Syntax("[\\W_]")).toBe("[\\W_]"); // RE2 cannot subtract from a class: ASCII there (README)
  });

  it("never throws, whatever the pattern", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.string({ unit: fc.constantFrom(..."()[]{}|*+?.^$\\-,:=!<>a1dwsbkpuLx"), maxLength: 60 }),
        ),
        fc.string({ maxLength: 40 }),
        (pattern, value) => {
          const compiled = compileSafeRegex(pattern);
          expect(typeof compiled.ok).toBe("boolean");
          if (compiled.ok) expect(typeof compiled.regex.test(value)).toBe("boolean");
        },
      ),
      { numRuns: 2000 },
    );
  });
});
