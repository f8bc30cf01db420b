/**
 * Account numbers without a checksum scheme of their own: the Account Funds reference's generic pattern
 * `^[0-9A-Z-]{4,24}$` and its per-routing-type patterns (spec/CONVENTIONS.md, "Rules"), so the routing
 * validators and the spec share one implementation.
 */
import { defineValidator } from "../core/define-validator.js";
import { issue, type Issue } from "../core/issue.js";
import { failure, success } from "../core/result.js";
import { empty, invalidCharacter, invalidLength, notAString, tooLong } from "./identifier-issues.js";
import { HYPHEN, MAX_INPUT_LENGTH, isDigit, isLower, isUpper, trimEnd, trimStart } from "./separators.js";

export interface AccountNumberRule {
  /** The pattern as the spec writes it, for documentation and schema generation. */
  readonly pattern: string;
  readonly minLength: number;
  readonly maxLength: number;
  /** Only digits (NUBAN, CLABE, UK); otherwise digits, upper-case letters and hyphens. */
  readonly digitsOnly: boolean;
}

/** The generic rule (BicAccountNumber, and the default when no routing type is given). */
export const genericAccountNumberRule = {
  pattern: "^[0-9A-Z-]{4,24}$",
  minLength: 4,
  maxLength: 24,
  digitsOnly: false,
} as const satisfies AccountNumberRule;

/** Routing types that carry an `AccountNumber`, with the reference's pattern for it. */
export const accountNumberRules = {
  SortCodeAccountNumber: { pattern: "^[0-9]{8}$", minLength: 8, maxLength: 8, digitsOnly: true },
  RoutingTransitNumberAccountNumber: { pattern: "^[0-9A-Z-]{7,17}$", minLength: 7, maxLength: 17, digitsOnly: false },
  TransitNumberAccountNumber: { pattern: "^[0-9A-Z-]{7}$", minLength: 7, maxLength: 7, digitsOnly: false },
  BankStateBranchAccountNumber: { pattern: "^[0-9A-Z-]{6,10}$", minLength: 6, maxLength: 10, digitsOnly: false },
  NewZealandAccountNumber: { pattern: "^[0-9A-Z-]{15,16}$", minLength: 15, maxLength: 16, digitsOnly: false },
  IndianFinancialSystemCodeAccountNumber: {
    pattern: "^[0-9A-Z-]{4,24}$",
    minLength: 4,
    maxLength: 24,
    digitsOnly: false,
  },
  BicNuban: { pattern: "^[0-9]{10}$", minLength: 10, maxLength: 10, digitsOnly: true },
  BicClabe: { pattern: "^[0-9]{18}$", minLength: 18, maxLength: 18, digitsOnly: true },
  BicAccountNumber: genericAccountNumberRule,
} as const satisfies Readonly<Record<string, AccountNumberRule>>;

export type AccountNumberRoutingType = keyof typeof accountNumberRules;

export interface AccountNumberOptions {
  /** Take length and characters from this routing type's rule. */
  readonly routingType?: AccountNumberRoutingType;
  /** Override the rule's lengths (e.g. a bank's own limits). */
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly digitsOnly?: boolean;
}

const NAME = "Account number";

function ruleFor(options: AccountNumberOptions | undefined): AccountNumberRule {
  const routingType: unknown = options?.routingType;
  const base =
    typeof routingType === "string" && Object.prototype.hasOwnProperty.call(accountNumberRules, routingType)
      ? accountNumberRules[routingType as AccountNumberRoutingType]
      : genericAccountNumberRule;
  if (options?.minLength === undefined && options?.maxLength === undefined && options?.digitsOnly === undefined)
    return base;
  return {
    pattern: base.pattern,
    minLength: typeof options.minLength === "number" ? options.minLength : base.minLength,
    maxLength: typeof options.maxLength === "number" ? options.maxLength : base.maxLength,
    digitsOnly: typeof options.digitsOnly === "boolean" ? options.digitsOnly : base.digitsOnly,
  };
}

/** Trimmed, upper-cased; letters and hyphens only where the rule allows them. */
function readAccountNumber(input: string, rule: AccountNumberRule): string | Issue {
  if (input.length > MAX_INPUT_LENGTH) return tooLong(NAME, MAX_INPUT_LENGTH, input.length);
  const start = trimStart(input);
  const end = trimEnd(input, start);
  if (start === end) return empty(NAME);
  let lower = false;
  for (let i = start; i < end; i++) {
    const code = input.charCodeAt(i);
    if (isDigit(code)) continue;
    if (!rule.digitsOnly && (isUpper(code) || code === HYPHEN)) continue;
    if (!rule.digitsOnly && isLower(code)) {
      lower = true;
      continue;
    }
    return invalidCharacter(NAME, code, i);
  }
  const length = end - start;
  if (rule.minLength === rule.maxLength && length !== rule.minLength)
    return invalidLength(NAME, rule.minLength, length);
  if (length < rule.minLength) {
    return issue("too_short", `${NAME} must have at least ${rule.minLength} characters.`, [], {
      minimum: rule.minLength,
      actual: length,
    });
  }
  if (length > rule.maxLength) return tooLong(NAME, rule.maxLength, length);
  const value = start === 0 && end === input.length ? input : input.slice(start, end);
  return lower ? value.toUpperCase() : value;
}

/** Trims and upper-cases; no validation. */
export function compact(input: string): string {
  if (typeof input !== "string") return "";
  return input.trim().toUpperCase();
}

/** `{ routingType }` picks the reference's pattern for that routing; without options the generic one. */
export const validateAccountNumber = /* @__PURE__ */ defineValidator<string, {}, AccountNumberOptions>(
  (input, options) => {
    if (typeof input !== "string") return failure([notAString(NAME, input)]);
    const value = readAccountNumber(input, ruleFor(options));
    return typeof value === "string" ? success(value) : failure([value]);
  },
);

export function isValidAccountNumber(input: unknown, options?: AccountNumberOptions): boolean {
  try {
    return typeof input === "string" && typeof readAccountNumber(input, ruleFor(options)) === "string";
  } catch {
    return false; // never throws: what makes the check throw (a hostile option, a Proxy) is not valid
  }
}

/** Printed as written, upper case; no validation. */
export function formatAccountNumber(input: string): string {
  return compact(input);
}
