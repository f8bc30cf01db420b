/**
 * QuoteRequest (§ "Request shapes"; POST /v1/Quotes/Quote): AccountId, GoalType (`Buy` or `Sell`), Amount,
 * SourceCurrencyCode, TargetCurrencyCode. The reference marks no field as required, so none is: a missing
 * account, GoalType or currency is a warning (`recommended`: a quote can hardly be priced without it), and so
 * are an Amount that is not > 0 and two equal currencies. Amount may be left out (a quote of the rate alone).
 */
import { defineValidator } from "../core/define-validator.js";
import { failure } from "../core/result.js";
import { currencyPairIssues, readCurrencyCode } from "./fields/currency-code.js";
import { goalTypes, type GoalType } from "./fields/enums.js";
import {
  collectIssues,
  definedFields,
  field,
  invalidType,
  isJsonObject,
  readDecimal,
  readEnum,
  readInt32,
} from "../core/json-fields.js";
import { requestResult, type RequestReport } from "./request-result.js";

export interface QuoteRequest {
  AccountId?: number;
  /** Whether Amount is the amount bought or sold. */
  GoalType?: GoalType;
  Amount?: number;
  SourceCurrencyCode?: string;
  TargetCurrencyCode?: string;
}

const TO_PRICE = "a quote can hardly be priced without it";

export const validateQuoteRequest = /* @__PURE__ */ defineValidator<QuoteRequest, RequestReport>((input) => {
  if (!isJsonObject(input)) return failure([invalidType([], "an object", input)]);
  const { take, add, issues } = collectIssues();
  const AccountId = take(readInt32(field(input, "AccountId"), ["AccountId"], { recommended: TO_PRICE }));
  const GoalType = take(readEnum(field(input, "GoalType"), ["GoalType"], goalTypes, { recommended: TO_PRICE }));
  const Amount = take(readDecimal(field(input, "Amount"), ["Amount"], { positive: true }));
  const SourceCurrencyCode = take(
    readCurrencyCode(field(input, "SourceCurrencyCode"), ["SourceCurrencyCode"], { recommended: TO_PRICE }),
  );
  const TargetCurrencyCode = take(
    readCurrencyCode(field(input, "TargetCurrencyCode"), ["TargetCurrencyCode"], { recommended: TO_PRICE }),
  );
  add(currencyPairIssues(SourceCurrencyCode, TargetCurrencyCode));
  return requestResult(input, issues, [], () =>
    definedFields<QuoteRequest>({ AccountId, GoalType, Amount, SourceCurrencyCode, TargetCurrencyCode }),
  );
});
