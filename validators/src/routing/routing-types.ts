/**
 * The payment routing types of the reference (§ "Payment routing types (`PaymentRouting.Type`)") and the
 * country each one fixes. A routing type names which bank identifiers a routing carries; `CountryCode` is
 * the destination country of the bank account.
 */

/** The 10 values of `PaymentRouting.Type`, in the reference's order. */
export const paymentRoutingTypes = [
  "BicIban",
  "SortCodeAccountNumber",
  "RoutingTransitNumberAccountNumber",
  "TransitNumberAccountNumber",
  "BankStateBranchAccountNumber",
  "NewZealandAccountNumber",
  "IndianFinancialSystemCodeAccountNumber",
  "BicNuban",
  "BicClabe",
  "BicAccountNumber",
] as const;

export type PaymentRoutingType = (typeof paymentRoutingTypes)[number];

/**
 * The CountryCode each single-country type requires (§ routing types, "CountryCode `GB`" …). BicIban ("IBAN
 * countries") and BicAccountNumber ("fallback for all other countries") take any destination country.
 */
export const routingTypeCountries = {
  BicIban: undefined,
  SortCodeAccountNumber: "GB",
  RoutingTransitNumberAccountNumber: "US",
  TransitNumberAccountNumber: "CA",
  BankStateBranchAccountNumber: "AU",
  NewZealandAccountNumber: "NZ",
  IndianFinancialSystemCodeAccountNumber: "IN",
  BicNuban: "NG",
  BicClabe: "MX",
  BicAccountNumber: undefined,
} as const satisfies Readonly<Record<PaymentRoutingType, string | undefined>>;

export function isPaymentRoutingType(value: unknown): value is PaymentRoutingType {
  return typeof value === "string" && (paymentRoutingTypes as readonly string[]).includes(value);
}
