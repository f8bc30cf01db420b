import * as ibantools from "ibantools";
import { describe, expect, it } from "vitest";
import { countryCodes, validateCountryCode } from "../../src/index.js";
import { expectIssue, expectValue } from "./helpers.js";

describe("validateCountryCode", () => {
  it("holds ISO 3166-1's 249 assigned codes plus XK, the same list as ibantools", () => {
    const codes = countryCodes();
    expect(codes).toHaveLength(250);
    expect(codes).toEqual(Object.keys(ibantools.countrySpecs).sort());
  });

  it("accepts assigned codes, upper-casing them", () => {
    expectValue(validateCountryCode("DE"), "DE");
    expectValue(validateCountryCode("gb"), "GB");
    expectValue(validateCountryCode("XK"), "XK");
  });

  it("rejects unassigned codes and other shapes", () => {
    expectIssue(validateCountryCode("ZZ"), "unknown_country");
    expectIssue(validateCountryCode("UK"), "unknown_country");
    expectIssue(validateCountryCode("D1"), "invalid_format");
    expectIssue(validateCountryCode("DEU"), "invalid_length");
    expectIssue(validateCountryCode("D E"), "invalid_separator");
    expectIssue(validateCountryCode("DÉ"), "invalid_character");
    expectIssue(validateCountryCode(""), "required");
    expectIssue(validateCountryCode(49), "invalid_type");
  });
});
