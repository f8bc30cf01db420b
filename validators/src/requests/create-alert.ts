/**
 * CreateAlertRequest (§ "Request shapes"; POST /v1/Alerts/Create): SourceCurrencyCode, TargetCurrencyCode and
 * Limit (decimal, the exchange-rate threshold), as the spec's table states them. The reference marks no field as
 * required, so none is: a missing one is a warning (`recommended`: an alert without a pair or a threshold can
 * hardly be raised), and so are a Limit that is not > 0 (a rate is positive) and two equal currencies.
 */
import { defineValidator } from "../core/define-validator.js";
import { contextOf, type WireFormOption } from "../core/read-table.js";
import { createAlertRequestTable, type CreateAlertRequest } from "../generated/request-fields.js";
import { currencyPairIssues, recommendedCurrencyCode } from "./fields/currency-code.js";
import { positiveAmount } from "./fields/presence.js";
import { readRequest, type RequestReport } from "./request-result.js";

export type { CreateAlertRequest };
export type CreateAlertOptions = WireFormOption;

const TO_RAISE = "an alert can hardly be raised without it";

export const validateCreateAlert = /* @__PURE__ */ defineValidator<
  CreateAlertRequest,
  RequestReport,
  CreateAlertOptions
>((input, options) =>
  readRequest<CreateAlertRequest, typeof createAlertRequestTable>(
    input,
    createAlertRequestTable,
    {
      fields: {
        SourceCurrencyCode: recommendedCurrencyCode(TO_RAISE),
        TargetCurrencyCode: recommendedCurrencyCode(TO_RAISE),
        Limit: positiveAmount({ recommended: TO_RAISE }),
      },
    },
    contextOf(options),
    { issues: (_body, fields) => currencyPairIssues(fields.SourceCurrencyCode, fields.TargetCurrencyCode) },
  ),
);
