/**
 * CreateAccountWithdrawal (§ "Request shapes"; POST /v1/Withdrawals/CreateAccountWithdrawal, the JSON body or
 * the `Request` part of the multipart form): an ad-hoc withdrawal to a withdrawal beneficiary.
 *
 * Fields: AccountId, CurrencyCode, BeneficiaryId (required); Amount (optional decimal, "when empty the
 * maximum withdrawable amount is requested"; assumed > 0 when given); Reference (≤ 35); Description (≤ 140);
 * and the withdrawal details shared with the instruction withdrawal (`fields/withdrawal-details.ts`).
 * Conditional rules (`rules/withdrawal-rules.ts`): BoEPurposeCodeId when CurrencyCode is GBP (body only);
 * PaymentPurposeId, ReceiverLei, UltimateOriginator members and account-setup fields (need the context).
 */
import { defineValidator } from "../core/define-validator.js";
import { failure } from "../core/result.js";
import { readCurrencyCode } from "./fields/currency-code.js";
import {
  collectIssues,
  definedFields,
  field,
  invalidType,
  isJsonObject,
  readDecimal,
  readInt32,
} from "../core/json-fields.js";
import { readDescription, readReference } from "./fields/reference.js";
import { readWithdrawalDetails, type WithdrawalDetails } from "./fields/withdrawal-details.js";
import { requestResult, type RequestReport } from "./request-result.js";
import type { AccountContext, BeneficiaryContext } from "./rules/rule-context.js";
import { withdrawalRules } from "./rules/withdrawal-rules.js";

export interface CreateAccountWithdrawalRequest extends WithdrawalDetails {
  AccountId: number;
  CurrencyCode: string;
  /** Absent: the maximum withdrawable amount is requested. */
  Amount?: number;
  BeneficiaryId: number;
  Reference?: string;
  Description?: string;
}

/** Context for the rules the body alone cannot decide. */
export interface WithdrawalOptions {
  /** The beneficiary of BeneficiaryId: bank country (payment purpose), type, vertical, industry (receiver LEI). */
  readonly beneficiary?: BeneficiaryContext;
  /** The account of AccountId: PSP or not (ultimate originator), what its setup accepts. */
  readonly account?: AccountContext;
}

export type CreateAccountWithdrawalOptions = WithdrawalOptions;

export const validateCreateAccountWithdrawal = /* @__PURE__ */ defineValidator<
  CreateAccountWithdrawalRequest,
  RequestReport,
  CreateAccountWithdrawalOptions
>((input, options) => {
  if (!isJsonObject(input)) return failure([invalidType([], "an object", input)]);
  const { take, add, issues } = collectIssues();
  const AccountId = take(readInt32(field(input, "AccountId"), ["AccountId"], { required: true }));
  const CurrencyCode = take(readCurrencyCode(field(input, "CurrencyCode"), ["CurrencyCode"], { required: true }));
  const Amount = take(readDecimal(field(input, "Amount"), ["Amount"], { positive: true }));
  const BeneficiaryId = take(readInt32(field(input, "BeneficiaryId"), ["BeneficiaryId"], { required: true }));
  const Reference = take(readReference(field(input, "Reference"), ["Reference"]));
  const Description = take(readDescription(field(input, "Description"), ["Description"]));
  const details = readWithdrawalDetails(input);
  add(details.issues);

  const outcomes = withdrawalRules(input, {
    // An invalid CurrencyCode is already an issue; the rules then treat the currency as unknown.
    currency: CurrencyCode,
    beneficiary: options?.beneficiary,
    account: options?.account,
  });
  return requestResult(input, issues, outcomes, () =>
    definedFields<CreateAccountWithdrawalRequest>({
      AccountId,
      CurrencyCode,
      Amount,
      BeneficiaryId,
      Reference,
      Description,
      ...details.value,
    }),
  );
});
