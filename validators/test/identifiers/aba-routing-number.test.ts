import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { calcAbaRoutingNumberCheckDigit, isValidAbaRoutingNumber, validateAbaRoutingNumber } from "../../src/index.js";
import {
  DIGITS,
  adjacentTranspositions,
  digits,
  expectIssue,
  expectValue,
  expectWarning,
  substitutions,
} from "./helpers.js";

const prefixes = [
  ...Array.from({ length: 13 }, (_, n) => n),
  ...Array.from({ length: 12 }, (_, n) => 21 + n),
  ...Array.from({ length: 12 }, (_, n) => 61 + n),
  80,
].map((n) => String(n).padStart(2, "0"));

const validAba = fc
  .tuple(fc.constantFrom(...prefixes), digits(6))
  .map(([prefix, rest]) => prefix + rest + calcAbaRoutingNumberCheckDigit(prefix + rest))
  .filter((aba) => aba !== "000000000");

function weightedSum(value: string): number {
  return [...value].reduce((sum, ch, i) => sum + Number(ch) * [3, 7, 1][i % 3]!, 0);
}

describe("validateAbaRoutingNumber", () => {
  it("accepts published routing numbers", () => {
    for (const aba of [
      "021000021",
      "011000015",
      "026009593",
      "121000358",
      "322271627",
      "111000025",
      "061000104",
      `80000000${calcAbaRoutingNumberCheckDigit("80000000")}`,
    ]) {
      expectValue(validateAbaRoutingNumber(aba), aba);
    }
    expectValue(validateAbaRoutingNumber(" 021000021 "), "021000021");
  });

  it("names each problem", () => {
    expectIssue(validateAbaRoutingNumber(21000021), "invalid_type");
    expectIssue(validateAbaRoutingNumber(""), "required");
    expectIssue(validateAbaRoutingNumber("02100002"), "invalid_length");
    expectIssue(validateAbaRoutingNumber("02100002A"), "invalid_character");
    expectIssue(validateAbaRoutingNumber("021-000-021"), "invalid_separator");
    expectIssue(validateAbaRoutingNumber("021000022"), "invalid_checksum");
  });

  /* The reference states "9 digits, checksum validated": the ABA's prefix ranges go beyond it, so they warn. */
  it("warns, never refuses, about a prefix outside the Federal Reserve ranges", () => {
    const prefixed = expectWarning(validateAbaRoutingNumber("131000021"), "invalid_prefix");
    expect(prefixed.params).toEqual({ prefix: "13" });
    expect(isValidAbaRoutingNumber("131000021")).toBe(true);
    for (const prefix of ["13", "20", "33", "60", "73", "79", "81", "99"]) {
      const aba = `${prefix}100002${calcAbaRoutingNumberCheckDigit(`${prefix}100002`)}`;
      expectWarning(validateAbaRoutingNumber(aba), "invalid_prefix");
      expect(validateAbaRoutingNumber(aba).ok).toBe(true);
    }
  });

  it("warns about the all-zero number, which the prefix and 3-7-1 checks alone would accept", () => {
    expect(weightedSum("000000000") % 10).toBe(0);
    expect(calcAbaRoutingNumberCheckDigit("00000000")).toBe("0");
    expect(expectWarning(validateAbaRoutingNumber("000000000"), "invalid_format").message).toContain("all zeros");
    expectWarning(validateAbaRoutingNumber(" 000000000 "), "invalid_format");
    expect(isValidAbaRoutingNumber("000000000")).toBe(true);
    const government = validateAbaRoutingNumber("000000518"); // a real 00 prefix (US Government): no warning
    expectValue(government, "000000518");
    expect(government.warnings).toEqual([]);
  });

  it("accepts built numbers in every prefix range", () => {
    fc.assert(fc.property(validAba, (aba) => expectValue(validateAbaRoutingNumber(aba), aba)));
  });

  /* 3, 7 and 1 are coprime to 10: a changed digit always changes the weighted sum mod 10. */
  it("rejects every single-digit substitution", () => {
    fc.assert(
      fc.property(validAba, (aba) => {
        for (const [, changed] of substitutions(aba, DIGITS))
          expect(isValidAbaRoutingNumber(changed), changed).toBe(false);
      }),
    );
  });

  /*
   * Swapping a, b at positions with weights w1, w2 changes the sum by (w1 − w2)(b − a). Adjacent weight
   * differences are 4, 6 and 2 (mod 10), all even, so an adjacent swap is missed exactly when |a − b| = 5;
   * swaps three apart have equal weights and are never caught by the checksum. Everything else is.
   */
  it("rejects adjacent transpositions unless the digits differ by 5", () => {
    fc.assert(
      fc.property(validAba, (aba) => {
        for (const [position, swapped] of adjacentTranspositions(aba)) {
          const differ = Math.abs(Number(aba[position]) - Number(aba[position + 1]));
          if (differ === 5) {
            expect(weightedSum(swapped) % 10).toBe(0);
            continue;
          }
          expect(isValidAbaRoutingNumber(swapped), swapped).toBe(false);
        }
      }),
    );
  });

  it("cannot see swaps three positions apart (equal weights), as documented", () => {
    expect(isValidAbaRoutingNumber("021000021")).toBe(true);
    expect(isValidAbaRoutingNumber("001020021")).toBe(true); // positions 2 and 5 swapped
  });
});
