/**
 * BicNuban (§ routing types, NG): CountryCode `NG`; Bic; AccountNumber `^[0-9]{10}$`, a NUBAN
 * (`validateNuban`). The NUBAN check digit needs the CBN bank code, which the routing does not carry (a BIC
 * is not a CBN code), so only the 10 digits are checked. A missing AccountNumber is a warning (see
 * `read-routing.ts`).
 */
import { defineValidator } from "../core/define-validator.js";
import type { Normalization } from "../core/normalization.js";
import { validateBic } from "../identifiers/bic.js";
import { validateNuban } from "../identifiers/nuban.js";
import { readRouting, type RoutingBase, type RoutingSpec } from "./read-routing.js";
import { routingTypeCountries } from "./routing-types.js";

export interface BicNubanPaymentRouting extends RoutingBase<"BicNuban", "NG"> {
  Bic?: string;
  AccountNumber?: string;
}

const spec: RoutingSpec<BicNubanPaymentRouting> = {
  type: "BicNuban",
  country: routingTypeCountries.BicNuban,
  properties: {
    Bic: { check: (value) => validateBic(value), required: false },
    AccountNumber: { check: (value) => validateNuban(value), required: "recommended" },
  },
};

/** Validates a BicNuban routing and returns it with its identifiers in their normalised forms. */
export const validateBicNubanPaymentRouting = /* @__PURE__ */ defineValidator<BicNubanPaymentRouting, Normalization>(
  (input) => readRouting(input, spec),
);
