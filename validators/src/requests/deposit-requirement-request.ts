/**
 * DepositRequirementRequest (§ "Request shapes"; POST /v1/Deposits/DepositRequirement): AccountId,
 * NetDepositRequirement (decimal), CurrencyCode. The reference marks no field as required; all three are
 * required here (assumption: the request means nothing without them). NetDepositRequirement must be a finite
 * number; its sign is not restricted (the reference does not say what a negative requirement means).
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
import { requestResult, type RequestReport } from "./request-result.js";

export interface DepositRequirementRequest {
  AccountId: number;
  NetDepositRequirement: number;
  CurrencyCode: string;
}

export const validateDepositRequirementRequest = /* @__PURE__ */ defineValidator<
  DepositRequirementRequest,
  RequestReport
>((input) => {
  if (!isJsonObject(input)) return failure([invalidType([], "an object", input)]);
  const { take, issues } = collectIssues();
  const AccountId = take(readInt32(field(input, "AccountId"), ["AccountId"], { required: true }));
  const NetDepositRequirement = take(
    readDecimal(field(input, "NetDepositRequirement"), ["NetDepositRequirement"], { required: true }),
  );
  const CurrencyCode = take(readCurrencyCode(field(input, "CurrencyCode"), ["CurrencyCode"], { required: true }));
  return requestResult(input, issues, [], () =>
    definedFields<DepositRequirementRequest>({ AccountId, NetDepositRequirement, CurrencyCode }),
  );
});
