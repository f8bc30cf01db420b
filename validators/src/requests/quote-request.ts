/**
 * QuoteRequest (§ "Request shapes"; POST /v1/Quotes/Quote): AccountId, GoalType (`Buy` or `Sell`), Amount,
 * SourceCurrencyCode, TargetCurrencyCode. The reference marks no field as required; all five are required
 * here (assumption: a quote needs an account, a pair, an amount and its meaning), Amount must be > 0 and the
 * two currencies must differ.
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
  AccountId: number;
  /** Whether Amount is the amount bought or sold. */
  GoalType: GoalType;
  Amount: number;
  SourceCurrencyCode: string;
  TargetCurrencyCode: string;
}

export const validateQuoteRequest = /* @__PURE__ */ defineValidator<QuoteRequest, RequestReport>((input) => {
  if (!isJsonObject(input)) return failure([invalidType([], "an object", input)]);
  const { take, add, issues } = collectIssues();
  const AccountId = take(readInt32(field(input, "AccountId"), ["AccountId"], { required: true }));
  const GoalType = take(readEnum(field(input, "GoalType"), ["GoalType"], goalTypes, { required: true }));
  const Amount = take(readDecimal(field(input, "Amount"), ["Amount"], { required: true, positive: true }));
  const SourceCurrencyCode = take(
    readCurrencyCode(field(input, "SourceCurrencyCode"), ["SourceCurrencyCode"], { required: true }),
  );
  const TargetCurrencyCode = take(
    readCurrencyCode(field(input, "TargetCurrencyCode"), ["TargetCurrencyCode"], { required: true }),
  );
  add(currencyPairIssues(SourceCurrencyCode, TargetCurrencyCode));
  return requestResult(input, issues, [], () =>
    definedFields<QuoteRequest>({ AccountId, GoalType, Amount, SourceCurrencyCode, TargetCurrencyCode }),
  );
});
