/**
 * BicClabe (§ routing types, MX): CountryCode `MX`; Bic; AccountNumber `^[0-9]{18}$`, a CLABE with its
 * check digit (`validateClabe`). A missing AccountNumber is a warning (see `read-routing.ts`).
 */
import { defineValidator } from "../core/define-validator.js";
import type { Normalization } from "../core/normalization.js";
import { validateBic } from "../identifiers/bic.js";
import { validateClabe } from "../identifiers/clabe.js";
import { readRouting, type RoutingBase, type RoutingSpec } from "./read-routing.js";
import { routingTypeCountries } from "./routing-types.js";

export interface BicClabePaymentRouting extends RoutingBase<"BicClabe", "MX"> {
  Bic?: string;
  AccountNumber?: string;
}

const spec: RoutingSpec<BicClabePaymentRouting> = {
  type: "BicClabe",
  country: routingTypeCountries.BicClabe,
  properties: {
    Bic: { check: (value) => validateBic(value), required: false },
    AccountNumber: { check: (value) => validateClabe(value), required: "recommended" },
  },
};

/** Validates a BicClabe routing and returns it with its identifiers in their normalised forms. */
export const validateBicClabePaymentRouting = /* @__PURE__ */ defineValidator<BicClabePaymentRouting, Normalization>(
  (input) => readRouting(input, spec),
);
