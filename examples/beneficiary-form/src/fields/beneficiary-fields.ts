/**
 * The fields of CreateWithdrawalBeneficiary besides the payment routing, grouped as the page shows them. Each
 * path is the field's place in the request body (§ CreateWithdrawalBeneficiary); choices come from the
 * validators (`beneficiaryTypes`) or the sample context (sectors).
 */
import {
  beneficiaryTypes,
  formatLei,
  validateBic,
  validateCountryCode,
  validateLei,
  type RequiredAdditionalInformation,
} from "@account-funds/validators";
import { sampleSectors } from "../sample-context.js";
import type { FieldSpec, SelectOption } from "./field-spec.js";

const choose: SelectOption = { value: "", label: "Choose…" };
const countryCode = { schema: validateCountryCode };

export const beneficiaryFields: readonly FieldSpec[] = [
  {
    path: ["Name"],
    label: "Beneficiary name",
    hint: "A friendly name, used only on the platform",
    autocomplete: "off",
  },
  {
    path: ["AccountHolderName"],
    label: "Account holder name",
    hint: "The official name sent to the bank; when empty it equals the beneficiary name",
    autocomplete: "off",
  },
  { path: ["CurrencyCode"], label: "Currency", hint: "Currency of the bank account, e.g. EUR", autocomplete: "off" },
  {
    path: ["BeneficiaryType"],
    label: "Beneficiary type",
    options: [choose, ...beneficiaryTypes.map((type) => ({ value: type, label: type }))],
  },
];

export const addressFields: readonly FieldSpec[] = [
  { path: ["Address", "Street"], label: "Street", autocomplete: "address-line1" },
  { path: ["Address", "HouseNumber"], label: "House number" },
  { path: ["Address", "HouseName"], label: "House name" },
  { path: ["Address", "FlatNumber"], label: "Flat number" },
  { path: ["Address", "District"], label: "District" },
  { path: ["Address", "Town"], label: "Town", autocomplete: "address-level2" },
  { path: ["Address", "County"], label: "County" },
  { path: ["Address", "PostCode"], label: "Post code", autocomplete: "postal-code" },
  {
    path: ["Address", "CountryCode"],
    label: "Country",
    hint: "ISO 3166-1 alpha-2, e.g. DE",
    autocomplete: "country",
    normalise: countryCode,
  },
];

/** The first (and here only) intermediary bank: a `{ Type: "Bic", Bic }` item of IntermediaryPaymentRouting. */
export const intermediaryBicField: FieldSpec = {
  path: ["IntermediaryPaymentRouting", 0, "Bic"],
  label: "Intermediary bank BIC",
  hint: "Optional: the BIC of a corresponding bank",
  normalise: { schema: validateBic },
};

export const industryFields: readonly FieldSpec[] = [
  {
    path: ["IndustryId"],
    label: "Industry",
    options: [
      { value: "", label: "None" },
      ...sampleSectors.map((sector) => ({ value: String(sector.Id), label: sector.Name })),
    ],
  },
  { path: ["IndustryDetails"], label: "Industry details", hint: "Needed when the industry starts with “Other”" },
  {
    path: ["ReceiverLei"],
    label: "Receiver LEI",
    hint: "20 characters; needed for GBP payments to banks and building societies",
    normalise: { schema: validateLei, print: formatLei },
  },
];

export const referenceField: FieldSpec = { path: ["Reference"], label: "Reference", hint: "Up to 35 characters" };

/** One text field per key the RequiredAdditionalInformation rules ask for, under `AdditionalInformation`. */
export function additionalInformationFields(rules: readonly RequiredAdditionalInformation[]): readonly FieldSpec[] {
  // The API's items may lack a Field (the validators report those as invalid rules): no field to show for them.
  const keys = [
    ...new Set(rules.flatMap((rule) => (typeof rule.Field === "string" && rule.Field !== "" ? [rule.Field] : []))),
  ];
  return keys.map((key) => ({ path: ["AdditionalInformation", key], label: key, autocomplete: "off" }));
}
