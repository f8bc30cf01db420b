/**
 * DepositRequirementRequest (§ "Request shapes"; POST /v1/Deposits/DepositRequirement): AccountId,
 * NetDepositRequirement (decimal), CurrencyCode, as the spec's table states them. The reference marks no field as
 * required, so none is: a missing one is a warning (`recommended`: the requirement can hardly be computed without
 * it). NetDepositRequirement is a finite number; its sign is not restricted (the reference does not say what a
 * negative requirement means).
 */
import { defineValidator } from "../core/define-validator.js";
import { contextOf, type WireFormOption } from "../core/read-table.js";
import { depositRequirementRequestTable, type DepositRequirementRequest } from "../generated/request-fields.js";
import { recommendedCurrencyCode } from "./fields/currency-code.js";
import { recommended } from "./fields/presence.js";
import { readRequest, type RequestReport } from "./request-result.js";

export type { DepositRequirementRequest };
export type DepositRequirementRequestOptions = WireFormOption;

const TO_COMPUTE = "the requirement can hardly be computed without it";

export const validateDepositRequirementRequest = /* @__PURE__ */ defineValidator<
  DepositRequirementRequest,
  RequestReport,
  DepositRequirementRequestOptions
>((input, options) =>
  readRequest<DepositRequirementRequest, typeof depositRequirementRequestTable>(
    input,
    depositRequirementRequestTable,
    {
      fields: {
        AccountId: recommended(TO_COMPUTE),
        NetDepositRequirement: recommended(TO_COMPUTE),
        CurrencyCode: recommendedCurrencyCode(TO_COMPUTE),
      },
    },
    contextOf(options),
  ),
);
