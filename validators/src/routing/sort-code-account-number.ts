/**
 * SortCodeAccountNumber (§ routing types, GB): CountryCode `GB`; SortCode, 6 digits (`validateSortCode`);
 * AccountNumber, 8 digits (`validateUkAccountNumber`). Together they are the account identifier:
 * a missing one is a warning (see `read-routing.ts`).
 */
import { defineValidator } from "../core/define-validator.js";
import type { Normalization } from "../core/normalization.js";
import { contextOf, type WireFormOption } from "../core/read-table.js";
import {
  sortCodeAccountNumberPaymentRoutingTable,
  type SortCodeAccountNumberPaymentRouting,
} from "../generated/request-fields.js";
import { readSortCode, readUkAccountNumber } from "../identifiers/format-readers.js";
import { readRouting, type RoutingReaders } from "./read-routing.js";

export type { SortCodeAccountNumberPaymentRouting };

const readers: RoutingReaders<typeof sortCodeAccountNumberPaymentRoutingTable> = {
  formats: { "sort-code": readSortCode, "uk-account-number": readUkAccountNumber },
  accountIdentifier: ["SortCode", "AccountNumber"],
};

/** Validates a SortCodeAccountNumber routing and returns it with its identifiers in their normalised forms. */
export const validateSortCodeAccountNumberPaymentRouting = /* @__PURE__ */ defineValidator<
  SortCodeAccountNumberPaymentRouting,
  Normalization,
  WireFormOption
>((input, options) => readRouting(input, sortCodeAccountNumberPaymentRoutingTable, readers, contextOf(options)));
