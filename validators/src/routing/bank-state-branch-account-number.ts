/**
 * BankStateBranchAccountNumber (§ routing types, AU): CountryCode `AU`; BankStateBranch, 6 digits
 * (`validateBsb`); Bic; AccountNumber `^[0-9A-Z-]{6,10}$` (`validateAccountNumber`). A missing AccountNumber is
 * a warning (`recommended`, see `read-routing.ts`).
 */
import { defineValidator } from "../core/define-validator.js";
import type { Normalization } from "../core/normalization.js";
import { validateAccountNumber } from "../identifiers/account-number.js";
import { validateBic } from "../identifiers/bic.js";
import { validateBsb } from "../identifiers/bsb.js";
import { readRouting, type RoutingBase, type RoutingSpec } from "./read-routing.js";
import { routingTypeCountries } from "./routing-types.js";

export interface BankStateBranchAccountNumberPaymentRouting extends RoutingBase<"BankStateBranchAccountNumber", "AU"> {
  BankStateBranch?: string;
  Bic?: string;
  AccountNumber?: string;
}

const spec: RoutingSpec<BankStateBranchAccountNumberPaymentRouting> = {
  type: "BankStateBranchAccountNumber",
  country: routingTypeCountries.BankStateBranchAccountNumber,
  properties: {
    BankStateBranch: { check: (value) => validateBsb(value), required: false },
    Bic: { check: (value) => validateBic(value), required: false },
    AccountNumber: {
      check: (value) => validateAccountNumber(value, { routingType: "BankStateBranchAccountNumber" }),
      required: "recommended",
    },
  },
};

/** Validates a BankStateBranchAccountNumber routing and returns it with its identifiers in their normalised forms. */
export const validateBankStateBranchAccountNumberPaymentRouting = /* @__PURE__ */ defineValidator<
  BankStateBranchAccountNumberPaymentRouting,
  Normalization
>((input) => readRouting(input, spec));
