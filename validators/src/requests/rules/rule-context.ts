/**
 * The context the conditional rules need and a request body lacks: facts about the beneficiary, the account
 * and reference data the caller has already fetched from the API. Every member is optional. A rule whose
 * context is missing is not checked (it is never guessed) and its name is listed in the success result's
 * `uncheckedRules`, so the caller knows what the server may still refuse.
 */
import type { Issue } from "../../core/issue.js";
import type { BeneficiaryType } from "../fields/enums.js";

/** Names of the conditional rules, as listed in `uncheckedRules` and as the `name`s of the spec's `x-conditional-rules`. */
export const conditionalRules = [
  "payment-purpose", // PaymentPurposeId for AE bank accounts, and CN bank accounts in CNH
  "boe-purpose-code", // BoEPurposeCodeId for GBP
  "receiver-lei", // ReceiverLei for GBP payments to FI companies in Banks / Building Societies
  "ultimate-originator", // Name+Address (non-PSP) or SubaccountNumber (PSP)
  "account-setup", // UltimateOriginator / PaymentChargesCode only where the account setup accepts them
  "industry-id", // IndustryId for corporate beneficiaries held by the customer account; a known sector
  "industry-details", // IndustryDetails when the industry starts with "Other"
  "additional-information", // AdditionalInformation keys and RegEx rules from RequiredAdditionalInformation
] as const;

export type ConditionalRule = (typeof conditionalRules)[number];

/**
 * What the caller knows about the withdrawal beneficiary (from its BeneficiaryDto, the PaymentRouting it was
 * created with, and its industry data). None of it is in a withdrawal body. Vertical and industry take what
 * the API's response DTOs hold (`string | null`, optional): `null`, like a missing member, means "not known".
 */
export interface BeneficiaryContext {
  /** ISO 3166-1 alpha-2 country of the beneficiary's bank account: its PaymentRouting.CountryCode. */
  readonly bankCountry?: string;
  /** The BeneficiaryType it was created with. */
  readonly type?: BeneficiaryType;
  /** Its vertical, e.g. `"FI"` (financial institution); as in TransferBeneficiaryDto.Vertical. */
  readonly vertical?: string | null | undefined;
  /** Its industry name, e.g. `"Banks"` or `"Building Societies"`: the Name of its sector (/v1/Sectors). */
  readonly industry?: string | null | undefined;
}

/** What the caller knows about the account the request acts for (its setup is not readable from the API). */
export interface AccountContext {
  /** `true` for a PSP (payment service provider) account, `false` for any other account. */
  readonly isPsp?: boolean;
  /** Whether the account setup accepts an UltimateOriginator ("depends on the account setup"). */
  readonly acceptsUltimateOriginator?: boolean;
  /** Whether the account setup accepts a PaymentChargesCode ("depends on the account setup"). */
  readonly acceptsPaymentChargesCode?: boolean;
}

/**
 * One industry from /v1/Sectors (SectorDto), as the API returns it: `listSectors().value` fits as it is. The
 * reference does not show SectorDto's fields; it says the Id is used as IndustryId, and the "starts with
 * Other" rule implies a name. A sector without a Name is known to exist, but its industry is not known.
 */
export interface Sector {
  readonly Id: number;
  readonly Name?: string | null | undefined;
}

/** One `Rule` item of a RequiredAdditionalInformation field: a regular expression (.NET dialect on the server). */
export interface AdditionalInformationRule {
  readonly RegEx?: string | null | undefined;
}

/**
 * One item of the /v1/Beneficiaries/{currencyCode}/RequiredAdditionalInformation response, as the API returns
 * it: `getRequiredAdditionalInformation(...).RequiredAdditionalInformation` fits as it is. An item without a
 * Field, or a rule without a RegEx, cannot be applied and is reported as `invalid_rule`.
 */
export interface RequiredAdditionalInformation {
  /** The AdditionalInformation key that is required. */
  readonly Field?: string | null | undefined;
  /** Rules its value must satisfy, all of them; none: any value. */
  readonly Rule?: readonly AdditionalInformationRule[] | null | undefined;
}

/**
 * What a rule found: `checked: false` when the context needed to decide it (or a part of it) is missing.
 */
export interface RuleOutcome {
  readonly rule: ConditionalRule;
  readonly checked: boolean;
  readonly issues: readonly Issue[];
}

export function passed(rule: ConditionalRule, issues: readonly Issue[] = []): RuleOutcome {
  return { rule, checked: true, issues };
}

export function unchecked(rule: ConditionalRule): RuleOutcome {
  return { rule, checked: false, issues: [] };
}

/**
 * Three-valued condition: `true`, `false`, or `undefined` when the context to decide is missing.
 * `allOf` is false as soon as one condition is known false (the rule then holds whatever the rest is).
 */
export function allOf(...conditions: readonly (boolean | undefined)[]): boolean | undefined {
  if (conditions.some((condition) => condition === false)) return false;
  return conditions.every((condition) => condition === true) ? true : undefined;
}

/** A context flag as given at run time: only a real boolean counts, anything else is "unknown". */
export function knownFlag(value: unknown): boolean | undefined {
  return typeof value === "boolean" ? value : undefined;
}

/** Compares context strings as the server's codes and names are written, ignoring case and outer spaces. */
export function sameText(a: unknown, b: string): boolean | undefined {
  if (typeof a !== "string") return undefined;
  return a.trim().toUpperCase() === b.toUpperCase();
}

/** Merges rule outcomes: all issues, and the names of the rules that could not be checked (each once). */
export function combineOutcomes(outcomes: readonly RuleOutcome[]): {
  readonly issues: readonly Issue[];
  readonly uncheckedRules: readonly ConditionalRule[];
} {
  const issues = outcomes.flatMap((outcome) => outcome.issues);
  const uncheckedRules = conditionalRules.filter((rule) =>
    outcomes.some((outcome) => outcome.rule === rule && !outcome.checked),
  );
  return { issues, uncheckedRules };
}
