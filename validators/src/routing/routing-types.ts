/**
 * The payment routing types of the reference (§ "Payment routing types (`PaymentRouting.Type`)") and the
 * country each one fixes, read from the spec's PaymentRouting union (`generated/request-fields.ts`): its
 * discriminator's values in the document's order, and each member's `CountryCode` const. A routing type names
 * which bank identifiers a routing carries; `CountryCode` is the destination country of the bank account.
 */
import { paymentRoutingUnion } from "../generated/request-fields.js";

type Members = (typeof paymentRoutingUnion)["mapping"];

export type PaymentRoutingType = keyof Members & string;

/** The 10 values of `PaymentRouting.Type`, in the reference's order. */
export const paymentRoutingTypes = /* @__PURE__ */ Object.freeze(
  Object.keys(paymentRoutingUnion.mapping) as PaymentRoutingType[],
);

/** The CountryCode a type requires (`GB` for SortCodeAccountNumber ...), or `undefined` for any destination. */
type FixedCountry<T extends PaymentRoutingType> = Members[T]["fields"]["CountryCode"] extends {
  readonly const: infer C extends string;
}
  ? C
  : undefined;

/**
 * The CountryCode each single-country type requires (§ routing types, "CountryCode `GB`" …). BicIban ("IBAN
 * countries") and BicAccountNumber ("fallback for all other countries") take any destination country.
 */
export const routingTypeCountries = /* @__PURE__ */ (() =>
  Object.freeze(
    Object.fromEntries(
      Object.entries(paymentRoutingUnion.mapping).map(([type, table]) => {
        const country = table.fields.CountryCode;
        return [type, "const" in country ? country.const : undefined];
      }),
    ),
  ) as { readonly [T in PaymentRoutingType]: FixedCountry<T> })();

export function isPaymentRoutingType(value: unknown): value is PaymentRoutingType {
  return typeof value === "string" && (paymentRoutingTypes as readonly string[]).includes(value);
}
