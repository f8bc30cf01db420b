/**
 * RoutingTransitNumberAccountNumber (§ routing types, US): CountryCode `US`; RoutingTransitNumber, 9 digits
 * with the ABA checksum (`validateAbaRoutingNumber`); Bic; AccountNumber `^[0-9A-Z-]{7,17}$`
 * (`validateAccountNumber`). "Either Bic or RoutingTransitNumber is required": when both are missing one
 * `required` issue is placed at `["RoutingTransitNumber"]` with `params.anyOf`. A missing AccountNumber
 * is a warning (see `read-routing.ts`).
 */
import { defineValidator } from "../core/define-validator.js";
import type { Normalization } from "../core/normalization.js";
import { validateAbaRoutingNumber } from "../identifiers/aba-routing-number.js";
import { validateAccountNumber } from "../identifiers/account-number.js";
import { validateBic } from "../identifiers/bic.js";
import { readRouting, type RoutingBase, type RoutingSpec } from "./read-routing.js";
import { routingTypeCountries } from "./routing-types.js";

interface UsRouting extends RoutingBase<"RoutingTransitNumberAccountNumber", "US"> {
  AccountNumber?: string;
}

/** A US routing has a RoutingTransitNumber, a Bic, or both: the type says "either", as the reference does. */
export type RoutingTransitNumberAccountNumberPaymentRouting =
  | (UsRouting & { RoutingTransitNumber: string; Bic?: string })
  | (UsRouting & { Bic: string; RoutingTransitNumber?: string });

const spec: RoutingSpec<RoutingTransitNumberAccountNumberPaymentRouting> = {
  type: "RoutingTransitNumberAccountNumber",
  country: routingTypeCountries.RoutingTransitNumberAccountNumber,
  properties: {
    RoutingTransitNumber: { check: (value) => validateAbaRoutingNumber(value), required: false },
    Bic: { check: (value) => validateBic(value), required: false },
    AccountNumber: {
      check: (value) => validateAccountNumber(value, { routingType: "RoutingTransitNumberAccountNumber" }),
      required: "recommended",
    },
  },
  anyOf: [["Bic", "RoutingTransitNumber"]],
};

/** Validates a RoutingTransitNumberAccountNumber routing and returns it with its identifiers in their normalised forms. */
export const validateRoutingTransitNumberAccountNumberPaymentRouting = /* @__PURE__ */ defineValidator<
  RoutingTransitNumberAccountNumberPaymentRouting,
  Normalization
>((input) => readRouting(input, spec));
