/**
 * Account numbers without a checksum scheme of their own: the Account Funds reference's generic pattern
 * (`^[0-9A-Z-]{4,24}$`, BicAccountNumber's) and its per-routing-type patterns, read from the spec's routing tables
 * (`generated/request-fields.ts`), so the routing validators and the spec share one statement of them.
 */
import { defineValidator } from "../core/define-validator.js";
import { issue, type Issue } from "../core/issue.js";
import { failure, success } from "../core/result.js";
import { patternOf } from "../core/wire-form.js";
import { paymentRoutingUnion } from "../generated/request-fields.js";
import { empty, invalidCharacter, invalidLength, notAString, tooLong } from "./identifier-issues.js";
import { HYPHEN, MAX_INPUT_LENGTH, isDigit, isLower, isUpper, trimEnd, trimStart } from "./separators.js";

export interface AccountNumberRule {
  /** The pattern as the spec writes it; a value read by the rule is also matched against it. */
  readonly pattern: string;
  readonly minLength: number;
  readonly maxLength: number;
  /** Only digits (NUBAN, CLABE, UK); otherwise digits, upper-case letters and hyphens. */
  readonly digitsOnly: boolean;
}

/**
 * The lengths and characters a pattern of the reference's form states: a character class (`[0-9]`, or
 * `[0-9A-Z-]`) repeated `{n}` or `{min,max}` times, anchored. A pattern of any other form gives the widest rule
 * of the class `[0-9A-Z-]`; the pattern itself still decides (`validateAccountNumber` matches it last).
 */
export function accountNumberRuleOf(pattern: string): AccountNumberRule {
  const form = /^\^\[(0-9|0-9A-Z-)\]\{(\d+)(?:,(\d+))?\}\$$/.exec(pattern);
  if (form === null) return { pattern, minLength: 1, maxLength: MAX_INPUT_LENGTH, digitsOnly: false };
  const minLength = Number(form[2]);
  return {
    pattern,
    minLength,
    maxLength: form[3] === undefined ? minLength : Number(form[3]),
    digitsOnly: form[1] === "0-9",
  };
}

type Members = (typeof paymentRoutingUnion)["mapping"];

/** The routing types whose table has an `AccountNumber` with a pattern. */
export type AccountNumberRoutingType = {
  [T in keyof Members]: Members[T]["fields"] extends { readonly AccountNumber: { readonly pattern: string } }
    ? T
    : never;
}[keyof Members];

/** Routing types that carry an `AccountNumber`, with the reference's pattern for it. */
export const accountNumberRules = /* @__PURE__ */ (() => {
  const rules: { [type: string]: AccountNumberRule } = {};
  for (const [type, table] of Object.entries(paymentRoutingUnion.mapping)) {
    const accountNumber: { readonly pattern?: string } | undefined =
      "AccountNumber" in table.fields ? table.fields.AccountNumber : undefined;
    if (accountNumber?.pattern !== undefined) rules[type] = accountNumberRuleOf(accountNumber.pattern);
  }
  return Object.freeze(rules) as { readonly [T in AccountNumberRoutingType]: AccountNumberRule };
})();

/** The generic rule (BicAccountNumber's, and the default when no routing type is given). */
export const genericAccountNumberRule: AccountNumberRule = /* @__PURE__ */ (() =>
  accountNumberRules.BicAccountNumber)();

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
  // A rule of the caller's own: its lengths and characters decide, not the routing type's pattern.
  return {
    pattern: "",
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
  const text = start === 0 && end === input.length ? input : input.slice(start, end);
  const value = lower ? text.toUpperCase() : text;
  if (rule.pattern !== "" && !patternOf(rule.pattern).test(value))
    return issue("invalid_format", `${NAME} must match ${rule.pattern}.`, [], { pattern: rule.pattern });
  return value;
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
