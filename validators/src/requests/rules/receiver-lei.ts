/**
 * ReceiverLei "required only when CurrencyCode is GBP and the beneficiary is a company with Vertical FI and
 * Industry Banks or Building Societies" (§ CreateAccountWithdrawal, § CreateWithdrawalBeneficiary; the
 * instruction withdrawal has "the same rules"). § CreateExchange states the rule without the GBP condition;
 * we apply this one rule everywhere (with the exchange's target currency), as the withdrawal section says
 * "only when". Vertical and industry names are compared ignoring case and outer spaces.
 */
import { requiredIssue, type Path } from "../../core/json-fields.js";
import { allOf, passed, sameText, unchecked, type RuleOutcome } from "./rule-context.js";

export const RECEIVER_LEI_VERTICAL = "FI";
export const RECEIVER_LEI_INDUSTRIES = ["Banks", "Building Societies"] as const;

export interface ReceiverLeiFacts {
  readonly present: boolean;
  readonly currency: string | undefined;
  /** Context facts: `null` or `undefined` when not known. */
  readonly beneficiaryType: string | null | undefined;
  readonly vertical: string | null | undefined;
  readonly industry: string | null | undefined;
  readonly path: Path;
}

export function receiverLeiRule(facts: ReceiverLeiFacts): RuleOutcome {
  if (facts.present) return passed("receiver-lei");
  const industry = facts.industry;
  const applies = allOf(
    sameText(facts.currency, "GBP"),
    sameText(facts.beneficiaryType, "Company"),
    sameText(facts.vertical, RECEIVER_LEI_VERTICAL),
    typeof industry !== "string" ? undefined : RECEIVER_LEI_INDUSTRIES.some((name) => sameText(industry, name)),
  );
  if (applies === undefined) return unchecked("receiver-lei");
  if (!applies) return passed("receiver-lei");
  return passed("receiver-lei", [
    {
      ...requiredIssue(facts.path),
      message: "ReceiverLei is required for a GBP payment to a bank or building society (vertical FI).",
      params: { currency: "GBP", vertical: RECEIVER_LEI_VERTICAL, industry: String(industry).trim() },
    },
  ]);
}
