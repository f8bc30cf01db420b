/**
 * BicAccountNumber (§ routing types, "fallback for all other countries"): CountryCode is the destination
 * country, any assigned code; Bic; AccountNumber `^[0-9A-Z-]{4,24}$` (`validateAccountNumber`).
 * A missing AccountNumber is a warning (`recommended`, see `read-routing.ts`); Bic is optional, as the
 * reference does not say otherwise.
 */
import { defineValidator } from "../core/define-validator.js";
import type { Normalization } from "../core/normalization.js";
import { contextOf, type WireFormOption } from "../core/read-table.js";
import {
  bicAccountNumberPaymentRoutingTable,
  type BicAccountNumberPaymentRouting,
} from "../generated/request-fields.js";
import { validateAccountNumber } from "../identifiers/account-number.js";
import { readBic, readCountryCode } from "../identifiers/format-readers.js";
import { checkedProperty, readRouting, type RoutingReaders } from "./read-routing.js";

export type { BicAccountNumberPaymentRouting };

const readers: RoutingReaders<typeof bicAccountNumberPaymentRoutingTable> = {
  formats: { bic: readBic, "country-code": readCountryCode },
  fields: {
    AccountNumber: checkedProperty((value) => validateAccountNumber(value, { routingType: "BicAccountNumber" })),
  },
  accountIdentifier: ["AccountNumber"],
};

/** Validates a BicAccountNumber routing and returns it with its identifiers in their normalised forms. */
export const validateBicAccountNumberPaymentRouting = /* @__PURE__ */ defineValidator<
  BicAccountNumberPaymentRouting,
  Normalization,
  WireFormOption
>((input, options) => readRouting(input, bicAccountNumberPaymentRoutingTable, readers, contextOf(options)));
