import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatCanadianTransitNumber,
  isValidCanadianTransitNumber,
  validateCanadianTransitNumber,
} from "../../src/index.js";
import { digits, digitsAndSeparators, expectIssue, expectNormalForm, expectValue } from "./helpers.js";

describe("validateCanadianTransitNumber", () => {
  it("accepts the electronic form and the cheque form", () => {
    const expected = {
      ok: true,
      value: "000312345",
      warnings: [],
      institution: "003",
      transit: "12345",
      print: "12345-003",
    };
    expect(validateCanadianTransitNumber("000312345")).toEqual(expected);
    expect(validateCanadianTransitNumber("12345-003")).toEqual(expected);
    expect(validateCanadianTransitNumber("12345 003")).toEqual(expected);
    expect(formatCanadianTransitNumber("000312345")).toBe("12345-003");
  });

  it("rejects a missing leading zero and ambiguous forms", () => {
    expectIssue(validateCanadianTransitNumber("100312345"), "invalid_prefix");
    expectIssue(validateCanadianTransitNumber("12345003"), "invalid_length");
    expectIssue(validateCanadianTransitNumber("1234-5003"), "invalid_separator");
    expectIssue(validateCanadianTransitNumber("x".repeat(100)), "too_long");
  });

  it("round-trips the cheque form", () => {
    fc.assert(
      fc.property(digits(3), digits(5), (institution, transit) => {
        const result = validateCanadianTransitNumber(`0${institution}${transit}`);
        expectValue(result, `0${institution}${transit}`);
        if (result.ok) expect(validateCanadianTransitNumber(result.print)).toEqual(result);
      }),
    );
  });

  it("agrees with isValidCanadianTransitNumber, and its value validates to itself", () => {
    expectNormalForm(validateCanadianTransitNumber, isValidCanadianTransitNumber, digitsAndSeparators(11));
  });
});
