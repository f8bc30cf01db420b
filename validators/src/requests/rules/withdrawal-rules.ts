/**
 * The conditional rules of a withdrawal, applied to the body and the context (see each rule's module):
 * payment purpose (AE, CN/CNH), BoE purpose code (GBP), receiver LEI (GBP, FI company, banks or building
 * societies), ultimate originator members (PSP or not) and the fields the account setup must accept.
 */
import { field, isEmpty, type JsonObject } from "../../core/json-fields.js";
import { accountSetupRule } from "./account-setup.js";
import { boePurposeCodeRule } from "./boe-purpose-code.js";
import { paymentPurposeRule } from "./payment-purpose.js";
import { receiverLeiRule } from "./receiver-lei.js";
import { knownFlag, type AccountContext, type BeneficiaryContext, type RuleOutcome } from "./rule-context.js";
import { ultimateOriginatorRule } from "./ultimate-originator.js";

/** The context of a withdrawal rule check. */
export interface WithdrawalContext {
  /** The currency paid out: the body's CurrencyCode, or the context's for an instruction withdrawal. */
  readonly currency: string | undefined;
  readonly beneficiary: BeneficiaryContext | undefined;
  readonly account: AccountContext | undefined;
}

export function withdrawalRules(body: JsonObject, context: WithdrawalContext): RuleOutcome[] {
  const present = (key: string) => !isEmpty(field(body, key));
  const beneficiary: BeneficiaryContext = context.beneficiary ?? {};
  const account: AccountContext = context.account ?? {};
  return [
    paymentPurposeRule({
      present: present("PaymentPurposeId"),
      currency: context.currency,
      bankCountry: beneficiary.bankCountry,
      path: ["PaymentPurposeId"],
    }),
    boePurposeCodeRule({
      present: present("BoEPurposeCodeId"),
      currency: context.currency,
      path: ["BoEPurposeCodeId"],
    }),
    receiverLeiRule({
      present: present("ReceiverLei"),
      currency: context.currency,
      beneficiaryType: beneficiary.type,
      vertical: beneficiary.vertical,
      industry: beneficiary.industry,
      path: ["ReceiverLei"],
    }),
    ultimateOriginatorRule({
      input: field(body, "UltimateOriginator"),
      isPsp: knownFlag(account.isPsp),
      path: ["UltimateOriginator"],
    }),
    accountSetupRule([
      {
        present: present("UltimateOriginator"),
        accepted: knownFlag(account.acceptsUltimateOriginator),
        path: ["UltimateOriginator"],
      },
      {
        present: present("PaymentChargesCode"),
        accepted: knownFlag(account.acceptsPaymentChargesCode),
        path: ["PaymentChargesCode"],
      },
    ]),
  ];
}
