/**
 * SortCodeAccountNumber (§ routing types, GB): CountryCode `GB`; SortCode, 6 digits (`validateSortCode`);
 * AccountNumber, 8 digits (`validateUkAccountNumber`). Together they are the account identifier:
 * a missing one is a warning (see `read-routing.ts`).
 */
import { defineValidator } from "../core/define-validator.js";
import type { Normalization } from "../core/normalization.js";
import { validateSortCode } from "../identifiers/sort-code.js";
import { validateUkAccountNumber } from "../identifiers/uk-account-number.js";
import { readRouting, type RoutingBase, type RoutingSpec } from "./read-routing.js";
import { routingTypeCountries } from "./routing-types.js";

export interface SortCodeAccountNumberPaymentRouting extends RoutingBase<"SortCodeAccountNumber", "GB"> {
  SortCode?: string;
  AccountNumber?: string;
}

const spec: RoutingSpec<SortCodeAccountNumberPaymentRouting> = {
  type: "SortCodeAccountNumber",
  country: routingTypeCountries.SortCodeAccountNumber,
  properties: {
    SortCode: { check: (value) => validateSortCode(value), required: "recommended" },
    AccountNumber: { check: (value) => validateUkAccountNumber(value), required: "recommended" },
  },
};

/** Validates a SortCodeAccountNumber routing and returns it with its identifiers in their normalised forms. */
export const validateSortCodeAccountNumberPaymentRouting = /* @__PURE__ */ defineValidator<
  SortCodeAccountNumberPaymentRouting,
  Normalization
>((input) => readRouting(input, spec));
