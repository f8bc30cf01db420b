/**
 * ABA routing transit number: 9 digits whose 3-7-1 weighted sum is a multiple of 10 (what the reference states:
 * "9 digits, checksum validated"), starting with a Federal Reserve routing symbol prefix. Source: American
 * Bankers Association, "Routing Number Policy" and "Key to Routing Numbers" (Accuity); prefixes 00–12 (Federal
 * Reserve districts, 00 US Government), 21–32 (thrift institutions), 61–72 (electronic transactions), 80
 * (traveler's cheques). The prefix, and nine zeros, are beyond the reference: warnings, never refusals.
 */
import { defineValidator } from "../core/define-validator.js";
import { asWarning, issue, type Issue } from "../core/issue.js";
import { failure, noWarnings, success } from "../core/result.js";
import { invalidChecksum, notAString } from "./identifier-issues.js";
import { isDigits, readGroups, removeSeparators, type GroupedForm } from "./separators.js";

const FORM: GroupedForm = { name: "ABA routing number", groups: [9], lengths: [9], separators: "", letters: false };

/**
 * Σ digit · (3, 7, 1, 3, 7, 1, …) over the first `count` digits (8 or 9). 3, 7 and 1 are coprime to 10, so
 * every single-digit error changes the sum mod 10.
 */
function weightedSum(value: string, count: number): number {
  let sum = 0;
  for (let i = 0; i < count; i += 3) {
    sum += 3 * (value.charCodeAt(i) - 0x30) + 7 * (value.charCodeAt(i + 1) - 0x30);
    if (i + 2 < count) sum += value.charCodeAt(i + 2) - 0x30;
  }
  return sum;
}

/**
 * The 9th digit for the first 8 digits of `value`: 3-7-1 weighted sum plus it ≡ 0 (mod 10). Domain: 8 digits, or
 * the 9-digit number (its last digit is ignored); anything else gives "" (no digit can be computed).
 */
export function calcCheckDigit(value: string): string {
  if (!isDigits(value, 8, 9)) return "";
  return String((10 - (weightedSum(value, 8) % 10)) % 10);
}

/** Federal Reserve routing symbol prefixes in use: 00–12, 21–32, 61–72, 80. */
function isValidPrefix(prefix: number): boolean {
  return prefix <= 12 || (prefix >= 21 && prefix <= 32) || (prefix >= 61 && prefix <= 72) || prefix === 80;
}

/** The check digit on nine digits, given their 3-7-1 weighted sum. */
function checkSum(value: string, sum: number): string | Issue {
  return sum % 10 === 0 ? value : invalidChecksum(FORM.name);
}

/** What the ABA's policy adds to the reference's rule, on a number whose check digit is right: warnings. */
function policyWarnings(value: string): readonly Issue[] {
  const prefix = (value.charCodeAt(0) - 0x30) * 10 + (value.charCodeAt(1) - 0x30);
  if (!isValidPrefix(prefix)) {
    return [
      asWarning(
        issue(
          "invalid_prefix",
          `An ABA routing number starts with 00–12, 21–32, 61–72 or 80, not ${value.slice(0, 2)}.`,
          [],
          { prefix: value.slice(0, 2) },
        ),
      ),
    ];
  }
  // 000000000 passes the 3-7-1 check and has the valid prefix 00, but no routing number is all zeros.
  if (value === "000000000") {
    return [asWarning(issue("invalid_format", "An ABA routing number cannot be all zeros.", [], { position: 0 }))];
  }
  return noWarnings;
}

/**
 * Nine plain digits, the form nearly all input comes in, read in one pass that also sums them; undefined for
 * any other form (spaces, wrong characters or length), which readGroups reads and names the problem of.
 */
function readCanonicalAba(input: string): string | Issue | undefined {
  if (input.length !== 9) return undefined;
  let sum = 0;
  for (let i = 0; i < 9; i += 3) {
    const a = input.charCodeAt(i) - 0x30;
    const b = input.charCodeAt(i + 1) - 0x30;
    const c = input.charCodeAt(i + 2) - 0x30;
    if (a >>> 0 > 9 || b >>> 0 > 9 || c >>> 0 > 9) return undefined; // unsigned: below "0" wraps
    sum += 3 * a + 7 * b + c;
  }
  return checkSum(input, sum);
}

function readAba(input: string): string | Issue {
  const canonical = readCanonicalAba(input);
  if (canonical !== undefined) return canonical;
  const value = readGroups(input, FORM);
  return typeof value === "string" ? checkSum(value, weightedSum(value, 9)) : value;
}

/** Removes spaces and hyphens; no validation. */
export function compact(input: string): string {
  if (typeof input !== "string") return "";
  return removeSeparators(input, 0, input.length).trim();
}

export const validateAbaRoutingNumber = /* @__PURE__ */ defineValidator<string>((input) => {
  if (typeof input !== "string") return failure([notAString(FORM.name, input)]);
  const value = readAba(input);
  if (typeof value !== "string") return failure([value]);
  const warnings = policyWarnings(value);
  return warnings.length === 0 ? success(value) : success(value, {}, warnings);
});

export function isValidAbaRoutingNumber(input: unknown): boolean {
  try {
    return typeof input === "string" && typeof readAba(input) === "string";
  } catch {
    return false; // never throws: what makes the check throw (a hostile option, a Proxy) is not valid
  }
}

/** Routing numbers are printed as 9 plain digits; no validation. */
export function formatAbaRoutingNumber(input: string): string {
  return compact(input);
}
