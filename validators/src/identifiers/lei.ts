/**
 * LEI (Legal Entity Identifier), ISO 17442-1: 18 letters or digits assigned by a Local Operating Unit and
 * two check digits under ISO 7064 MOD 97-10, the same arithmetic as the IBAN. Source: ISO 17442-1:2020 §5–6;
 * GLEIF, "LEI check digit calculation". The reference states "20 alphanumeric characters": that is the error;
 * the check digits, beyond it, are a warning (`invalid_checksum` with `severity: "warning"`).
 */
import { defineValidator } from "../core/define-validator.js";
import { asWarning, issue, type Issue } from "../core/issue.js";
import { failure, success } from "../core/result.js";
import { invalidChecksum, notAString } from "./identifier-issues.js";
import { calcCheckDigits as calcMod97CheckDigits, isCheckDigitRange, mod97 } from "./mod97-10.js";
import { isDigit, readGroups, type GroupedForm } from "./separators.js";

const FORM: GroupedForm = { name: "LEI", groups: [20], lengths: [20], separators: "", letters: true };

/** The 20 characters, upper case, or the error: what the reference states. */
function readLei(input: string): string | Issue {
  return readGroups(input, FORM);
}

/** ISO 17442's check digits of a 20-character LEI: undefined when right, else the warning. */
function checkDigitWarning(value: string): Issue | undefined {
  const tens = value.charCodeAt(18);
  const ones = value.charCodeAt(19);
  if (!isDigit(tens) || !isDigit(ones)) {
    return asWarning(
      issue("invalid_format", "The last two characters of an LEI are check digits (ISO 17442).", [], {
        position: isDigit(tens) ? 19 : 18,
      }),
    );
  }
  return mod97(value) === 1 && isCheckDigitRange(tens - 0x30, ones - 0x30)
    ? undefined
    : asWarning(invalidChecksum(FORM.name));
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
  if (typeof value !== "string") return failure([value]);
  const warning = checkDigitWarning(value);
  return warning === undefined ? success(value) : success(value, {}, [warning]);
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
