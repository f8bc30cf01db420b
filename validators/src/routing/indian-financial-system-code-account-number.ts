/**
 * IndianFinancialSystemCodeAccountNumber (§ routing types, IN): CountryCode `IN`; Bic;
 * IndianFinancialSystemCode `^\w{11}$` (`validateIfsc`); AccountNumber `^[0-9A-Z-]{4,24}$`
 * (`validateAccountNumber`). "Both Bic and IndianFinancialSystemCode are required"; a missing
 * AccountNumber is a warning (see `read-routing.ts`).
 */
import { defineValidator } from "../core/define-validator.js";
import type { Normalization } from "../core/normalization.js";
import { validateAccountNumber } from "../identifiers/account-number.js";
import { validateBic } from "../identifiers/bic.js";
import { validateIfsc } from "../identifiers/ifsc.js";
import { readRouting, type RoutingBase, type RoutingSpec } from "./read-routing.js";
import { routingTypeCountries } from "./routing-types.js";

export interface IndianFinancialSystemCodeAccountNumberPaymentRouting extends RoutingBase<
  "IndianFinancialSystemCodeAccountNumber",
  "IN"
> {
  Bic: string;
  IndianFinancialSystemCode: string;
  AccountNumber?: string;
}

const spec: RoutingSpec<IndianFinancialSystemCodeAccountNumberPaymentRouting> = {
  type: "IndianFinancialSystemCodeAccountNumber",
  country: routingTypeCountries.IndianFinancialSystemCodeAccountNumber,
  properties: {
    Bic: { check: (value) => validateBic(value), required: true },
    IndianFinancialSystemCode: { check: (value) => validateIfsc(value), required: true },
    AccountNumber: {
      check: (value) => validateAccountNumber(value, { routingType: "IndianFinancialSystemCodeAccountNumber" }),
      required: "recommended",
    },
  },
};

/** Validates a IndianFinancialSystemCodeAccountNumber routing and returns it with its identifiers in their normalised forms. */
export const validateIndianFinancialSystemCodeAccountNumberPaymentRouting = /* @__PURE__ */ defineValidator<
  IndianFinancialSystemCodeAccountNumberPaymentRouting,
  Normalization
>((input) => readRouting(input, spec));
