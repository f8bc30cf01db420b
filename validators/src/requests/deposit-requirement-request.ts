/**
 * DepositRequirementRequest (§ "Request shapes"; POST /v1/Deposits/DepositRequirement): AccountId,
 * NetDepositRequirement (decimal), CurrencyCode. The reference marks no field as required, so none is: a missing
 * one is a warning (`recommended`: the requirement can hardly be computed without it). NetDepositRequirement is
 * a finite number; its sign is not restricted (the reference does not say what a negative requirement means).
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
  AccountId?: number;
  NetDepositRequirement?: number;
  CurrencyCode?: string;
}

const TO_COMPUTE = "the requirement can hardly be computed without it";

export const validateDepositRequirementRequest = /* @__PURE__ */ defineValidator<
  DepositRequirementRequest,
  RequestReport
>((input) => {
  if (!isJsonObject(input)) return failure([invalidType([], "an object", input)]);
  const { take, issues } = collectIssues();
  const AccountId = take(readInt32(field(input, "AccountId"), ["AccountId"], { recommended: TO_COMPUTE }));
  const NetDepositRequirement = take(
    readDecimal(field(input, "NetDepositRequirement"), ["NetDepositRequirement"], { recommended: TO_COMPUTE }),
  );
  const CurrencyCode = take(
    readCurrencyCode(field(input, "CurrencyCode"), ["CurrencyCode"], { recommended: TO_COMPUTE }),
  );
  return requestResult(input, issues, [], () =>
    definedFields<DepositRequirementRequest>({ AccountId, NetDepositRequirement, CurrencyCode }),
  );
});
