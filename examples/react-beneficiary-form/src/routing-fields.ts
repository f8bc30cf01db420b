/**
 * The identifiers each payment routing type carries, keyed by the properties of the validators' routing types, so
 * the compiler fails when one is missing here or does not exist. The routing type select swaps these fields; the
 * countries a type fixes are the validators' `routingTypeCountries`.
 */
import type { PaymentRouting, PaymentRoutingType } from "@account-funds/validators";

type RoutingOf<T extends PaymentRoutingType> = Extract<PaymentRouting, { readonly Type: T }>;
type IdentifierOf<T extends PaymentRoutingType> = Exclude<keyof RoutingOf<T>, "Type" | "CountryCode"> & string;

/** A field of a routing: its label and an example of what people type. */
export interface RoutingField {
  readonly label: string;
  readonly hint: string;
}

const bic: RoutingField = { label: "BIC", hint: "e.g. deutdeff" };
const accountNumber: RoutingField = { label: "Account number", hint: "as the bank writes it" };

export const routingFields: {
  readonly [T in PaymentRoutingType]: { readonly [K in IdentifierOf<T>]-?: RoutingField };
} = {
  BicIban: { Iban: { label: "IBAN", hint: "grouped or not, e.g. DE89 3704 0044 0532 0130 00" }, Bic: bic },
  SortCodeAccountNumber: {
    SortCode: { label: "Sort code", hint: "e.g. 40-05-15" },
    AccountNumber: { label: "Account number", hint: "8 digits" },
  },
  RoutingTransitNumberAccountNumber: {
    RoutingTransitNumber: { label: "ABA routing number", hint: "9 digits" },
    Bic: bic,
    AccountNumber: accountNumber,
  },
  TransitNumberAccountNumber: {
    TransitNumber: { label: "Transit number", hint: "e.g. 12345-001" },
    Bic: bic,
    AccountNumber: accountNumber,
  },
  BankStateBranchAccountNumber: {
    BankStateBranch: { label: "BSB", hint: "e.g. 062-000" },
    Bic: bic,
    AccountNumber: accountNumber,
  },
  NewZealandAccountNumber: {
    AccountNumber: { label: "Account number", hint: "e.g. 01-0902-0068389-00" },
    Bic: bic,
  },
  IndianFinancialSystemCodeAccountNumber: {
    IndianFinancialSystemCode: { label: "IFSC", hint: "e.g. HDFC0000001" },
    Bic: bic,
    AccountNumber: accountNumber,
  },
  BicNuban: { AccountNumber: { label: "NUBAN", hint: "10 digits" }, Bic: bic },
  BicClabe: { AccountNumber: { label: "CLABE", hint: "18 digits" }, Bic: bic },
  BicAccountNumber: { Bic: bic, AccountNumber: accountNumber },
};

/** The fields of `type`, in the order shown. */
export function fieldsOf(type: PaymentRoutingType): readonly (readonly [string, RoutingField])[] {
  return Object.entries(routingFields[type]);
}
