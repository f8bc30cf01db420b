/**
 * PaymentPurposeId "mandatory for beneficiaries with bank accounts in the United Arab Emirates (all
 * currencies) or China (CNH only)" (§ CreateAccountWithdrawal; the instruction withdrawal has "the same
 * rules"). The bank country is the beneficiary's, so it comes from the context; the currency is the
 * withdrawal's. Valid ids come from /v1/Withdrawals/PaymentPurposes(CountryCode='…'); whether an id is one of
 * them is left to the server.
 */
import type { Issue } from "../../core/issue.js";
import { requiredIssue, type Path } from "../../core/json-fields.js";
import { passed, sameText, unchecked, type RuleOutcome } from "./rule-context.js";

export interface PaymentPurposeFacts {
  /** Whether the body has a PaymentPurposeId (valid or not: its format is checked elsewhere). */
  readonly present: boolean;
  /** The withdrawal currency, when known. */
  readonly currency: string | undefined;
  /** The beneficiary's bank country, when known. */
  readonly bankCountry: string | undefined;
  readonly path: Path;
}

export function paymentPurposeRule(facts: PaymentPurposeFacts): RuleOutcome {
  if (facts.present) return passed("payment-purpose");
  const inEmirates = sameText(facts.bankCountry, "AE");
  const inChina = sameText(facts.bankCountry, "CN");
  if (inEmirates === undefined || inChina === undefined) return unchecked("payment-purpose");
  if (inEmirates) return passed("payment-purpose", [requiredFor(facts.path, "AE")]);
  if (!inChina) return passed("payment-purpose");
  const inRenminbi = sameText(facts.currency, "CNH");
  if (inRenminbi === undefined) return unchecked("payment-purpose");
  return passed("payment-purpose", inRenminbi ? [requiredFor(facts.path, "CN")] : []);
}

function requiredFor(path: Path, country: "AE" | "CN"): Issue {
  const where = country === "AE" ? "the United Arab Emirates" : "China when paying CNH";
  const base = requiredIssue(path);
  const message = `PaymentPurposeId is required for beneficiaries with a bank account in ${where}.`;
  return { ...base, message, params: { bankCountry: country } };
}
