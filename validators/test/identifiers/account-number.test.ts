import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { accountNumberRules, isValidAccountNumber, validateAccountNumber } from "../../src/index.js";
import { expectIssue, expectValue } from "./helpers.js";

describe("validateAccountNumber", () => {
  it("applies the generic pattern ^[0-9A-Z-]{4,24}$ by default", () => {
    expectValue(validateAccountNumber("AB-1234"), "AB-1234");
    expectValue(validateAccountNumber(" ab-1234 "), "AB-1234");
    expectIssue(validateAccountNumber("123"), "too_short");
    expectIssue(validateAccountNumber("1".repeat(25)), "too_long");
    expectIssue(validateAccountNumber("12 34"), "invalid_character");
    expectIssue(validateAccountNumber("12_34"), "invalid_character");
    expectIssue(validateAccountNumber(""), "required");
    expectIssue(validateAccountNumber(1234), "invalid_type");
  });

  it("applies each routing type's pattern, exactly as the spec writes it", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...(Object.keys(accountNumberRules) as (keyof typeof accountNumberRules)[])),
        fc.string({ unit: fc.constantFrom(..."0123456789ABCXYZ-"), maxLength: 30 }),
        (routingType, candidate) => {
          const pattern = new RegExp(accountNumberRules[routingType].pattern);
          expect(isValidAccountNumber(candidate, { routingType }), `${routingType} ${candidate}`).toBe(
            pattern.test(candidate),
          );
        },
      ),
      { numRuns: 3000 },
    );
  });

  it("lets callers override lengths and characters", () => {
    expect(isValidAccountNumber("1234567", { routingType: "TransitNumberAccountNumber" })).toBe(true);
    expectIssue(validateAccountNumber("123456", { routingType: "TransitNumberAccountNumber" }), "invalid_length");
    expect(isValidAccountNumber("12345", { minLength: 5, maxLength: 5 })).toBe(true);
    expect(isValidAccountNumber("1234A", { digitsOnly: true })).toBe(false);
    expect(isValidAccountNumber("1234", { routingType: "Nope" as never })).toBe(true); // unknown type: generic rule
  });
});
