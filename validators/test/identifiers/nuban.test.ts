import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { calcNubanCheckDigit, isValidNuban, validateNuban } from "../../src/index.js";
import { DIGITS, digits, expectIssue, expectValue, substitutions } from "./helpers.js";

/** CBN's formula written out for the 3-digit legacy codes: weights 3,7,3,3,7,3,3,7,3,3,7,3 over code + serial. */
function legacyCheckDigit(bankCode: string, serial: string): string {
  const weights = [3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3];
  const sum = [...(bankCode + serial)].reduce((total, d, i) => total + Number(d) * weights[i]!, 0);
  return String((10 - (sum % 10)) % 10);
}

const bankCode = fc.oneof(digits(3), digits(5), digits(6));
const account = fc
  .tuple(bankCode, digits(9))
  .map(([code, serial]) => ({ code, nuban: serial + calcNubanCheckDigit(code, serial) }));

describe("validateNuban", () => {
  it("checks only the shape without a bank code", () => {
    expect(validateNuban("0123456789")).toEqual({ ok: true, value: "0123456789", warnings: [], checked: false });
    expectIssue(validateNuban("012345678"), "invalid_length");
    expectIssue(validateNuban("01234567A9"), "invalid_character");
    expectIssue(validateNuban(123), "invalid_type");
    expectIssue(validateNuban(""), "required");
  });

  it("computes the legacy 12-digit check for 3-digit codes, equal to the 15-digit form padded with 000", () => {
    fc.assert(
      fc.property(digits(3), digits(9), (code, serial) => {
        const check = legacyCheckDigit(code, serial);
        expect(calcNubanCheckDigit(code, serial)).toBe(check);
        expect(calcNubanCheckDigit(`000${code}`, serial)).toBe(check);
        expectValue(validateNuban(serial + check, { bankCode: code }), serial + check);
      }),
    );
  });

  it("treats a 5-digit code as the 6-digit code with a leading 9", () => {
    fc.assert(
      fc.property(digits(5), digits(9), (code, serial) => {
        expect(calcNubanCheckDigit(code, serial)).toBe(calcNubanCheckDigit(`9${code}`, serial));
      }),
    );
  });

  it("verifies the check digit when a bank code is given", () => {
    const serial = "000022738";
    const check = calcNubanCheckDigit("058", serial);
    expect(validateNuban(serial + check, { bankCode: "058" })).toEqual({
      ok: true,
      value: serial + check,
      warnings: [],
      checked: true,
    });
    const wrong = serial + String((Number(check) + 1) % 10);
    expectIssue(validateNuban(wrong, { bankCode: "058" }), "invalid_checksum");
    expect(expectIssue(validateNuban(serial + check, { bankCode: "58" }), "invalid_format").params).toEqual({
      option: "bankCode",
    });
    expect(isValidNuban(serial + check, { bankCode: "058" })).toBe(true);
  });

  /* Weights 3 and 7 are coprime to 10, so a wrong digit in the serial or the check digit is always caught. */
  it("rejects every single-digit substitution for the bank", () => {
    fc.assert(
      fc.property(account, ({ code, nuban }) => {
        expect(isValidNuban(nuban, { bankCode: code })).toBe(true);
        for (const [, changed] of substitutions(nuban, DIGITS)) {
          expect(isValidNuban(changed, { bankCode: code }), changed).toBe(false);
        }
      }),
    );
  });
});
