import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatUkAccountNumber, isValidUkAccountNumber, validateUkAccountNumber } from "../../src/index.js";
import { digits, digitsAndSeparators, expectIssue, expectNormalForm, expectValue } from "./helpers.js";

describe("validateUkAccountNumber", () => {
  it("accepts 8 digits only", () => {
    expectValue(validateUkAccountNumber("31926819"), "31926819");
    expectIssue(validateUkAccountNumber("3192681"), "invalid_length");
    expectIssue(validateUkAccountNumber("3192 6819"), "invalid_separator");
    expectIssue(validateUkAccountNumber("3192681X"), "invalid_character");
  });

  it("accepts every 8 digits as they are, and no other length", () => {
    fc.assert(
      fc.property(digits(8), fc.integer({ min: 1, max: 12 }), (number, length) => {
        expectValue(validateUkAccountNumber(number), number);
        expect(formatUkAccountNumber(number)).toBe(number);
        if (length !== 8)
          expectIssue(validateUkAccountNumber(number.padEnd(length, "0").slice(0, length)), "invalid_length");
      }),
    );
  });

  it("agrees with isValidUkAccountNumber, and its value validates to itself", () => {
    expectNormalForm(validateUkAccountNumber, isValidUkAccountNumber, digitsAndSeparators(10));
  });
});
