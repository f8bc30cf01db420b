/**
 * CreateAccountTransfer (§ "Request shapes"; POST /v1/Transfers/CreateAccountTransfer): an internal transfer
 * from an account to a transfer beneficiary. AccountId, CurrencyCode and BeneficiaryId are required; Amount
 * is optional ("when empty the maximum transferable amount is requested": left out or null, the spec's reading;
 * null is left out of the value, as both mean the same; assumed > 0 when given);
 * Reference up to 35 characters. No conditional rules.
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
import { readReference } from "./fields/reference.js";
import { requestResult, type RequestReport } from "./request-result.js";

export interface CreateAccountTransferRequest {
  /** Account the funds come from. */
  AccountId: number;
  CurrencyCode: string;
  /** Absent: the maximum transferable amount is requested. */
  Amount?: number;
  /** Transfer beneficiary that receives the funds. */
  BeneficiaryId: number;
  Reference?: string;
}

export const validateCreateAccountTransfer = /* @__PURE__ */ defineValidator<
  CreateAccountTransferRequest,
  RequestReport
>((input) => {
  if (!isJsonObject(input)) return failure([invalidType([], "an object", input)]);
  const { take, issues } = collectIssues();
  const value = {
    AccountId: take(readInt32(field(input, "AccountId"), ["AccountId"], { required: true })),
    CurrencyCode: take(readCurrencyCode(field(input, "CurrencyCode"), ["CurrencyCode"], { required: true })),
    Amount: take(readDecimal(field(input, "Amount"), ["Amount"], { positive: true })),
    BeneficiaryId: take(readInt32(field(input, "BeneficiaryId"), ["BeneficiaryId"], { required: true })),
    Reference: take(readReference(field(input, "Reference"), ["Reference"])),
  };
  return requestResult(input, issues, [], () => definedFields<CreateAccountTransferRequest>(value));
});
