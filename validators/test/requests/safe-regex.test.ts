import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  compileSafeRegex,
  isSafeRegex,
  MAX_RULE_LENGTH,
  MAX_TESTED_VALUE_LENGTH,
  validateCreateWithdrawalBeneficiary,
  type UnsafeRegexReason,
} from "../../src/index.js";
import { validBeneficiary } from "./request-examples.js";

/** The classic catastrophic patterns, each with the reason it is refused. */
const redos: readonly (readonly [string, UnsafeRegexReason])[] = [
  ["(a+)+$", "nested_quantifier"],
  ["(a|a)*$", "ambiguous_alternation"],
  ["(a|aa)+$", "ambiguous_alternation"],
  ["(.*a){20}", "nested_quantifier"],
  ["^(a+)+$", "nested_quantifier"],
  ["([a-zA-Z]+)*$", "nested_quantifier"],
  ["(a?)*$", "nested_quantifier"],
  ["^(\\w+\\s?)*$", "nested_quantifier"],
  ["(\\w|\\d)+$", "ambiguous_alternation"],
  ["(x+x+)+y", "nested_quantifier"],
  ["((a|a))*$", "ambiguous_alternation"],
  [".*.*.*.*x", "too_complex"],
  ["\\d+\\d+\\d+x", "too_complex"],
  [`${"(a|a)".repeat(20)}x`, "too_complex"],
  ["(a)\\1", "backreference"],
  ["(?<n>a+)\\k<n>", "backreference"],
  [`${"a?".repeat(30)}${"a".repeat(30)}`, "too_many_quantifiers"],
];

/** Patterns a real RequiredAdditionalInformation rule could hold. */
const usual = [
  "^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$",
  "^\\d{11}$",
  "^\\d+(\\.\\d+)?$",
  "^[a-z]+@[a-z]+\\.[a-z]{2,}$",
  "^.*$",
  "^[A-Za-z0-9 ,.'/-]{1,35}$",
  "^\\d{5}(-\\d{4})?$",
  "^(?=.*\\d).{8,}$",
  "^([A-Z]|[0-9])+$",
  "^[\\w\\s/-]+$",
  "^(CPF|CNPJ)?[0-9]{11,14}$",
  "^(GB|GBR)\\d+$",
  "[0-9]",
  "",
];

const hostileValue = `${"a".repeat(30)}!`;

describe("compileSafeRegex", () => {
  it.each(redos)("refuses %s (%s)", (pattern, reason) => {
    expect(compileSafeRegex(pattern)).toEqual(expect.objectContaining({ ok: false, reason }));
  });

  it.each(usual)("accepts the usual pattern %s and compiles it as written", (pattern) => {
    const compiled = compileSafeRegex(pattern);
    expect(compiled.ok).toBe(true);
    if (compiled.ok) expect(compiled.regex.source).toBe(new RegExp(pattern).source);
  });

  it("refuses invalid syntax, too long rules and .NET-only escapes", () => {
    expect(compileSafeRegex("(")).toEqual(expect.objectContaining({ ok: false, reason: "syntax" }));
    expect(compileSafeRegex("[a-")).toEqual(expect.objectContaining({ ok: false, reason: "syntax" }));
    expect(compileSafeRegex("a".repeat(MAX_RULE_LENGTH + 1))).toEqual(expect.objectContaining({ ok: false, reason: "too_long" }));
    expect(isSafeRegex("a".repeat(MAX_RULE_LENGTH))).toBe(true);
    for (const pattern of ["\\A\\d+\\z", "\\p{L}+", "^\\d+\\Z", "\\G"]) {
      expect(compileSafeRegex(pattern)).toEqual(expect.objectContaining({ ok: false, reason: "unsupported_escape" }));
    }
    expect(compileSafeRegex("(?i)abc")).toEqual(expect.objectContaining({ ok: false, reason: "syntax" }));
  });

  it("ends quickly on the classic ReDoS patterns through the validator (would hang without the check)", () => {
    const started = performance.now();
    for (const [pattern] of redos) {
      const result = validateCreateWithdrawalBeneficiary(
        { ...validBeneficiary, AdditionalInformation: { Code: hostileValue } },
        { additionalInformationRules: [{ Field: "Code", Rule: [{ RegEx: pattern }] }] },
      );
      expect(result.ok ? [] : result.issues).toEqual([
        expect.objectContaining({ code: "invalid_rule", path: ["AdditionalInformation", "Code"] }),
      ]);
    }
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("never throws, whatever the pattern", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: fc.constantFrom(..."()[]{}|*+?.^$\\-,:=!<>a1dwsbk"), maxLength: 40 })), (pattern) => {
        const compiled = compileSafeRegex(pattern);
        expect(typeof compiled.ok).toBe("boolean");
      }),
      { numRuns: 2000 },
    );
  });

  it("analyses even long, deeply nested rules quickly", () => {
    const unit = fc.constantFrom("(", ")", "(?:", "|", "a", "[a-z]", "\\d", "*", "+", "?", "{2,5}", ".");
    fc.assert(
      fc.property(fc.array(unit, { minLength: 100, maxLength: 250 }), (parts) => {
        const started = performance.now();
        compileSafeRegex(parts.join("").slice(0, MAX_RULE_LENGTH));
        expect(performance.now() - started).toBeLessThan(100);
      }),
      { numRuns: 200 },
    );
    const nested = `${"(".repeat(250)}a|b${")".repeat(250)}`;
    const started = performance.now();
    expect(compileSafeRegex(nested).ok).toBe(true);
    expect(performance.now() - started).toBeLessThan(100);
  });

  it("accepted patterns run fast on adversarial inputs of the maximum length", () => {
    const tokens = ["a", "b", ".", "\\d", "\\w", "\\s", "[a1]", "[^b]", "(", ")", "(?:", "(?=", "|", "*", "+", "?", "{2,}", "{0,40}", "{3}", "^", "$", "x", "1"];
    const inputs = [
      `${"a".repeat(MAX_TESTED_VALUE_LENGTH - 1)}!`,
      `${"1".repeat(MAX_TESTED_VALUE_LENGTH - 1)}!`,
      `${"a1 ".repeat(Math.floor(MAX_TESTED_VALUE_LENGTH / 3) - 1)}!`,
    ];
    let slowest = 0;
    let slowestPattern = "";
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...tokens), { maxLength: 20 }), (parts) => {
        const pattern = parts.join("");
        const compiled = compileSafeRegex(pattern);
        if (!compiled.ok) return;
        for (const input of inputs) {
          const started = performance.now();
          compiled.regex.test(input);
          const elapsed = performance.now() - started;
          if (elapsed > slowest) [slowest, slowestPattern] = [elapsed, pattern];
        }
      }),
      { numRuns: 1500 },
    );
    expect(slowest, `slowest accepted pattern: ${slowestPattern}`).toBeLessThan(250);
  });
});
