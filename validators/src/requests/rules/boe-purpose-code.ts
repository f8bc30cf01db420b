/**
 * BoEPurposeCodeId "required when CurrencyCode is GBP; values from the BoEPaymentPurposes endpoint"
 * (§ CreateAccountWithdrawal; CreateInstructionWithdrawal has "the same rules"; CreateExchange: "required for
 * GBP withdrawals"). The currency is the body's for an account withdrawal and comes from the context for an
 * instruction withdrawal or an exchange that funds one. Which currency it is the spec states once, as the account
 * withdrawal's `if`/`then` (its table's `requiredWhen`); the other two have "the same rules".
 */
import { requiredIssue, type Path } from "../../core/json-fields.js";
import { createAccountWithdrawalTable } from "../../generated/request-fields.js";
import { passed, sameText, unchecked, type RuleOutcome } from "./rule-context.js";

/** The currency that requires a BoE purpose code: the spec's `if: {CurrencyCode: {const: ...}}`. */
const [sterling] = createAccountWithdrawalTable.requiredWhen;

export interface BoEPurposeCodeFacts {
  readonly present: boolean;
  /** The currency paid out, when known. */
  readonly currency: string | undefined;
  readonly path: Path;
}

export function boePurposeCodeRule(facts: BoEPurposeCodeFacts): RuleOutcome {
  if (facts.present) return passed("boe-purpose-code");
  const isSterling = sameText(facts.currency, sterling.equals);
  if (isSterling === undefined) return unchecked("boe-purpose-code");
  if (!isSterling) return passed("boe-purpose-code");
  return passed("boe-purpose-code", [
    {
      ...requiredIssue(facts.path),
      message: `BoEPurposeCodeId is required for a ${sterling.equals} payment.`,
      params: { currency: sterling.equals },
    },
  ]);
}
