/**
 * BicIban (§ routing types, "IBAN countries"): CountryCode is the destination country, any assigned code;
 * Bic (BIC pattern, `validateBic`); Iban, grouped or not, structure and checksum validated (`validateIban`,
 * which returns the electronic form: no spaces, upper case). A missing Iban (the account identifier)
 * is a warning (see `read-routing.ts`); Bic is optional.
 *
 * Not checked: that the IBAN's country equals CountryCode. The reference calls CountryCode the destination
 * and does not tie it to the IBAN, and territories bank with another country's IBAN (Jersey, Guernsey and
 * the Isle of Man use GB IBANs, Åland FI, the French overseas departments FR), so equality is not a rule we
 * can state.
 */
import { defineValidator } from "../core/define-validator.js";
import type { Normalization } from "../core/normalization.js";
import { contextOf, type WireFormOption } from "../core/read-table.js";
import { bicIbanPaymentRoutingTable, type BicIbanPaymentRouting } from "../generated/request-fields.js";
import { readBic, readCountryCode, readIban } from "../identifiers/format-readers.js";
import { readRouting, type RoutingReaders } from "./read-routing.js";

export type { BicIbanPaymentRouting };

const readers: RoutingReaders<typeof bicIbanPaymentRoutingTable> = {
  formats: { bic: readBic, iban: readIban, "country-code": readCountryCode },
  accountIdentifier: ["Iban"],
};

/** Validates a BicIban routing and returns it with its identifiers in their normalised forms. */
export const validateBicIbanPaymentRouting = /* @__PURE__ */ defineValidator<
  BicIbanPaymentRouting,
  Normalization,
  WireFormOption
>((input, options) => readRouting(input, bicIbanPaymentRoutingTable, readers, contextOf(options)));
