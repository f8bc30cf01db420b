import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatBsb,
  formatCanadianTransitNumber,
  formatSortCode,
  validateBsb,
  validateCanadianTransitNumber,
  isValidIfsc,
  validateIfsc,
  validateSortCode,
  validateUkAccountNumber,
} from "../../src/index.js";
import { ALPHANUMERIC, LETTERS, digits, expectIssue, expectValue, expectWarning, stringOf } from "./helpers.js";

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
});

describe("validateUkAccountNumber", () => {
  it("accepts 8 digits only", () => {
    expectValue(validateUkAccountNumber("31926819"), "31926819");
    expectIssue(validateUkAccountNumber("3192681"), "invalid_length");
    expectIssue(validateUkAccountNumber("3192 6819"), "invalid_separator");
    expectIssue(validateUkAccountNumber("3192681X"), "invalid_character");
  });
});

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
        if (result.ok) expect(validateBsb(result.print)).toEqual(result);
        else throw new Error(code);
      }),
    );
  });
});

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
});

describe("validateIfsc", () => {
  it("accepts RBI codes and returns bank and branch", () => {
    expect(validateIfsc("SBIN0005943")).toEqual({
      ok: true,
      value: "SBIN0005943",
      warnings: [],
      bank: "SBIN",
      branch: "005943",
    });
    expectValue(validateIfsc("hdfc0000001"), "HDFC0000001");
    expectValue(validateIfsc("ICIC0ABC123"), "ICIC0ABC123");
  });

  it("rejects what the reference's ^\\w{11}$ refuses", () => {
    expectIssue(validateIfsc("SBIN000594"), "invalid_length");
    expectIssue(validateIfsc("SBIN-005943"), "invalid_character");
    expectIssue(validateIfsc("SBIN 005943"), "invalid_character");
    expectIssue(validateIfsc(""), "required");
  });

  /* RBI's structure (4 letters, a reserved 0, 6 letters or digits) goes beyond the reference: warnings. */
  it("warns, never refuses, about RBI's structure; the value is upper case", () => {
    expectWarning(validateIfsc("SBIN1005943"), "invalid_format");
    expectWarning(validateIfsc("SB1N0005943"), "invalid_format");
    expectWarning(validateIfsc("SBIN_005943"), "invalid_format");
    expectWarning(validateIfsc("SBIN0_05943"), "invalid_format");
    expect(validateIfsc(" sbin1005943 ")).toMatchObject({ ok: true, value: "SBIN1005943" });
    expect(isValidIfsc("SBIN_005943")).toBe(true);
  });

  it("accepts built codes", () => {
    fc.assert(
      fc.property(stringOf(LETTERS, 4), stringOf(ALPHANUMERIC, 6), (bank, branch) =>
        expectValue(validateIfsc(`${bank}0${branch}`), `${bank}0${branch}`),
      ),
    );
  });
});
