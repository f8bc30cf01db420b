/**
 * NewZealandAccountNumber (§ routing types, NZ): CountryCode `NZ`; Bic; AccountNumber `^[0-9A-Z-]{15,16}$`,
 * checked as a New Zealand bank account number (`validateNzAccountNumber`: the reference's pattern; the bank,
 * branch and check digits only warn). A missing AccountNumber is a warning (see `read-routing.ts`).
 */
import { defineValidator } from "../core/define-validator.js";
import type { Normalization } from "../core/normalization.js";
import { contextOf, type WireFormOption } from "../core/read-table.js";
import {
  newZealandAccountNumberPaymentRoutingTable,
  type NewZealandAccountNumberPaymentRouting,
} from "../generated/request-fields.js";
import { readBic, readNzAccountNumber } from "../identifiers/format-readers.js";
import { readRouting, type RoutingReaders } from "./read-routing.js";

export type { NewZealandAccountNumberPaymentRouting };

const readers: RoutingReaders<typeof newZealandAccountNumberPaymentRoutingTable> = {
  formats: { bic: readBic, "nz-account-number": readNzAccountNumber },
  accountIdentifier: ["AccountNumber"],
};

/** Validates a NewZealandAccountNumber routing and returns it with its identifiers in their normalised forms. */
export const validateNewZealandAccountNumberPaymentRouting = /* @__PURE__ */ defineValidator<
  NewZealandAccountNumberPaymentRouting,
  Normalization,
  WireFormOption
>((input, options) => readRouting(input, newZealandAccountNumberPaymentRoutingTable, readers, contextOf(options)));
