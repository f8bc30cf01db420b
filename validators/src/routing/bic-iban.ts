/**
 * BicIban (§ routing types, "IBAN countries"): CountryCode is the destination country, any assigned code;
 * Bic (BIC pattern, `validateBic`); Iban, grouped or not, structure and checksum validated (`validateIban`,
 * which returns the electronic form: no spaces, upper case). A missing Iban (the account identifier)
 * is a warning (see `read-routing.ts`); Bic is optional.
 *
 * Not checked: that the IBAN's country equals CountryCode. The reference calls CountryCode the destination
 * and does not tie it to the IBAN, and territories bank with another country's IBAN (Jersey, Guernsey and
 * the Isle of Man use GB IBANs, Åland FI, the French overseas departments FR), so equality is not a rule we
 * can state.
 */
import { defineValidator } from "../core/define-validator.js";
import type { Normalization } from "../core/normalization.js";
import { validateBic } from "../identifiers/bic.js";
import { validateIban } from "../identifiers/iban.js";
import { readRouting, type RoutingBase, type RoutingSpec } from "./read-routing.js";
import { routingTypeCountries } from "./routing-types.js";

export interface BicIbanPaymentRouting extends RoutingBase<"BicIban"> {
  Bic?: string;
  Iban?: string;
}

const spec: RoutingSpec<BicIbanPaymentRouting> = {
  type: "BicIban",
  country: routingTypeCountries.BicIban,
  properties: {
    Bic: { check: (value) => validateBic(value), required: false },
    Iban: { check: (value) => validateIban(value), required: "recommended" },
  },
};

/** Validates a BicIban routing and returns it with its identifiers in their normalised forms. */
export const validateBicIbanPaymentRouting = /* @__PURE__ */ defineValidator<BicIbanPaymentRouting, Normalization>(
  (input) => readRouting(input, spec),
);
