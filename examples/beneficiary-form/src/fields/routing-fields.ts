/**
 * The fields of each payment routing type, derived from the validators' routing types: the type list and the
 * fixed countries are the package's own `paymentRoutingTypes` and `routingTypeCountries`, and each type's field
 * set is keyed by the properties of its routing interface (`BicIbanPaymentRouting`, …), so the compiler fails
 * when a property is missing here or does not exist. Switching the type swaps these fields.
 *
 * Each identifier names the validator that owns its rule, only to show its normalised value; whether the
 * field is valid is always decided by the whole request's validator, at the field's path.
 */
import {
  accountNumberRules,
  formatBsb,
  formatCanadianTransitNumber,
  formatIban,
  formatNzAccountNumber,
  formatSortCode,
  paymentRoutingTypes,
  routingTypeCountries,
  validateAbaRoutingNumber,
  validateAccountNumber,
  validateBic,
  validateBsb,
  validateCanadianTransitNumber,
  validateClabe,
  validateCountryCode,
  validateIban,
  validateIfsc,
  validateNuban,
  validateNzAccountNumber,
  validateSortCode,
  validateUkAccountNumber,
  withOptions,
  type AccountNumberRoutingType,
  type PaymentRouting,
  type PaymentRoutingType,
} from "@account-funds/validators";
import type { FieldSpec, FieldTemplate, SelectOption } from "./field-spec.js";

type RoutingOf<T extends PaymentRoutingType> = Extract<PaymentRouting, { readonly Type: T }>;
type PropertyOf<T extends PaymentRoutingType> = Exclude<keyof RoutingOf<T>, "Type" | "CountryCode"> & string;
type RoutingFieldSets = { readonly [T in PaymentRoutingType]: { readonly [K in PropertyOf<T>]-?: FieldTemplate } };

const bic: FieldTemplate = {
  label: "BIC",
  hint: "8 or 11 characters, e.g. DEUTDEFF",
  normalise: { schema: validateBic },
};

/** The account number's form for a routing type, in words, from the validators' own rule (`accountNumberRules`). */
function accountNumberHint(routingType: AccountNumberRoutingType): string {
  const rule = accountNumberRules[routingType];
  const length = rule.minLength === rule.maxLength ? `${rule.minLength}` : `${rule.minLength} to ${rule.maxLength}`;
  return `${length} ${rule.digitsOnly ? "digits" : "digits, capital letters or hyphens"}`;
}

/** An account number without a checksum of its own, checked by `validateAccountNumber` with the type's rule. */
function accountNumber(routingType: AccountNumberRoutingType): FieldTemplate {
  return {
    label: "Account number",
    hint: accountNumberHint(routingType),
    normalise: { schema: withOptions(validateAccountNumber, { routingType }) },
  };
}

const routingFieldSets: RoutingFieldSets = {
  BicIban: {
    Bic: bic,
    Iban: {
      label: "IBAN",
      hint: "Grouped or not, e.g. DE89 3704 0044 0532 0130 00",
      normalise: { schema: validateIban, print: formatIban },
    },
  },
  SortCodeAccountNumber: {
    SortCode: {
      label: "Sort code",
      hint: "6 digits, e.g. 12-34-56",
      normalise: { schema: validateSortCode, print: formatSortCode },
    },
    AccountNumber: {
      label: "Account number",
      hint: accountNumberHint("SortCodeAccountNumber"),
      normalise: { schema: validateUkAccountNumber },
    },
  },
  RoutingTransitNumberAccountNumber: {
    RoutingTransitNumber: {
      label: "Routing number (ABA)",
      hint: "9 digits; this or the BIC is required",
      normalise: { schema: validateAbaRoutingNumber },
    },
    Bic: bic,
    AccountNumber: accountNumber("RoutingTransitNumberAccountNumber"),
  },
  TransitNumberAccountNumber: {
    TransitNumber: {
      label: "Transit number",
      hint: "0 + institution + branch (9 digits), or the cheque form 12345-001",
      normalise: { schema: validateCanadianTransitNumber, print: formatCanadianTransitNumber },
    },
    Bic: bic,
    AccountNumber: accountNumber("TransitNumberAccountNumber"),
  },
  BankStateBranchAccountNumber: {
    BankStateBranch: {
      label: "BSB",
      hint: "6 digits, e.g. 062-000",
      normalise: { schema: validateBsb, print: formatBsb },
    },
    Bic: bic,
    AccountNumber: accountNumber("BankStateBranchAccountNumber"),
  },
  NewZealandAccountNumber: {
    Bic: bic,
    AccountNumber: {
      label: "Account number",
      hint: "Bank, branch, account and suffix, e.g. 01-0902-0068389-00",
      normalise: { schema: validateNzAccountNumber, print: formatNzAccountNumber },
    },
  },
  IndianFinancialSystemCodeAccountNumber: {
    Bic: bic,
    IndianFinancialSystemCode: {
      label: "IFSC",
      hint: "11 characters, e.g. SBIN0000001",
      normalise: { schema: validateIfsc },
    },
    AccountNumber: accountNumber("IndianFinancialSystemCodeAccountNumber"),
  },
  BicNuban: {
    Bic: bic,
    AccountNumber: { label: "NUBAN", hint: accountNumberHint("BicNuban"), normalise: { schema: validateNuban } },
  },
  BicClabe: {
    Bic: bic,
    AccountNumber: { label: "CLABE", hint: accountNumberHint("BicClabe"), normalise: { schema: validateClabe } },
  },
  BicAccountNumber: {
    Bic: bic,
    AccountNumber: accountNumber("BicAccountNumber"),
  },
};

/** What each type is for, as the reference's "Used in" column says. */
const usedIn: Readonly<Record<PaymentRoutingType, string>> = {
  BicIban: "IBAN countries",
  SortCodeAccountNumber: "United Kingdom",
  RoutingTransitNumberAccountNumber: "United States",
  TransitNumberAccountNumber: "Canada",
  BankStateBranchAccountNumber: "Australia",
  NewZealandAccountNumber: "New Zealand",
  IndianFinancialSystemCodeAccountNumber: "India",
  BicNuban: "Nigeria",
  BicClabe: "Mexico",
  BicAccountNumber: "all other countries",
};

export const routingTypeOptions: readonly SelectOption[] = paymentRoutingTypes.map((type) => ({
  value: type,
  label: `${type} (${usedIn[type]})`,
}));

export const routingTypeField: FieldSpec = {
  path: ["PaymentRouting", "Type"],
  label: "Routing type",
  options: routingTypeOptions,
};

export const routingCountryField: FieldSpec = {
  path: ["PaymentRouting", "CountryCode"],
  label: "Bank country",
  autocomplete: "off",
  normalise: { schema: validateCountryCode },
};

/** The country a type fixes (`GB` for SortCodeAccountNumber, …), or undefined when any destination is allowed. */
export function fixedCountry(type: PaymentRoutingType): string | undefined {
  return routingTypeCountries[type];
}

/** The identifier fields of `type`, in the order of its routing interface, under `PaymentRouting`. */
export function routingFields(type: PaymentRoutingType): readonly FieldSpec[] {
  const templates: Readonly<Record<string, FieldTemplate>> = routingFieldSets[type];
  return Object.entries(templates).map(([property, template]) => ({ ...template, path: ["PaymentRouting", property] }));
}
