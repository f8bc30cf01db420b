/**
 * CreateAlertRequest (§ "Request shapes"; POST /v1/Alerts/Create): SourceCurrencyCode, TargetCurrencyCode and
 * Limit (decimal, the exchange-rate threshold). The reference marks no field as required; all three are
 * required here (assumption: an alert without a pair or a threshold cannot be raised), Limit must be > 0 (a
 * rate is positive) and the two currencies must differ.
 */
import { defineValidator } from "../core/define-validator.js";
import { failure } from "../core/result.js";
import { currencyPairIssues, readCurrencyCode } from "./fields/currency-code.js";
import { collectIssues, definedFields, field, invalidType, isJsonObject, readDecimal } from "../core/json-fields.js";
import { requestResult, type RequestReport } from "./request-result.js";

export interface CreateAlertRequest {
  SourceCurrencyCode: string;
  TargetCurrencyCode: string;
  /** Exchange-rate threshold. */
  Limit: number;
}

export const validateCreateAlert = /* @__PURE__ */ defineValidator<CreateAlertRequest, RequestReport>((input) => {
  if (!isJsonObject(input)) return failure([invalidType([], "an object", input)]);
  const { take, add, issues } = collectIssues();
  const SourceCurrencyCode = take(
    readCurrencyCode(field(input, "SourceCurrencyCode"), ["SourceCurrencyCode"], { required: true }),
  );
  const TargetCurrencyCode = take(
    readCurrencyCode(field(input, "TargetCurrencyCode"), ["TargetCurrencyCode"], { required: true }),
  );
  const Limit = take(readDecimal(field(input, "Limit"), ["Limit"], { required: true, positive: true }));
  add(currencyPairIssues(SourceCurrencyCode, TargetCurrencyCode));
  return requestResult(input, issues, [], () =>
    definedFields<CreateAlertRequest>({ SourceCurrencyCode, TargetCurrencyCode, Limit }),
  );
});
