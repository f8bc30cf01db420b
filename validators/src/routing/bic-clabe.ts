/**
 * BicClabe (§ routing types, MX): CountryCode `MX`; Bic; AccountNumber `^[0-9]{18}$`, a CLABE with its
 * check digit (`validateClabe`). A missing AccountNumber is a warning (see `read-routing.ts`).
 */
import { defineValidator } from "../core/define-validator.js";
import type { Normalization } from "../core/normalization.js";
import { contextOf, type WireFormOption } from "../core/read-table.js";
import { bicClabePaymentRoutingTable, type BicClabePaymentRouting } from "../generated/request-fields.js";
import { readBic, readClabe } from "../identifiers/format-readers.js";
import { readRouting, type RoutingReaders } from "./read-routing.js";

export type { BicClabePaymentRouting };

const readers: RoutingReaders<typeof bicClabePaymentRoutingTable> = {
  formats: { bic: readBic, clabe: readClabe },
  accountIdentifier: ["AccountNumber"],
};

/** Validates a BicClabe routing and returns it with its identifiers in their normalised forms. */
export const validateBicClabePaymentRouting = /* @__PURE__ */ defineValidator<
  BicClabePaymentRouting,
  Normalization,
  WireFormOption
>((input, options) => readRouting(input, bicClabePaymentRoutingTable, readers, contextOf(options)));
