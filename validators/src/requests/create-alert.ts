/**
 * CreateAlertRequest (§ "Request shapes"; POST /v1/Alerts/Create): SourceCurrencyCode, TargetCurrencyCode and
 * Limit (decimal, the exchange-rate threshold). The reference marks no field as required, so none is: a missing
 * one is a warning (`recommended`: an alert without a pair or a threshold can hardly be raised), and so are a
 * Limit that is not > 0 (a rate is positive) and two equal currencies.
 */
import { defineValidator } from "../core/define-validator.js";
import { failure } from "../core/result.js";
import { currencyPairIssues, readCurrencyCode } from "./fields/currency-code.js";
import { collectIssues, definedFields, field, invalidType, isJsonObject, readDecimal } from "../core/json-fields.js";
import { requestResult, type RequestReport } from "./request-result.js";

export interface CreateAlertRequest {
  SourceCurrencyCode?: string;
  TargetCurrencyCode?: string;
  /** Exchange-rate threshold. */
  Limit?: number;
}

const TO_RAISE = "an alert can hardly be raised without it";

export const validateCreateAlert = /* @__PURE__ */ defineValidator<CreateAlertRequest, RequestReport>((input) => {
  if (!isJsonObject(input)) return failure([invalidType([], "an object", input)]);
  const { take, add, issues } = collectIssues();
  const SourceCurrencyCode = take(
    readCurrencyCode(field(input, "SourceCurrencyCode"), ["SourceCurrencyCode"], { recommended: TO_RAISE }),
  );
  const TargetCurrencyCode = take(
    readCurrencyCode(field(input, "TargetCurrencyCode"), ["TargetCurrencyCode"], { recommended: TO_RAISE }),
  );
  const Limit = take(readDecimal(field(input, "Limit"), ["Limit"], { recommended: TO_RAISE, positive: true }));
  add(currencyPairIssues(SourceCurrencyCode, TargetCurrencyCode));
  return requestResult(input, issues, [], () =>
    definedFields<CreateAlertRequest>({ SourceCurrencyCode, TargetCurrencyCode, Limit }),
  );
});
