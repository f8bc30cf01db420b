/**
 * RoutingTransitNumberAccountNumber (§ routing types, US): CountryCode `US`; RoutingTransitNumber, 9 digits
 * with the ABA checksum (`validateAbaRoutingNumber`); Bic; AccountNumber `^[0-9A-Z-]{7,17}$`
 * (`validateAccountNumber`). "Either Bic or RoutingTransitNumber is required" (the spec's `anyOf`): when both
 * are missing one `required` issue is placed at `["RoutingTransitNumber"]` with `params.anyOf`. A missing
 * AccountNumber is a warning (see `read-routing.ts`).
 */
import { defineValidator } from "../core/define-validator.js";
import type { Normalization } from "../core/normalization.js";
import { contextOf, type WireFormOption } from "../core/read-table.js";
import {
  routingTransitNumberAccountNumberPaymentRoutingTable,
  type RoutingTransitNumberAccountNumberPaymentRouting,
} from "../generated/request-fields.js";
import { validateAccountNumber } from "../identifiers/account-number.js";
import { readAbaRoutingNumber, readBic } from "../identifiers/format-readers.js";
import { checkedProperty, readRouting, type RoutingReaders } from "./read-routing.js";

export type { RoutingTransitNumberAccountNumberPaymentRouting };

const readers: RoutingReaders<typeof routingTransitNumberAccountNumberPaymentRoutingTable> = {
  formats: { "aba-routing-number": readAbaRoutingNumber, bic: readBic },
  fields: {
    AccountNumber: checkedProperty((value) =>
      validateAccountNumber(value, { routingType: "RoutingTransitNumberAccountNumber" }),
    ),
  },
  accountIdentifier: ["AccountNumber"],
};

/** Validates a RoutingTransitNumberAccountNumber routing and returns it with its identifiers in their normalised forms. */
export const validateRoutingTransitNumberAccountNumberPaymentRouting = /* @__PURE__ */ defineValidator<
  RoutingTransitNumberAccountNumberPaymentRouting,
  Normalization,
  WireFormOption
>((input, options) =>
  readRouting(input, routingTransitNumberAccountNumberPaymentRoutingTable, readers, contextOf(options)),
);
