/**
 * TransitNumberAccountNumber (§ routing types, CA): CountryCode `CA`; TransitNumber, 9 digits with a
 * leading zero (`validateCanadianTransitNumber`); Bic; AccountNumber `^[0-9A-Z-]{7}$` (`validateAccountNumber`).
 * A missing AccountNumber is a warning (see `read-routing.ts`).
 */
import { defineValidator } from "../core/define-validator.js";
import type { Normalization } from "../core/normalization.js";
import { contextOf, type WireFormOption } from "../core/read-table.js";
import {
  transitNumberAccountNumberPaymentRoutingTable,
  type TransitNumberAccountNumberPaymentRouting,
} from "../generated/request-fields.js";
import { validateAccountNumber } from "../identifiers/account-number.js";
import { readBic, readCanadianTransitNumber } from "../identifiers/format-readers.js";
import { checkedProperty, readRouting, type RoutingReaders } from "./read-routing.js";

export type { TransitNumberAccountNumberPaymentRouting };

const readers: RoutingReaders<typeof transitNumberAccountNumberPaymentRoutingTable> = {
  formats: { "ca-transit-number": readCanadianTransitNumber, bic: readBic },
  fields: {
    AccountNumber: checkedProperty((value) =>
      validateAccountNumber(value, { routingType: "TransitNumberAccountNumber" }),
    ),
  },
  accountIdentifier: ["AccountNumber"],
};

/** Validates a TransitNumberAccountNumber routing and returns it with its identifiers in their normalised forms. */
export const validateTransitNumberAccountNumberPaymentRouting = /* @__PURE__ */ defineValidator<
  TransitNumberAccountNumberPaymentRouting,
  Normalization,
  WireFormOption
>((input, options) => readRouting(input, transitNumberAccountNumberPaymentRoutingTable, readers, contextOf(options)));
