import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatBsb, isValidBsb, validateBsb } from "../../src/index.js";
import { digits, digitsAndSeparators, expectIssue, expectNormalForm, expectValue } from "./helpers.js";

describe("validateBsb", () => {
  it("accepts 123456, 123-456 and 123 456", () => {
    for (const written of ["062000", "062-000", "062 000"]) {
      expect(validateBsb(written)).toEqual({ ok: true, value: "062000", warnings: [], print: "062-000" });
    }
    expect(formatBsb("062000")).toBe("062-000");
    expectIssue(validateBsb("06-2000"), "invalid_separator");
    expectIssue(validateBsb("06200"), "invalid_length");
  });

  it("round-trips", () => {
    fc.assert(
      fc.property(digits(6), (code) => {
        const result = validateBsb(code);
        expectValue(result, code);
        if (result.ok) expect(validateBsb(result.print)).toEqual(result);
      }),
    );
  });

  it("agrees with isValidBsb, and its value validates to itself", () => {
    expectNormalForm(validateBsb, isValidBsb, digitsAndSeparators(9));
  });
});
