/**
 * BicAccountNumber (§ routing types, "fallback for all other countries"): CountryCode is the destination
 * country, any assigned code; Bic; AccountNumber `^[0-9A-Z-]{4,24}$` (`validateAccountNumber`).
 * A missing AccountNumber is a warning (`recommended`, see `read-routing.ts`); Bic is optional, as the
 * reference does not say otherwise.
 */
import { defineValidator } from "../core/define-validator.js";
import type { Normalization } from "../core/normalization.js";
import { validateAccountNumber } from "../identifiers/account-number.js";
import { validateBic } from "../identifiers/bic.js";
import { readRouting, type RoutingBase, type RoutingSpec } from "./read-routing.js";
import { routingTypeCountries } from "./routing-types.js";

export interface BicAccountNumberPaymentRouting extends RoutingBase<"BicAccountNumber"> {
  Bic?: string;
  AccountNumber?: string;
}

const spec: RoutingSpec<BicAccountNumberPaymentRouting> = {
  type: "BicAccountNumber",
  country: routingTypeCountries.BicAccountNumber,
  properties: {
    Bic: { check: (value) => validateBic(value), required: false },
    AccountNumber: {
      check: (value) => validateAccountNumber(value, { routingType: "BicAccountNumber" }),
      required: "recommended",
    },
  },
};

/** Validates a BicAccountNumber routing and returns it with its identifiers in their normalised forms. */
export const validateBicAccountNumberPaymentRouting = /* @__PURE__ */ defineValidator<
  BicAccountNumberPaymentRouting,
  Normalization
>((input) => readRouting(input, spec));
