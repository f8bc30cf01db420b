/**
 * BankStateBranchAccountNumber (§ routing types, AU): CountryCode `AU`; BankStateBranch, 6 digits
 * (`validateBsb`); Bic; AccountNumber `^[0-9A-Z-]{6,10}$` (`validateAccountNumber`). A missing AccountNumber is
 * a warning (`recommended`, see `read-routing.ts`).
 */
import { defineValidator } from "../core/define-validator.js";
import type { Normalization } from "../core/normalization.js";
import { contextOf, type WireFormOption } from "../core/read-table.js";
import {
  bankStateBranchAccountNumberPaymentRoutingTable,
  type BankStateBranchAccountNumberPaymentRouting,
} from "../generated/request-fields.js";
import { validateAccountNumber } from "../identifiers/account-number.js";
import { readBic, readBsb } from "../identifiers/format-readers.js";
import { checkedProperty, readRouting, type RoutingReaders } from "./read-routing.js";

export type { BankStateBranchAccountNumberPaymentRouting };

const readers: RoutingReaders<typeof bankStateBranchAccountNumberPaymentRoutingTable> = {
  formats: { bsb: readBsb, bic: readBic },
  fields: {
    AccountNumber: checkedProperty((value) =>
      validateAccountNumber(value, { routingType: "BankStateBranchAccountNumber" }),
    ),
  },
  accountIdentifier: ["AccountNumber"],
};

/** Validates a BankStateBranchAccountNumber routing and returns it with its identifiers in their normalised forms. */
export const validateBankStateBranchAccountNumberPaymentRouting = /* @__PURE__ */ defineValidator<
  BankStateBranchAccountNumberPaymentRouting,
  Normalization,
  WireFormOption
>((input, options) => readRouting(input, bankStateBranchAccountNumberPaymentRoutingTable, readers, contextOf(options)));
