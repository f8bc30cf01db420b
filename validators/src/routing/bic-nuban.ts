/**
 * BicNuban (§ routing types, NG): CountryCode `NG`; Bic; AccountNumber `^[0-9]{10}$`, a NUBAN
 * (`validateNuban`). The NUBAN check digit needs the CBN bank code, which the routing does not carry (a BIC
 * is not a CBN code), so only the 10 digits are checked. A missing AccountNumber is a warning (see
 * `read-routing.ts`).
 */
import { defineValidator } from "../core/define-validator.js";
import type { Normalization } from "../core/normalization.js";
import { contextOf, type WireFormOption } from "../core/read-table.js";
import { bicNubanPaymentRoutingTable, type BicNubanPaymentRouting } from "../generated/request-fields.js";
import { validateNuban } from "../identifiers/nuban.js";
import { readBic } from "../identifiers/format-readers.js";
import { checkedProperty, readRouting, type RoutingReaders } from "./read-routing.js";

export type { BicNubanPaymentRouting };

const readers: RoutingReaders<typeof bicNubanPaymentRoutingTable> = {
  formats: { bic: readBic },
  fields: { AccountNumber: checkedProperty((value) => validateNuban(value)) },
  accountIdentifier: ["AccountNumber"],
};

/** Validates a BicNuban routing and returns it with its identifiers in their normalised forms. */
export const validateBicNubanPaymentRouting = /* @__PURE__ */ defineValidator<
  BicNubanPaymentRouting,
  Normalization,
  WireFormOption
>((input, options) => readRouting(input, bicNubanPaymentRoutingTable, readers, contextOf(options)));
