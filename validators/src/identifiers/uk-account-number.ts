/**
 * UK bank account number: 8 digits, used with a sort code. Source: Pay.UK (Bacs) standard 18 record
 * layout. Shorter legacy numbers must be padded by the bank's own rule, so only 8 digits are accepted.
 */
import { defineValidator } from "../core/define-validator.js";
import { failure, success } from "../core/result.js";
import { notAString } from "./identifier-issues.js";
import { readGroups, removeSeparators, type GroupedForm } from "./separators.js";

const FORM: GroupedForm = { name: "UK account number", groups: [8], lengths: [8], separators: "", letters: false };

/** Removes spaces and hyphens; no validation. */
export function compact(input: string): string {
  if (typeof input !== "string") return "";
  return removeSeparators(input, 0, input.length).trim();
}

export const validateUkAccountNumber = /* @__PURE__ */ defineValidator<string>((input) => {
  if (typeof input !== "string") return failure([notAString(FORM.name, input)]);
  const value = readGroups(input, FORM);
  return typeof value === "string" ? success(value) : failure([value]);
});

export function isValidUkAccountNumber(input: unknown): boolean {
  try {
    return typeof input === "string" && typeof readGroups(input, FORM) === "string";
  } catch {
    return false; // never throws: what makes the check throw (a hostile option, a Proxy) is not valid
  }
}

/** Printed as the 8 digits; no validation. */
export function formatUkAccountNumber(input: string): string {
  return compact(input);
}
