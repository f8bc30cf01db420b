import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { calcLeiCheckDigits, formatLei, isValidLei, validateLei } from "../../src/index.js";
import { mod97 } from "../../src/identifiers/mod97-10.js";
import {
  ALPHANUMERIC,
  adjacentTranspositions,
  expectIssue,
  expectValue,
  expectWarning,
  stringOf,
  substitutions,
} from "./helpers.js";

const validLei = stringOf(ALPHANUMERIC, 18).map((base) => base + calcLeiCheckDigits(base));

/**
 * The reference states "20 alphanumeric characters": ISO 17442's check digits are a warning beyond it, so the
 * check digits "hold" when the LEI is valid and unwarned.
 */
function checkDigitsHold(lei: string): boolean {
  const result = validateLei(lei);
  return result.ok && result.warnings.length === 0;
}

describe("validateLei", () => {
  it("accepts published LEIs", () => {
    for (const lei of [
      "5493001KJTIIGC8Y1R12",
      "529900T8BM49AURSDO55",
      "7LTWFZYICNSX8D621K86",
      "HWUPKR0MPOU8FGXBT394",
    ]) {
      expectValue(validateLei(lei), lei);
    }
    expectValue(validateLei(" 5493001kjtiigc8y1r12 "), "5493001KJTIIGC8Y1R12");
    expect(formatLei("5493001kjtiigc8y1r12")).toBe("5493001KJTIIGC8Y1R12");
  });

  it("names each problem", () => {
    expectIssue(validateLei(null), "invalid_type");
    expectIssue(validateLei(""), "required");
    expectIssue(validateLei("5493001KJTIIGC8Y1R1"), "invalid_length");
    expectIssue(validateLei("5493001KJTIIGC8Y1R1.2"), "invalid_character");
    expectIssue(validateLei("5493 001KJTIIGC8Y1R12"), "invalid_separator");
  });

  it("warns, never refuses, about ISO 17442's check digits (the reference states 20 alphanumerics only)", () => {
    expectWarning(validateLei("5493001KJTIIGC8Y1RA2"), "invalid_format");
    expectWarning(validateLei("5493001KJTIIGC8Y1R13"), "invalid_checksum");
    expect(isValidLei("5493001KJTIIGC8Y1R13")).toBe(true);
  });

  it("warns about check digits 00, 01 and 99, which MOD 97-10 never produces", () => {
    let found = 0;
    for (let n = 0; n < 3000 && found < 3; n++) {
      const base = `5493001KJTII${String(n).padStart(6, "0")}`;
      const check = calcLeiCheckDigits(base);
      if (check !== "97" && check !== "98" && check !== "02") continue;
      found++;
      const alias = check === "97" ? "00" : check === "98" ? "01" : "99";
      expect(mod97(base + alias)).toBe(1);
      expectWarning(validateLei(base + alias), "invalid_checksum");
    }
    expect(found).toBe(3);
  });

  it("accepts built LEIs; normalising is idempotent", () => {
    fc.assert(
      fc.property(validLei, fc.boolean(), (lei, lower) => {
        const result = validateLei(lower ? lei.toLowerCase() : lei);
        expectValue(result, lei);
        expect(validateLei(lei)).toEqual(result);
      }),
    );
  });

  /*
   * Same argument as for the IBAN: digit↔digit and letter↔letter substitutions are always caught; a
   * digit d ↔ letter v substitution after a prefix of value A is missed exactly when 90·A + v − d ≡ 0
   * (mod 97). The last two characters must be digits, so letters there are a format error.
   */
  it("warns about every single substitution except the provable MOD 97-10 blind spot", () => {
    fc.assert(
      fc.property(validLei, (lei) => {
        for (const [position, changed] of substitutions(lei, ALPHANUMERIC)) {
          const before = lei.charCodeAt(position);
          const after = changed.charCodeAt(position);
          if (position < 18 && before <= 0x39 !== after <= 0x39) {
            const a = mod97(lei, 0, position);
            const [d, v] = before <= 0x39 ? [before - 0x30, after - 55] : [after - 0x30, before - 55];
            if ((90 * a + v - d) % 97 === 0) {
              expect(checkDigitsHold(changed), changed).toBe(true);
              continue;
            }
          }
          expect(checkDigitsHold(changed), `${lei} → ${changed}`).toBe(false);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("has concrete blind spots, so a literal 'every substitution is caught' would be false", () => {
    const base = "5493001KJTIIGC8Y1R";
    const lei = base + calcLeiCheckDigits(base);
    let missed: string | undefined;
    for (const [, changed] of substitutions(lei.slice(0, 18), ALPHANUMERIC)) {
      if (checkDigitsHold(changed + lei.slice(18))) missed = changed + lei.slice(18);
    }
    expect(lei).toBe("5493001KJTIIGC8Y1R12");
    expect(missed).toBeDefined();
  });

  /* Adjacent transpositions: caught except B1/M2/X3 (identical expansions "111", "222", "333"). */
  it("warns about every adjacent transposition except B1, M2 and X3", () => {
    const blind = new Set(["B1", "1B", "M2", "2M", "X3", "3X"]);
    fc.assert(
      fc.property(validLei, (lei) => {
        for (const [position, swapped] of adjacentTranspositions(lei)) {
          const expected = blind.has(lei.slice(position, position + 2)) && position + 1 < 18;
          expect(checkDigitsHold(swapped), `${lei} → ${swapped}`).toBe(expected);
        }
      }),
      { numRuns: 500 },
    );
  });
});
