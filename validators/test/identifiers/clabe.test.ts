import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { calcClabeCheckDigit, isValidClabe, validateClabe } from "../../src/index.js";
import {
  DIGITS,
  adjacentTranspositions,
  digits,
  expectIssue,
  expectValue,
  expectWarning,
  substitutions,
} from "./helpers.js";

const validClabe = digits(17).map((base) => base + calcClabeCheckDigit(base));

/** The reference states 18 digits only: a wrong check digit is a warning, so "holds" means valid and unwarned. */
function checkDigitHolds(clabe: string): boolean {
  const result = validateClabe(clabe);
  return result.ok && result.warnings.length === 0;
}

describe("validateClabe", () => {
  it("accepts Banxico's example and returns its parts", () => {
    expect(validateClabe("002010077777777771")).toEqual({
      ok: true,
      value: "002010077777777771",
      warnings: [],
      bank: "002",
      city: "010",
      account: "07777777777",
    });
    expectValue(validateClabe("002 010 07777777777 1"), "002010077777777771");
  });

  it("names each problem", () => {
    expectIssue(validateClabe(2010077777777771), "invalid_type");
    expectIssue(validateClabe(""), "required");
    expectIssue(validateClabe("00201007777777777"), "invalid_length");
    expectIssue(validateClabe("00201007777777777X"), "invalid_character");
    expectIssue(validateClabe("002-010-07777777777-1"), "invalid_separator");
  });

  it("warns, never refuses, about a wrong check digit (the reference states 18 digits only)", () => {
    expectWarning(validateClabe("002010077777777772"), "invalid_checksum");
    expect(isValidClabe("002010077777777772")).toBe(true);
  });

  it("accepts built CLABEs", () => {
    fc.assert(fc.property(validClabe, (clabe) => expectValue(validateClabe(clabe), clabe)));
  });

  /* Weights 3, 7, 1 are coprime to 10: every single-digit substitution is caught (and warned about). */
  it("warns about every single-digit substitution", () => {
    fc.assert(
      fc.property(validClabe, (clabe) => {
        for (const [, changed] of substitutions(clabe, DIGITS)) expect(checkDigitHolds(changed), changed).toBe(false);
      }),
    );
  });

  /* As for ABA: adjacent weight differences are even, so swaps of digits differing by 5 are missed. */
  it("warns about adjacent transpositions unless the digits differ by 5", () => {
    fc.assert(
      fc.property(validClabe, (clabe) => {
        for (const [position, swapped] of adjacentTranspositions(clabe)) {
          const differ = Math.abs(Number(clabe[position]) - Number(clabe[position + 1]));
          expect(checkDigitHolds(swapped), swapped).toBe(differ === 5);
        }
      }),
    );
  });
});
