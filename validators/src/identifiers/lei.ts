/**
 * LEI (Legal Entity Identifier), ISO 17442-1: 18 letters or digits assigned by a Local Operating Unit and
 * two check digits under ISO 7064 MOD 97-10, the same arithmetic as the IBAN. Source: ISO 17442-1:2020 §5–6;
 * GLEIF, "LEI check digit calculation".
 */
import { defineValidator } from "../core/define-validator.js";
import { issue, type Issue } from "../core/issue.js";
import { failure, success } from "../core/result.js";
import { invalidChecksum, notAString } from "./identifier-issues.js";
import { calcCheckDigits as calcMod97CheckDigits, isCheckDigitRange, mod97 } from "./mod97-10.js";
import { isDigit, readGroups, type GroupedForm } from "./separators.js";

const FORM: GroupedForm = { name: "LEI", groups: [20], lengths: [20], separators: "", letters: true };

function readLei(input: string): string | Issue {
  const value = readGroups(input, FORM);
  if (typeof value !== "string") return value;
  const tens = value.charCodeAt(18);
  const ones = value.charCodeAt(19);
  if (!isDigit(tens) || !isDigit(ones)) {
    return issue("invalid_format", "The last two characters of an LEI are check digits.", [], {
      position: isDigit(tens) ? 19 : 18,
    });
  }
  return mod97(value) === 1 && isCheckDigitRange(tens - 0x30, ones - 0x30) ? value : invalidChecksum(FORM.name);
}

/** Trims and upper-cases; no validation. */
export function compact(input: string): string {
  if (typeof input !== "string") return "";
  return input.trim().toUpperCase();
}

/**
 * The two check digits for the 18 characters before them. Domain: 18 upper-case letters or digits; anything
 * else (other characters, another length, the 20-character LEI itself) gives "".
 */
export function calcCheckDigits(base: string): string {
  return typeof base === "string" && base.length === 18 ? calcMod97CheckDigits(base) : "";
}

export const validateLei = /* @__PURE__ */ defineValidator<string>((input) => {
  if (typeof input !== "string") return failure([notAString(FORM.name, input)]);
  const value = readLei(input);
  return typeof value === "string" ? success(value) : failure([value]);
});

export function isValidLei(input: unknown): boolean {
  try {
    return typeof input === "string" && typeof readLei(input) === "string";
  } catch {
    return false; // never throws: what makes the check throw (a hostile option, a Proxy) is not valid
  }
}

/** An LEI is printed as its 20 characters, upper case; no validation. */
export function formatLei(input: string): string {
  return compact(input);
}
