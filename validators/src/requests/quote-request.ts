/**
 * QuoteRequest (§ "Request shapes"; POST /v1/Quotes/Quote): AccountId, GoalType (`Buy` or `Sell`), Amount,
 * SourceCurrencyCode, TargetCurrencyCode, as the spec's table states them. The reference marks no field as
 * required, so none is: a missing account, GoalType or currency is a warning (`recommended`: a quote can hardly be
 * priced without it), and so are an Amount that is not > 0 and two equal currencies. Amount may be left out (a
 * quote of the rate alone).
 */
import { defineValidator } from "../core/define-validator.js";
import { contextOf, type WireFormOption } from "../core/read-table.js";
import { quoteRequestTable, type QuoteRequest } from "../generated/request-fields.js";
import { currencyPairIssues, recommendedCurrencyCode } from "./fields/currency-code.js";
import { positiveAmount, recommended } from "./fields/presence.js";
import { readRequest, type RequestReport } from "./request-result.js";

export type { QuoteRequest };
export type QuoteRequestOptions = WireFormOption;

const TO_PRICE = "a quote can hardly be priced without it";

export const validateQuoteRequest = /* @__PURE__ */ defineValidator<QuoteRequest, RequestReport, QuoteRequestOptions>(
  (input, options) =>
    readRequest<QuoteRequest, typeof quoteRequestTable>(
      input,
      quoteRequestTable,
      {
        fields: {
          AccountId: recommended(TO_PRICE),
          GoalType: recommended(TO_PRICE),
          Amount: positiveAmount(),
          SourceCurrencyCode: recommendedCurrencyCode(TO_PRICE),
          TargetCurrencyCode: recommendedCurrencyCode(TO_PRICE),
        },
      },
      contextOf(options),
      { issues: (_body, fields) => currencyPairIssues(fields.SourceCurrencyCode, fields.TargetCurrencyCode) },
    ),
);
