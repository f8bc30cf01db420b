/**
 * RoutingTransitNumberAccountNumber (§ routing types, US): CountryCode `US`; RoutingTransitNumber, 9 digits
 * with the ABA checksum (`validateAbaRoutingNumber`); Bic; AccountNumber `^[0-9A-Z-]{7,17}$`
 * (`validateAccountNumber`). "Either Bic or RoutingTransitNumber is required": when both are missing one
 * `required` issue is placed at `["RoutingTransitNumber"]` with `params.anyOf`. AccountNumber is required
 * (assumption, see `read-routing.ts`).
 */
import { defineValidator } from "../core/define-validator.js";
import { validateAbaRoutingNumber } from "../identifiers/aba-routing-number.js";
import { validateAccountNumber } from "../identifiers/account-number.js";
import { validateBic } from "../identifiers/bic.js";
import { readRouting, type RoutingBase, type RoutingSpec } from "./read-routing.js";
import { routingTypeCountries } from "./routing-types.js";

export interface RoutingTransitNumberAccountNumberPaymentRouting extends RoutingBase<"RoutingTransitNumberAccountNumber"> {
  readonly RoutingTransitNumber?: string;
  readonly Bic?: string;
  readonly AccountNumber: string;
}

const spec: RoutingSpec<"RoutingTransitNumberAccountNumber"> = {
  type: "RoutingTransitNumberAccountNumber",
  country: routingTypeCountries.RoutingTransitNumberAccountNumber,
  properties: {
    RoutingTransitNumber: { check: (value) => validateAbaRoutingNumber(value), required: false },
    Bic: { check: (value) => validateBic(value), required: false },
    AccountNumber: { check: (value) => validateAccountNumber(value, { routingType: "RoutingTransitNumberAccountNumber" }), required: true },
  },
  anyOf: [["Bic", "RoutingTransitNumber"]],
};

/** Validates a RoutingTransitNumberAccountNumber routing and returns it with its identifiers in their normalised forms. */
export const validateRoutingTransitNumberAccountNumberPaymentRouting = /* @__PURE__ */ defineValidator<RoutingTransitNumberAccountNumberPaymentRouting>((input) =>
  readRouting<RoutingTransitNumberAccountNumberPaymentRouting>(input, spec),
);
