import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatSortCode, isValidSortCode, validateSortCode } from "../../src/index.js";
import { digits, digitsAndSeparators, expectIssue, expectNormalForm, expectValue } from "./helpers.js";

describe("validateSortCode", () => {
  it("accepts 123456, 12-34-56 and 12 34 56", () => {
    for (const written of ["123456", "12-34-56", "12 34 56", " 12-34-56 "]) {
      expect(validateSortCode(written)).toEqual({ ok: true, value: "123456", warnings: [], print: "12-34-56" });
    }
    expect(formatSortCode("123456")).toBe("12-34-56");
  });

  it("rejects other forms", () => {
    expectIssue(validateSortCode(123456), "invalid_type");
    expectIssue(validateSortCode(""), "required");
    expectIssue(validateSortCode("12345"), "invalid_length");
    expectIssue(validateSortCode("12.34.56"), "invalid_character");
    expectIssue(validateSortCode("12-34 56"), "invalid_separator");
    expectIssue(validateSortCode("123-456"), "invalid_separator");
    expectIssue(validateSortCode("12--34-56"), "invalid_separator");
  });

  it("round-trips print and compact forms", () => {
    fc.assert(
      fc.property(digits(6), (code) => {
        const result = validateSortCode(code);
        expectValue(result, code);
        if (result.ok) expect(validateSortCode(result.print)).toEqual(result);
      }),
    );
  });

  it("agrees with isValidSortCode, and its value validates to itself", () => {
    expectNormalForm(validateSortCode, isValidSortCode, digitsAndSeparators(10));
  });
});
