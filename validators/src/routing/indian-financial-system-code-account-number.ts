/**
 * IndianFinancialSystemCodeAccountNumber (§ routing types, IN): CountryCode `IN`; Bic;
 * IndianFinancialSystemCode `^\w{11}$` (`validateIfsc`); AccountNumber `^[0-9A-Z-]{4,24}$`
 * (`validateAccountNumber`). "Both Bic and IndianFinancialSystemCode are required" (the spec's `required`); a
 * missing AccountNumber is a warning (see `read-routing.ts`).
 */
import { defineValidator } from "../core/define-validator.js";
import type { Normalization } from "../core/normalization.js";
import { contextOf, type WireFormOption } from "../core/read-table.js";
import {
  indianFinancialSystemCodeAccountNumberPaymentRoutingTable,
  type IndianFinancialSystemCodeAccountNumberPaymentRouting,
} from "../generated/request-fields.js";
import { validateAccountNumber } from "../identifiers/account-number.js";
import { readBic, readIfsc } from "../identifiers/format-readers.js";
import { checkedProperty, readRouting, type RoutingReaders } from "./read-routing.js";

export type { IndianFinancialSystemCodeAccountNumberPaymentRouting };

const readers: RoutingReaders<typeof indianFinancialSystemCodeAccountNumberPaymentRoutingTable> = {
  formats: { bic: readBic, ifsc: readIfsc },
  fields: {
    AccountNumber: checkedProperty((value) =>
      validateAccountNumber(value, { routingType: "IndianFinancialSystemCodeAccountNumber" }),
    ),
  },
  accountIdentifier: ["AccountNumber"],
};

/** Validates a IndianFinancialSystemCodeAccountNumber routing and returns it with its identifiers in their normalised forms. */
export const validateIndianFinancialSystemCodeAccountNumberPaymentRouting = /* @__PURE__ */ defineValidator<
  IndianFinancialSystemCodeAccountNumberPaymentRouting,
  Normalization,
  WireFormOption
>((input, options) =>
  readRouting(input, indianFinancialSystemCodeAccountNumberPaymentRoutingTable, readers, contextOf(options)),
);
