/**
 * TransitNumberAccountNumber (§ routing types, CA): CountryCode `CA`; TransitNumber, 9 digits with a
 * leading zero (`validateCanadianTransitNumber`); Bic; AccountNumber `^[0-9A-Z-]{7}$` (`validateAccountNumber`).
 * A missing AccountNumber is a warning (see `read-routing.ts`).
 */
import { defineValidator } from "../core/define-validator.js";
import type { Normalization } from "../core/normalization.js";
import { validateAccountNumber } from "../identifiers/account-number.js";
import { validateBic } from "../identifiers/bic.js";
import { validateCanadianTransitNumber } from "../identifiers/ca-transit-number.js";
import { readRouting, type RoutingBase, type RoutingSpec } from "./read-routing.js";
import { routingTypeCountries } from "./routing-types.js";

export interface TransitNumberAccountNumberPaymentRouting extends RoutingBase<"TransitNumberAccountNumber", "CA"> {
  TransitNumber?: string;
  Bic?: string;
  AccountNumber?: string;
}

const spec: RoutingSpec<TransitNumberAccountNumberPaymentRouting> = {
  type: "TransitNumberAccountNumber",
  country: routingTypeCountries.TransitNumberAccountNumber,
  properties: {
    TransitNumber: { check: (value) => validateCanadianTransitNumber(value), required: false },
    Bic: { check: (value) => validateBic(value), required: false },
    AccountNumber: {
      check: (value) => validateAccountNumber(value, { routingType: "TransitNumberAccountNumber" }),
      required: "recommended",
    },
  },
};

/** Validates a TransitNumberAccountNumber routing and returns it with its identifiers in their normalised forms. */
export const validateTransitNumberAccountNumberPaymentRouting = /* @__PURE__ */ defineValidator<
  TransitNumberAccountNumberPaymentRouting,
  Normalization
>((input) => readRouting(input, spec));
