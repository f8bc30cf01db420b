/**
 * NewZealandAccountNumber (§ routing types, NZ): CountryCode `NZ`; Bic; AccountNumber `^[0-9A-Z-]{15,16}$`,
 * checked as a New Zealand bank account number (`validateNzAccountNumber`: the reference's pattern; the bank, branch and check digits
 * only warn). A missing AccountNumber is a warning (see `read-routing.ts`).
 */
import { defineValidator } from "../core/define-validator.js";
import type { Normalization } from "../core/normalization.js";
import { validateBic } from "../identifiers/bic.js";
import { validateNzAccountNumber } from "../identifiers/nz-account-number.js";
import { readRouting, type RoutingBase, type RoutingSpec } from "./read-routing.js";
import { routingTypeCountries } from "./routing-types.js";

export interface NewZealandAccountNumberPaymentRouting extends RoutingBase<"NewZealandAccountNumber", "NZ"> {
  Bic?: string;
  AccountNumber?: string;
}

const spec: RoutingSpec<NewZealandAccountNumberPaymentRouting> = {
  type: "NewZealandAccountNumber",
  country: routingTypeCountries.NewZealandAccountNumber,
  properties: {
    Bic: { check: (value) => validateBic(value), required: false },
    AccountNumber: { check: (value) => validateNzAccountNumber(value), required: "recommended" },
  },
};

/** Validates a NewZealandAccountNumber routing and returns it with its identifiers in their normalised forms. */
export const validateNewZealandAccountNumberPaymentRouting = /* @__PURE__ */ defineValidator<
  NewZealandAccountNumberPaymentRouting,
  Normalization
>((input) => readRouting(input, spec));
