/**
 * Builds the CreateWithdrawalBeneficiary body from the form's text, as typed: no trimming, no checks, no
 * conversions beyond the JSON types (IndustryId is an int). Blank fields are passed as they are; the
 * validators treat them as not given. The validators' success value is the normalised body that is sent.
 */
import type { FieldSpec } from "./fields/field-spec.js";
import type { FormState } from "./form-state.js";
import { sampleAccountId } from "./sample-context.js";

/** The fields visible now: the routing fields of the chosen type and the additional information asked for. */
export interface VisibleFields {
  readonly address: readonly FieldSpec[];
  readonly routing: readonly FieldSpec[];
  readonly additionalInformation: readonly FieldSpec[];
}

const isBlank = (text: string): boolean => text.trim() === "";

export function buildRequestBody(form: FormState, fields: VisibleFields): Record<string, unknown> {
  const text = (...path: (string | number)[]): string => form.get(path);
  /** `{ Street: "…", Town: "…" }` from fields whose paths end in those keys. */
  const object = (specs: readonly FieldSpec[]): Record<string, string> =>
    Object.fromEntries(specs.map((spec) => [String(spec.path[spec.path.length - 1]), form.get(spec.path)]));

  const intermediaryBic = text("IntermediaryPaymentRouting", 0, "Bic");
  const industryId = text("IndustryId");
  return {
    AccountId: sampleAccountId,
    Name: text("Name"),
    AccountHolderName: text("AccountHolderName"),
    CurrencyCode: text("CurrencyCode"),
    BeneficiaryType: text("BeneficiaryType"),
    Address: object(fields.address),
    PaymentRouting: {
      Type: form.routingType(),
      CountryCode: text("PaymentRouting", "CountryCode"),
      ...object(fields.routing),
    },
    // An empty optional list item is no item (the validators would report its missing Bic).
    IntermediaryPaymentRouting: isBlank(intermediaryBic) ? undefined : [{ Type: "Bic", Bic: intermediaryBic }],
    IndustryId: isBlank(industryId) ? undefined : Number(industryId),
    IndustryDetails: text("IndustryDetails"),
    AdditionalInformation: fields.additionalInformation.length === 0 ? undefined : object(fields.additionalInformation),
    ReceiverLei: text("ReceiverLei"),
    Reference: text("Reference"),
  };
}
